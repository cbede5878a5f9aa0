# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs/namespaces/{namespace}/properties: a namespace's property
definitions (each a small JSON schema: a title, a type, limits), as Glance
serves them.

Asked with ``?resource_type=``, a property is named as that resource type
sees it: with the prefix of the namespace's association to it.
"""
from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite import exception
from nova_lite.objects import metadef


def index(req, namespace):
    metadefs.namespace(req, namespace)
    listed = metadefs.records([namespace], metadef.PROPERTY, req)
    return 200, {'properties': {r.name: dict(r.body) for r in listed}}


def create(req, namespace):
    return 201, metadefs.property_view(metadefs.added(
        req, namespace, metadef.PROPERTY, metadef_schemas.NAMED_PROPERTY))


def _unprefixed(req, namespace, name):
    """The property's own name, once the prefix of the association to
    the asked resource type is taken off."""
    wanted = req.GET.get('resource_type')
    if not wanted:
        return name
    association = metadefs.get_record(req, namespace,
                                      metadef.RESOURCE_TYPE, wanted)
    prefix = association.body.get('prefix')
    if not prefix or not name.startswith(prefix):
        raise exception.NotFound(
            message="Property %s does not start with the expected resource "
                    "type association prefix of '%s'." % (name, prefix))
    return name[len(prefix):]


def show(req, namespace, property_name):
    name = _unprefixed(req, namespace, property_name)
    return 200, metadefs.property_view(metadefs.get_record(
        req, namespace, metadef.PROPERTY, name))


def update(req, namespace, property_name):
    return 200, metadefs.property_view(metadefs.replaced(
        req, namespace, metadef.PROPERTY, property_name,
        metadef_schemas.NAMED_PROPERTY))


def delete(req, namespace, property_name):
    metadefs.get_record(req, namespace, metadef.PROPERTY,
                        property_name).destroy()
    return 204, None
