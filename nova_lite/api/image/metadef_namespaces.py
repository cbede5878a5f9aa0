# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs/namespaces: the namespaces of the metadata definitions
catalogue, as Glance serves them.

Dashboards read them to offer the properties an image or a flavor may
carry. A namespace is created with what it holds (properties, objects,
tags, resource type associations) in one go, or empty; an update replaces
its own attributes (not what it holds); a protected namespace cannot be
deleted, nor can what it holds.
"""
import urllib.parse

from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import metadefs
from nova_lite.api.image import schemas
from nova_lite import exception
from nova_lite.objects import metadef

_OWN = ('namespace', 'display_name', 'description', 'visibility',
        'protected', 'owner')
# Each list a namespace is created with, and its kind of record.
_HELD = {
    'objects': metadef.OBJECT,
    'tags': metadef.TAG,
    'resource_type_associations': metadef.RESOURCE_TYPE,
}
_VIEWS = {metadef.OBJECT: ('objects', metadefs.object_view),
          metadef.TAG: ('tags', lambda r: {'name': r.name}),
          metadef.RESOURCE_TYPE: ('resource_type_associations',
                                  metadefs.association_view)}


def _filters(params):
    visibility = params.get('visibility')
    if visibility not in (None, 'public', 'private'):
        raise exception.ValidationError(
            detail='Invalid visibility value: %s' % visibility)
    wanted = params.get('resource_types')
    return {'visibility': visibility,
            'resource_types': wanted.split(',') if wanted else None}


def _page_links(req, listed, limit):
    params = [(k, v) for k, v in req.GET.items() if k != 'marker']
    query = urllib.parse.urlencode(params)
    links = {'first': metadefs.NAMESPACES + ('?' + query if query else '')}
    if listed and len(listed) == limit:
        links['next'] = metadefs.NAMESPACES + '?' + urllib.parse.urlencode(
            params + [('marker', listed[-1].namespace)])
    return links


def index(req):
    key, direction = schemas.list_sort(req.GET, metadef.SORT_KEYS)
    limit = schemas.list_limit(req.GET)
    listed = metadef.MetadefNamespaceList.get_all(
        req.context, metadefs.scope(req), sort_key=key, sort_dir=direction,
        limit=limit, marker=req.GET.get('marker'), **_filters(req.GET))
    views = {ns.namespace: metadefs.namespace_view(ns) for ns in listed}
    for record in metadefs.records(list(views), metadef.RESOURCE_TYPE, req):
        views[record.namespace].setdefault(
            'resource_type_associations', []).append(
            metadefs.association_view(record))
    return 200, dict({'namespaces': [views[ns.namespace] for ns in listed],
                      'schema': '/v2/schemas/metadefs/namespaces'},
                     **_page_links(req, listed, limit))


def _held(req, sent, name):
    records = []
    for key, kind in _HELD.items():
        for entry in sent.get(key, ()):
            records.append(metadefs.new_record(
                req, name, kind, entry['name'], metadefs.definition(entry)))
    for prop, definition in sent.get('properties', {}).items():
        records.append(metadefs.new_record(req, name, metadef.PROPERTY, prop,
                                           definition))
    return records


def _detail(view, records, prefix=''):
    """The namespace's view with what it holds (each list only if not
    empty); property names start with ``prefix``."""
    for record in records:
        if record.kind == metadef.PROPERTY:
            view.setdefault('properties', {})[prefix + record.name] = dict(
                record.body)
            continue
        key, show = _VIEWS[record.kind]
        entry = show(record)
        if record.kind == metadef.OBJECT and prefix:
            entry = _prefixed_object(entry, prefix)
        view.setdefault(key, []).append(entry)
    return view


def _prefixed_object(entry, prefix):
    entry = dict(entry)
    if entry.get('properties'):
        entry['properties'] = {prefix + k: v for k, v in
                               entry['properties'].items()}
    if entry.get('required'):
        entry['required'] = [prefix + n for n in entry['required']]
    return entry


def create(req):
    sent = metadefs.body(req, metadef_schemas.NAMESPACE)
    ns = metadef.MetadefNamespace(req.context, **{
        k: sent[k] for k in _OWN if k in sent})
    if 'owner' not in sent:
        ns.owner = req.context.project_id
    held = _held(req, sent, ns.namespace)
    ns.create(held)
    return 201, _detail(metadefs.namespace_view(ns), held)


def _everything(req, name):
    return [r for kind in (metadef.RESOURCE_TYPE, metadef.OBJECT,
                           metadef.PROPERTY, metadef.TAG)
            for r in metadefs.records([name], kind, req)]


def show(req, namespace):
    ns = metadefs.namespace(req, namespace)
    held = _everything(req, namespace)
    wanted = req.GET.get('resource_type')
    prefix = next((r.body.get('prefix') or '' for r in held
                   if r.kind == metadef.RESOURCE_TYPE and r.name == wanted),
                  '')
    return 200, _detail(metadefs.namespace_view(ns), held, prefix)


def update(req, namespace):
    sent = metadefs.body(req, metadef_schemas.NAMESPACE)
    ns = metadefs.namespace(req, namespace)
    ns.namespace = sent['namespace']
    ns.display_name = sent.get('display_name')
    ns.description = sent.get('description')
    ns.visibility = sent.get('visibility', 'private')
    ns.protected = sent.get('protected', False)
    ns.owner = sent.get('owner', req.context.project_id)
    ns.save(namespace)
    return 200, metadefs.namespace_view(ns)


def delete(req, namespace):
    metadefs.namespace(req, namespace).destroy()
    return 204, None


def _emptier(kind):
    def empty(req, namespace):
        metadefs.namespace(req, namespace)
        metadef.MetadefRecordList.destroy_all(req.context, namespace, kind)
        return 204, None
    return empty


delete_objects = _emptier(metadef.OBJECT)
delete_properties = _emptier(metadef.PROPERTY)
delete_tags = _emptier(metadef.TAG)
