# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/images and /images/{id}/metadata (2.1 to 2.35; gone with 2.36, as
clients were sent to the image API itself).

Each call is the image API's, made with the caller's token
(``caller_images``), and answered in the compute API's old words: status
``ACTIVE``/``SAVING``/``DELETED``/``ERROR``/``UNKNOWN`` with a
``progress``, ``minRam``/``minDisk``, the image's own properties as its
``metadata``, the server a snapshot was taken of. Lists take ``name``,
``status``, ``changes-since``, ``server``, ``type``, ``minRam``,
``minDisk``, ``limit`` and ``marker``.
"""
from oslo_utils import strutils
from oslo_utils import timeutils

from nova_lite.api.compute import caller_images
from nova_lite.api.compute import links
from nova_lite.api.compute import metadata_items
from nova_lite.api.compute import pagination
from nova_lite.api.compute import query
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_metadata as schema
from nova_lite.api import validation
from nova_lite import exception

LAST = '2.35'
_STATUS = {'active': 'ACTIVE', 'queued': 'SAVING', 'saving': 'SAVING',
           'deleted': 'DELETED', 'pending_delete': 'DELETED',
           'killed': 'ERROR'}
_PROGRESS = {'queued': 25, 'saving': 50, 'active': 100}
# What the image API shows of an image that is not one of its properties.
_OWN = {'id', 'name', 'status', 'visibility', 'protected', 'os_hidden',
        'tags', 'container_format', 'disk_format', 'min_disk', 'min_ram',
        'size', 'virtual_size', 'checksum', 'os_hash_algo', 'os_hash_value',
        'owner', 'created_at', 'updated_at', 'self', 'file', 'schema',
        'direct_url', 'locations', 'stores'}


def properties(image):
    return {k: v for k, v in image.items() if k not in _OWN}


def _date(text):
    return timeutils.parse_isotime(text).strftime('%Y-%m-%dT%H:%M:%SZ') \
        if text else None


def _links(req, image_id):
    found = links.links(req, 'images', image_id)
    found.append({'rel': 'alternate',
                  'type': 'application/vnd.openstack.image',
                  'href': '%s/images/%s' % (
                      req.conf.glance.api_servers.rstrip('/'), image_id)})
    return found


def _brief(req, image):
    return {'id': image['id'], 'name': image.get('name'),
            'links': _links(req, image['id'])}


def _detail(req, image):
    metadata = properties(image)
    body = dict(_brief(req, image), **{
        'minRam': int(image.get('min_ram') or 0),
        'minDisk': int(image.get('min_disk') or 0),
        'metadata': metadata,
        'created': _date(image.get('created_at')),
        'updated': _date(image.get('updated_at')),
        'status': _STATUS.get(image.get('status'), 'UNKNOWN'),
        'progress': _PROGRESS.get(image.get('status'), 0),
        'OS-EXT-IMG-SIZE:size': image.get('size'),
    })
    server = metadata.get('instance_uuid')
    if server is not None:
        body['server'] = {'id': server,
                          'links': links.links(req, 'servers', server)}
    disk_config = metadata.get('auto_disk_config')
    if disk_config is not None:
        body['OS-DCF:diskConfig'] = (
            'AUTO' if strutils.bool_from_string(disk_config) else 'MANUAL')
    return body


def _wanted(req):
    """A test of each image for the filters the image API has no
    counterpart of."""
    since = req.GET.get('changes-since')
    if since is not None:
        since = query.time_of('changes-since', since)
    min_ram = query.minimum(req, 'minRam') or 0
    min_disk = query.minimum(req, 'minDisk') or 0
    tests = [lambda i: (i.get('min_ram') or 0) >= min_ram,
             lambda i: (i.get('min_disk') or 0) >= min_disk]
    for param, key in (('server', 'instance_uuid'), ('type', 'image_type')):
        if req.GET.get(param) is not None:
            tests.append(lambda i, k=key, v=req.GET[param]: i.get(k) == v)
    if since is not None:
        tests.append(lambda i: timeutils.normalize_time(
            timeutils.parse_isotime(i['updated_at'])) >= since)
    return lambda image: all(test(image) for test in tests)


def _list(req, view):
    limit, marker = pagination.page(req)
    params = {k: req.GET[k] for k in ('name',) if k in req.GET}
    if 'status' in req.GET:
        params['status'] = req.GET['status'].lower()
    if limit is not None:
        params['limit'] = limit
    if marker is not None:
        params['marker'] = marker
    wanted = _wanted(req)
    found = caller_images.CallerImages(req).list(params)['images']
    images = [view(req, i) for i in found if wanted(i)]
    body = pagination.body(req, 'images', images, limit)
    if limit is not None and len(found) < limit:
        body.pop('images_links', None)
    return 200, body


@microversion.since('2.1', LAST)
@validation.responds(200, responses.image_list)
def index(req):
    return _list(req, _brief)


@microversion.since('2.1', LAST)
@validation.responds(200, responses.image_detail_list)
def detail(req):
    return _list(req, _detail)


@microversion.since('2.1', LAST)
@validation.responds(200, responses.image_one)
def show(req, image_id):
    return 200, {'image': _detail(req, caller_images.CallerImages(
        req).show(image_id))}


@microversion.since('2.1', LAST)
@validation.responds(204, None)
def delete(req, image_id):
    caller_images.CallerImages(req).delete(image_id)
    return 204, None


def _metadata(req, image_id):
    return properties(caller_images.CallerImages(req).show(image_id))


def _write(req, image_id, wanted, replace):
    """The image's properties made ``wanted`` (with the others kept
    unless ``replace``), in one patch; no more of them than the project
    may give an item (403, as Nova, and nothing written)."""
    images = caller_images.CallerImages(req)
    current = properties(images.show(image_id))
    allowed = metadata_items.limit(req)
    if allowed is not None and len(
            wanted if replace else dict(current, **wanted)) > allowed:
        raise exception.Forbidden(message='Image metadata limit exceeded')
    changes = [{'op': 'replace' if k in current else 'add', 'path': '/' + k,
                'value': v} for k, v in wanted.items()]
    if replace:
        changes += [{'op': 'remove', 'path': '/' + k}
                    for k in current if k not in wanted]
    return properties(images.patch(image_id, changes))


@microversion.since('2.1', LAST)
@validation.responds(200, responses.metadata)
def metadata_index(req, image_id):
    return 200, {'metadata': _metadata(req, image_id)}


@microversion.since('2.1', LAST)
@validation.schema(schema.metadata_all)
@validation.responds(200, responses.metadata)
def metadata_create(req, image_id):
    return 200, {'metadata': _write(
        req, image_id, req.body_json()['metadata'], False)}


@microversion.since('2.1', LAST)
@validation.schema(schema.metadata_all)
@validation.responds(200, responses.metadata)
def metadata_update_all(req, image_id):
    return 200, {'metadata': _write(
        req, image_id, req.body_json()['metadata'], True)}


@microversion.since('2.1', LAST)
@validation.responds(200, responses.meta)
def metadata_show(req, image_id, key):
    return 200, metadata_items.item(_metadata(req, image_id), key)


@microversion.since('2.1', LAST)
@validation.schema(schema.metadata_one)
@validation.responds(200, responses.meta)
def metadata_update(req, image_id, key):
    meta = metadata_items.sent_for(req, key)
    _write(req, image_id, meta, False)
    return 200, {'meta': meta}


@microversion.since('2.1', LAST)
@validation.responds(204, None)
def metadata_delete(req, image_id, key):
    images = caller_images.CallerImages(req)
    if key not in properties(images.show(image_id)):
        raise exception.MetadataItemNotFound()
    images.patch(image_id, [{'op': 'remove', 'path': '/' + key}])
    return 204, None
