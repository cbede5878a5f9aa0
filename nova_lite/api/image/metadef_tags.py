# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs/namespaces/{namespace}/tags: the tags a namespace offers,
as Glance serves them.

``POST .../tags`` replaces the namespace's tags with those sent, unless
the ``X-Openstack-Append`` header is true; a tag sent twice, or one the
namespace already has when appending, is a 409 that changes nothing.
"""
from oslo_utils import strutils

from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite import exception
from nova_lite.objects import metadef


def index(req, namespace):
    metadefs.namespace(req, namespace)
    listed = metadefs.records([namespace], metadef.TAG, req)
    return 200, {'tags': [{'name': r.name} for r in listed]}


def create_many(req, namespace):
    sent = metadefs.body(req, metadef_schemas.TAGS)
    metadefs.namespace(req, namespace)
    names = [t['name'] for t in sent['tags']]
    repeated = next((n for n in names if names.count(n) > 1), None)
    if repeated is not None:
        raise exception.MetadefTagExists(name=repeated, namespace=namespace)
    append = strutils.bool_from_string(
        req.headers.get('X-Openstack-Append', 'false'))
    metadef.MetadefRecordList.add(
        req.context, namespace, metadef.TAG,
        [metadefs.new_record(req, namespace, metadef.TAG, n, {})
         for n in names],
        replace=not append)
    return 201, {'tags': [{'name': n} for n in names]}


def create(req, namespace, tag_name):
    metadefs.namespace(req, namespace)
    if len(tag_name) > metadef_schemas.TAG['properties']['name'][
            'maxLength']:
        raise exception.ValidationError(
            detail="Provided object does not match schema 'tag': '%s' is "
                   "too long" % tag_name[:64])
    record = metadefs.new_record(req, namespace, metadef.TAG, tag_name, {})
    record.create()
    return 201, metadefs.tag_view(record)


def show(req, namespace, tag_name):
    return 200, metadefs.tag_view(metadefs.get_record(
        req, namespace, metadef.TAG, tag_name))


def update(req, namespace, tag_name):
    """Rename the tag (a tag is only its name)."""
    return 200, metadefs.tag_view(metadefs.replaced(
        req, namespace, metadef.TAG, tag_name, metadef_schemas.TAG))


def delete(req, namespace, tag_name):
    metadefs.get_record(req, namespace, metadef.TAG, tag_name).destroy()
    return 204, None
