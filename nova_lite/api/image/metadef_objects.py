# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs/namespaces/{namespace}/objects: named groups of property
definitions (a namespace's "objects"), as Glance serves them. An update
replaces the object whole, and may rename it."""
from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite.objects import metadef


def index(req, namespace):
    metadefs.namespace(req, namespace)
    listed = metadefs.records([namespace], metadef.OBJECT, req)
    return 200, {'objects': [metadefs.object_view(r) for r in listed],
                 'schema': '/v2/schemas/metadefs/objects'}


def create(req, namespace):
    return 201, metadefs.object_view(metadefs.added(
        req, namespace, metadef.OBJECT, metadef_schemas.OBJECT))


def show(req, namespace, object_name):
    return 200, metadefs.object_view(metadefs.get_record(
        req, namespace, metadef.OBJECT, object_name))


def update(req, namespace, object_name):
    return 200, metadefs.object_view(metadefs.replaced(
        req, namespace, metadef.OBJECT, object_name,
        metadef_schemas.OBJECT))


def delete(req, namespace, object_name):
    metadefs.get_record(req, namespace, metadef.OBJECT, object_name).destroy()
    return 204, None
