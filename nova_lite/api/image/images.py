# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/images: create, list, show, update (JSON patch), delete, and the
image's bits at /v2/images/{image_id}/file.

An image is created ``queued``; its upload makes it ``saving`` and then
``active`` with its size and checksums, or ``queued`` again if the
upload breaks off. Properties other than the image's own attributes
(``kernel_id``, ``ramdisk_id``, ``os_command_line``...) are kept as
strings and shown at the top level of the image, as Glance does.
"""
import urllib.parse
import uuid

import webob

from nova_lite.api.image import heartbeat
from nova_lite.api.image import schemas
from nova_lite.api.image import store
from nova_lite.api import json_body
from nova_lite.api import policy
from nova_lite.api import validation
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite.objects import image as image_obj

CONF = nl_conf.CONF
OWN_ATTRIBUTES = ('id', 'name', 'status', 'visibility', 'protected',
                  'os_hidden', 'tags', 'container_format', 'disk_format',
                  'min_disk', 'min_ram', 'size', 'checksum', 'os_hash_algo',
                  'os_hash_value', 'owner', 'created_at', 'updated_at')
PUBLICIZE = 'image:publicize_image'
PATCH_TYPE = 'application/openstack-images-v2.1-json-patch'
# The draft-4 patch format, which Glance takes as well.
PATCH_TYPE_V2_0 = 'application/openstack-images-v2.0-json-patch'


def timestamp(value):
    """A time as Glance writes it (UTC, to the second)."""
    return value.strftime('%Y-%m-%dT%H:%M:%SZ') if value else None


def view(image):
    body = {name: getattr(image, name) for name in OWN_ATTRIBUTES}
    body.update(created_at=timestamp(image.created_at),
                updated_at=timestamp(image.updated_at or image.created_at),
                virtual_size=None,
                self='/v2/images/%s' % image.id,
                file='/v2/images/%s/file' % image.id,
                schema='/v2/schemas/image')
    for name, value in image.properties.items():
        body.setdefault(name, value)
    return body


def get(req, image_id):
    image = image_obj.Image.get_by_id(req.context, image_id)
    if not image.visible_to(req.context):
        raise exception.ImageNotFound(image_id=image_id)
    return image


def owned_by_caller(req, image):
    """Its project's, or any image for an admin."""
    return req.context.is_admin or image.owner == req.context.project_id


def get_own(req, image_id):
    """An image the caller may change."""
    image = get(req, image_id)
    check_owned(req, image)
    return image


def check_owned(req, image):
    """403 unless the caller may change ``image``."""
    if not owned_by_caller(req, image):
        raise exception.Forbidden(
            message='You are not permitted to modify image %s.' % image.id)


def require_octet_stream(req):
    """Image data is sent as application/octet-stream (415 if not)."""
    if req.content_type != 'application/octet-stream':
        raise exception.UnsupportedMediaType(
            message='Invalid content type %s' % req.content_type)


def move_status(image, status, expected):
    """Save ``image`` with ``status`` if its stored status is one of
    ``expected``; Glance's 409 if not."""
    current = image.status
    image.status = status
    try:
        image.save(expected_status=expected)
    except exception.ImageStatusConflict as error:
        image.status = current
        raise exception.Conflict(
            message='Image status transition from %s to %s is not allowed'
                    % (error.kwargs['status'], status))


def move_back(image, status, expected, **values):
    """Undo a move: ``status`` (and ``values``) if the stored status is
    still one of ``expected``; False when the image is gone or has moved
    on (nothing to undo then)."""
    image.status = status
    for name, value in values.items():
        setattr(image, name, value)
    try:
        image.save(expected_status=expected)
    except (exception.ImageNotFound, exception.ImageStatusConflict):
        return False
    return True


def _check_visibility(req, values):
    if values.get('visibility') == 'public':
        policy.enforce(req.context, PUBLICIZE)


def _split(body):
    """(the image's own attributes, its free-form properties)."""
    own = {k: v for k, v in body.items() if k in schemas.ATTRIBUTES}
    return own, {k: v for k, v in body.items() if k not in own}


def _owner(req, body):
    """The owner a create names: an admin's choice, or the caller's own
    project (the only one anyone else may name)."""
    owner = body.pop('owner', None)
    if owner is None or owner == req.context.project_id:
        return req.context.project_id
    if not isinstance(owner, str) or not 0 < len(owner) <= 255:
        raise exception.ValidationError(
            detail="Invalid input for field/attribute owner: %r" % (owner,))
    if not req.context.is_admin:
        raise exception.Forbidden(
            message="You are not permitted to create images owned by "
                    "'%s'." % owner)
    return owner


def new_image(req, body):
    """A queued image made from a create's body, checked as a create
    checks it (``POST /v2/images``, and an import task's
    ``image_properties``)."""
    owner = None
    if isinstance(body, dict):
        owner = _owner(req, body)
        schemas.check_not_read_only(body)
    validation.validate(schemas.create, body)
    own, properties = _split(body)
    _check_visibility(req, own)
    image = image_obj.Image(
        req.context, id=own.pop('id', None) or str(uuid.uuid4()),
        status=image_obj.QUEUED, owner=owner,
        visibility=own.pop('visibility', 'shared'), properties=properties,
        **own)
    image.create()
    return image


def create(req):
    image = new_image(req, req.body_json())
    headers = {'Location': '/v2/images/%s' % image.id}
    if CONF.image.enabled_import_methods:
        headers['OpenStack-image-import-methods'] = ','.join(
            CONF.image.enabled_import_methods)
    return 201, view(image), headers


def index(req):
    params = req.GET
    filters = {name: params.get(name) for name in schemas.LIST_FILTERS}
    filters.update(schemas.visibility_filter(params))
    filters['member_status'] = schemas.member_status(params)
    filters['os_hidden'] = schemas.hidden(params)
    limit = schemas.list_limit(params)
    sort_key, sort_dir = schemas.list_sort(params)
    images = image_obj.ImageList.get_all(
        req.context, filters, limit=limit, marker=params.get('marker'),
        sort_key=sort_key, sort_dir=sort_dir)
    return 200, dict(page_links(req, '/v2/images', images, limit),
                     images=[view(i) for i in images],
                     schema='/v2/schemas/images')


def page_links(req, path, rows, limit):
    """``first`` and, after a full page, ``next``: the request's own query
    with the marker moved on, as Glance links a list's pages."""
    params = [(k, v) for k, v in req.GET.items() if k != 'marker']
    links = {'first': path + ('?' + urllib.parse.urlencode(params)
                              if params else '')}
    if rows and len(rows) == limit:
        links['next'] = path + '?' + urllib.parse.urlencode(
            params + [('marker', rows[-1].id)])
    return links


def show(req, image_id):
    return 200, view(get(req, image_id))


def update(req, image_id):
    if req.content_type not in (PATCH_TYPE, PATCH_TYPE_V2_0):
        raise exception.UnsupportedMediaType(content_type=req.content_type)
    changes = json_body.loads(req.body, what='JSON patch')
    if req.content_type == PATCH_TYPE_V2_0:
        validation.validate(schemas.patch_v2_0, changes)
        changes = schemas.as_v2_1_patch(changes)
    validation.validate(schemas.patch, changes)
    image = get_own(req, image_id)
    values, properties = schemas.apply_patch(image.properties, changes)
    if 'owner' in values and not req.context.is_admin:
        raise exception.Forbidden(message="Owner can't be updated by non "
                                          "admin.")
    _check_visibility(req, values)
    for name, value in values.items():
        setattr(image, name, value)
    image.properties = properties
    image.save()
    return 200, view(image)


def delete(req, image_id):
    image = get_own(req, image_id)
    if image.protected:
        raise exception.Forbidden(message='Image %s is protected and cannot '
                                          'be deleted.' % image_id)
    image.destroy()
    req.environ[store.ENVIRON_KEY].delete(image_id)
    return 204, None


def upload(req, image_id):
    require_octet_stream(req)
    image = get_own(req, image_id)
    if not image.disk_format or not image.container_format:
        raise exception.Invalid(
            message='Properties disk_format and container_format must be '
                    'set prior to uploading image data.')
    move_status(image, image_obj.SAVING, [image_obj.QUEUED])
    image_store = req.environ[store.ENVIRON_KEY]
    try:
        size, md5, sha512 = image_store.write(
            image_id, req.body_file, req.content_length,
            heartbeat.of_image(image, image_obj.SAVING))
    except BaseException:
        move_back(image, image_obj.QUEUED, [image_obj.SAVING])
        raise
    image.status, image.size, image.checksum = image_obj.ACTIVE, size, md5
    image.os_hash_algo, image.os_hash_value = 'sha512', sha512
    image.save()
    return 204, None


def download(req, image_id):
    image = get(req, image_id)
    if image.status == image_obj.DEACTIVATED and not req.context.is_admin:
        raise exception.Forbidden(
            message='The requested image has been deactivated. Image data '
                    'download is forbidden.')
    if image.status not in (image_obj.ACTIVE, image_obj.DEACTIVATED):
        return 204, None
    image_store = req.environ[store.ENVIRON_KEY]
    response = webob.Response(content_type='application/octet-stream',
                              app_iter=image_store.chunks(image_id))
    response.content_length = image.size
    response.headers['Content-MD5'] = image.checksum
    return response
