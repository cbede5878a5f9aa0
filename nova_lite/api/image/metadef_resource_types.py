# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Resource types of the metadata definitions catalogue, and the
associations of namespaces to them, as Glance serves them.

A resource type is one nova_lite knows (an image, a flavor, a server) or
one some namespace has been associated with; an association may give a
prefix that the resource's property names carry.
"""
from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite.objects import metadef

KNOWN = ('OS::Glance::Image', 'OS::Nova::Flavor', 'OS::Nova::Server')
_SINCE = '2026-11-23T00:00:00Z'


def index(req):
    names = sorted(set(KNOWN) | set(
        metadef.MetadefRecordList.resource_type_names(req.context)))
    return 200, {'resource_types': [
        {'name': name, 'created_at': _SINCE, 'updated_at': _SINCE}
        for name in names]}


def of_namespace(req, namespace):
    metadefs.namespace(req, namespace)
    listed = metadefs.records([namespace], metadef.RESOURCE_TYPE, req)
    return 200, {'resource_type_associations': [
        metadefs.association_view(r) for r in listed]}


def associate(req, namespace):
    return 201, metadefs.association_view(metadefs.added(
        req, namespace, metadef.RESOURCE_TYPE, metadef_schemas.ASSOCIATION))


def dissociate(req, namespace, resource_type):
    metadefs.get_record(req, namespace, metadef.RESOURCE_TYPE,
                        resource_type).destroy()
    return 204, None
