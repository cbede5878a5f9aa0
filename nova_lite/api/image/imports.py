# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The interoperable image import (Image API 2.6): ``GET /v2/info/import``,
``PUT /v2/images/{id}/stage`` and ``POST /v2/images/{id}/import``.

``glance-direct``: the data is staged (the image ``uploading``), then
imported. ``web-download``: the image API fetches it from a URL that the
operator's allow-list permits (off by default). An accepted import is a
202 and an ``api_image_import`` task; the importer does the rest.
"""
import uuid

from nova_lite.api.image import heartbeat
from nova_lite.api.image import images
from nova_lite.api.image import importer
from nova_lite.api.image import store
from nova_lite.api.image import web_download
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite.objects import image as image_obj
from nova_lite.objects import image_task

CONF = nl_conf.CONF
GLANCE_DIRECT, WEB_DOWNLOAD = 'glance-direct', 'web-download'
# The status an image must have for each method.
_READY = {GLANCE_DIRECT: image_obj.UPLOADING, WEB_DOWNLOAD: image_obj.QUEUED}


def enabled_methods():
    return list(CONF.image.enabled_import_methods)


def info(req):
    return 200, {'import-methods': {
        'description': 'Import methods available.', 'type': 'array',
        'value': enabled_methods()}}


def stores_info(req):
    raise exception.NotFound(
        message='Multi backend is not supported at this site.')


def stage(req, image_id):
    if GLANCE_DIRECT not in enabled_methods():
        raise exception.NotFound(message="'glance-direct' method is not "
                                         "available at this site.")
    images.require_octet_stream(req)
    image = images.get_own(req, image_id)
    images.move_status(image, image_obj.UPLOADING, [image_obj.QUEUED])
    image_store = req.environ[store.ENVIRON_KEY]
    try:
        image.size = image_store.stage(
            image_id, req.body_file, req.content_length,
            heartbeat.of_image(image, image_obj.UPLOADING))
        image.save(expected_status=[image_obj.UPLOADING])
    except BaseException:
        image_store.unstage(image_id)
        images.move_back(image, image_obj.QUEUED, [image_obj.UPLOADING],
                         size=None)
        raise
    return 204, None


def _method(body):
    """The import method a body asks for, checked as Glance checks it."""
    if not isinstance(body, dict) or 'method' not in body:
        raise exception.ValidationError(
            detail="Import request requires a 'method' field.")
    method = body['method']
    if not isinstance(method, dict) or 'name' not in method:
        raise exception.ValidationError(
            detail="Import request requires a 'name' field.")
    name = method['name']
    if not isinstance(name, str) or name not in enabled_methods():
        raise exception.ValidationError(
            detail="Unknown import method name '%s'." % (name,))
    for flag, default in (('all_stores_must_succeed', True),
                          ('all_stores', False)):
        if not isinstance(body.get(flag, default), bool):
            raise exception.ValidationError(
                detail="'%s' must be boolean value only" % flag)
    # With one store, "all stores must succeed" means nothing either way:
    # false is taken (Glance refuses it without multiple stores, but the
    # openstack client's `image import` sends it by default).
    return method


def _check_ready(image, name, image_store):
    if image.status == image_obj.ACTIVE:
        raise exception.Conflict(message='Image with status active cannot '
                                         'be target for import')
    if name == WEB_DOWNLOAD and image.status != image_obj.QUEUED:
        raise exception.Conflict(message="Image needs to be in 'queued' "
                                         "state to use 'web-download' "
                                         "method")
    if name == GLANCE_DIRECT and not (
            image.status == image_obj.UPLOADING and
            image_store.is_staged(image.id)):
        raise exception.Conflict(message="Image needs to be staged before "
                                         "'glance-direct' method can be "
                                         "used")
    for attribute in ('container_format', 'disk_format'):
        if not getattr(image, attribute):
            raise exception.Conflict(message="'%s' needs to be set before "
                                             "import" % attribute)


def import_image(req, image_id):
    method = _method(req.body_json())
    image = images.get(req, image_id)
    image_store = req.environ[store.ENVIRON_KEY]
    _check_ready(image, method['name'], image_store)
    images.check_owned(req, image)
    if method['name'] == WEB_DOWNLOAD and not web_download.allowed(
            CONF.image, method.get('uri')):
        raise exception.ValidationError(
            detail='URI for web-download does not pass filtering: %s'
                   % (method.get('uri'),))
    lock(image, _READY[method['name']])
    task = image_task.ImageTask(
        req.context, id=str(uuid.uuid4()), type=image_task.IMPORT,
        image_id=image_id, owner=req.context.project_id,
        user_id=req.context.user_id, request_id=req.context.request_id,
        input={'image_id': image_id, 'import_req': req.body_json(),
               'backend': [None]})
    try:
        task.create()
    except BaseException:
        images.move_back(image, _READY[method['name']],
                         [image_obj.IMPORTING])
        raise
    req.environ[importer.ENVIRON_KEY].submit(task.id)
    return 202, None


def lock(image, ready):
    """The image ``importing``: one import at a time."""
    image.status = image_obj.IMPORTING
    try:
        image.save(expected_status=[ready])
    except exception.ImageStatusConflict:
        raise exception.Conflict(
            message="New operation on image '%s' is not permitted as prior "
                    "operation is still in progress" % image.id)
