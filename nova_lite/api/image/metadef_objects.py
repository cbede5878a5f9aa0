# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs/namespaces/{namespace}/objects: named groups of property
definitions (a namespace's "objects"), as Glance serves them. An update
replaces the object whole, and may rename it."""
from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite.objects import metadef


def _definition(sent):
    return {k: v for k, v in sent.items() if k != 'name'}


def index(req, namespace):
    metadefs.namespace(req, namespace)
    listed = metadefs.records([namespace], metadef.OBJECT, req)
    return 200, {'objects': [metadefs.object_view(r) for r in listed],
                 'schema': '/v2/schemas/metadefs/objects'}


def create(req, namespace):
    sent = metadefs.body(req, metadef_schemas.OBJECT)
    metadefs.namespace(req, namespace)
    record = metadefs.new_record(req, namespace, metadef.OBJECT, sent['name'],
                                 _definition(sent))
    record.create()
    return 201, metadefs.object_view(record)


def show(req, namespace, object_name):
    return 200, metadefs.object_view(metadefs.record(
        req, namespace, metadef.OBJECT, object_name))


def update(req, namespace, object_name):
    sent = metadefs.body(req, metadef_schemas.OBJECT)
    record = metadefs.record(req, namespace, metadef.OBJECT, object_name)
    record.name, record.body = sent['name'], _definition(sent)
    record.save(object_name)
    return 200, metadefs.object_view(record)


def delete(req, namespace, object_name):
    metadefs.record(req, namespace, metadef.OBJECT, object_name).destroy()
    return 204, None
