# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the handlers of /v2/metadefs share: finding a namespace as the
caller may see it, reading a body as Glance reads it, and the views of
what a namespace holds.

A private namespace is its owner's: to anyone else (but an admin) it does
not exist. Who may write is the policy's to say (admins, by default).
"""
from nova_lite.api.image import images
from nova_lite.api.image import metadef_schemas
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import metadef

NAMESPACES = '/v2/metadefs/namespaces'


def scope(req):
    """Whose namespaces the caller sees: None for an admin (every one)."""
    return None if req.context.is_admin else req.context.project_id


def namespace(req, name):
    return metadef.MetadefNamespace.get(req.context, name, scope(req))


def body(req, schema):
    """The request's body, checked: none is a 400 in Glance's words,
    what only the service sets a 403, anything the schema refuses a
    400."""
    if not req.body:
        raise exception.ValidationError(detail='Body expected in request.')
    sent = req.body_json()
    if isinstance(sent, dict):
        for name in metadef_schemas.READ_ONLY:
            if name in sent:
                raise exception.Forbidden(
                    message="Attribute '%s' is read-only." % name)
    validation.validate(schema, sent)
    return sent


def times(record):
    return {'created_at': images.timestamp(record.created_at),
            'updated_at': images.timestamp(record.updated_at or
                                           record.created_at)}


def object_view(record):
    """An object as Glance shows it: no ``properties`` when it has none."""
    body = {k: v for k, v in record.body.items()
            if k != 'properties' or v}
    return dict(body, name=record.name,
                schema='/v2/schemas/metadefs/object',
                self='%s/%s/objects/%s' % (NAMESPACES, record.namespace,
                                           record.name),
                **times(record))


def property_view(record):
    return dict(record.body, name=record.name)


def tag_view(record):
    return dict(name=record.name, **times(record))


def association_view(record):
    return dict(record.body, name=record.name, **times(record))


def namespace_view(ns):
    view = {'namespace': ns.namespace, 'visibility': ns.visibility,
            'protected': ns.protected, 'owner': ns.owner,
            'self': '%s/%s' % (NAMESPACES, ns.namespace),
            'schema': '/v2/schemas/metadefs/namespace'}
    for name in ('display_name', 'description'):
        if getattr(ns, name) is not None:
            view[name] = getattr(ns, name)
    return dict(view, **times(ns))


def records(names, kind, req):
    return metadef.MetadefRecordList.get_in(req.context, names, kind)


def get_record(req, namespace_name, kind, name):
    """A record of a namespace the caller sees (both looked up at
    once)."""
    return metadef.MetadefRecord.get(req.context, namespace_name, kind,
                                     name, scope(req))


def new_record(req, namespace_name, kind, name, body):
    return metadef.MetadefRecord(req.context, namespace=namespace_name,
                                 kind=kind, name=name, body=body)


def definition(sent):
    """What a body defines besides the name it gives."""
    return {k: v for k, v in sent.items() if k != 'name'}


def added(req, namespace_name, kind, schema):
    """A record of ``kind`` made from the body (``schema``) in a
    namespace the caller sees."""
    sent = body(req, schema)
    namespace(req, namespace_name)
    record = new_record(req, namespace_name, kind, sent['name'],
                        definition(sent))
    record.create()
    return record


def replaced(req, namespace_name, kind, name, schema):
    """The record replaced whole by the body (``schema``): it may be
    renamed."""
    sent = body(req, schema)
    record = get_record(req, namespace_name, kind, name)
    record.name, record.body = sent['name'], definition(sent)
    record.save(name)
    return record
