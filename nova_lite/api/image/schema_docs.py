# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /v2/schemas/image(s) and /v2/schemas/member(s): the documents Glance's
clients read before they list or show an image (python-glanceclient builds
its image model from them, and checks each image it shows against it).

They are made from the same schemas that validate requests
(``schemas.ATTRIBUTES``, ``schemas.PROPERTY_VALUE``), plus the attributes
the service alone sets, so the two cannot drift.
"""
import copy

from nova_lite.api.image import metadef_schemas
from nova_lite.api.image import schemas
from nova_lite.objects import image_member
from nova_lite.objects import image_task

_STATUSES = ['queued', 'saving', 'active', 'killed', 'deleted', 'uploading',
             'importing', 'pending_delete', 'deactivated']
_NULLABLE_TEXT = {'type': ['null', 'string']}
# What only the service sets, shown with every image.
_READ_ONLY = {
    'status': {'type': 'string', 'enum': _STATUSES},
    'size': {'type': ['null', 'integer']},
    'virtual_size': {'type': ['null', 'integer']},
    'checksum': dict(_NULLABLE_TEXT, maxLength=32),
    'os_hash_algo': dict(_NULLABLE_TEXT, maxLength=64),
    'os_hash_value': dict(_NULLABLE_TEXT, maxLength=128),
    'created_at': {'type': 'string'},
    'updated_at': {'type': 'string'},
    'self': {'type': 'string'},
    'file': {'type': 'string'},
    'schema': {'type': 'string'},
    'direct_url': {'type': 'string'},
    'locations': {'type': 'array', 'items': {'type': 'object'}},
}


def image():
    properties = copy.deepcopy(schemas.ATTRIBUTES)
    for name, schema in _READ_ONLY.items():
        properties[name] = dict(schema, readOnly=True)
    return {
        'name': 'image',
        'properties': properties,
        'additionalProperties': copy.deepcopy(schemas.PROPERTY_VALUE),
        'links': [{'rel': 'self', 'href': '{self}'},
                  {'rel': 'enclosure', 'href': '{file}'},
                  {'rel': 'describedby', 'href': '{schema}'}],
    }


def images():
    return {
        'name': 'images',
        'properties': {
            'images': {'type': 'array', 'items': image()},
            'schema': {'type': 'string'},
            'first': {'type': 'string'},
            'next': {'type': 'string'},
        },
        'links': [{'rel': 'first', 'href': '{first}'},
                  {'rel': 'next', 'href': '{next}'},
                  {'rel': 'describedby', 'href': '{schema}'}],
    }


def member():
    return {
        'name': 'member',
        'properties': {
            'image_id': {'type': 'string'},
            'member_id': {'type': 'string'},
            'status': {'enum': list(image_member.STATUSES)},
            'created_at': {'type': 'string'},
            'updated_at': {'type': 'string'},
            'schema': {'type': 'string', 'readOnly': True},
        },
    }


def members():
    return {
        'name': 'members',
        'properties': {'members': {'type': 'array', 'items': member()},
                       'schema': {'type': 'string'}},
        'links': [{'rel': 'describedby', 'href': '{schema}'}],
    }


def show_member(req):
    return 200, member()


def show_members(req):
    return 200, members()


def show_image(req):
    return 200, image()


def show_images(req):
    return 200, images()


def _collection(name, item, links=True):
    """A list document: ``name`` holding ``item``s, with paging links."""
    body = {'name': name,
            'properties': {name: {'type': 'array', 'items': item},
                           'schema': {'type': 'string'},
                           'first': {'type': 'string'},
                           'next': {'type': 'string'}}}
    if links:
        body['links'] = [{'rel': 'first', 'href': '{first}'},
                         {'rel': 'next', 'href': '{next}'},
                         {'rel': 'describedby', 'href': '{schema}'}]
    return body


def task():
    text = {'type': 'string'}
    return {
        'name': 'task',
        'properties': {
            'id': dict(schemas.ATTRIBUTES['id']),
            'type': {'type': 'string', 'enum': [
                image_task.TASKS_API_IMPORT, image_task.IMPORT]},
            'status': {'type': 'string',
                       'enum': list(image_task.STATUSES)},
            'input': {'type': ['null', 'object']},
            'result': {'type': ['null', 'object']},
            'owner': dict(_NULLABLE_TEXT, maxLength=255),
            'message': text,
            'expires_at': _NULLABLE_TEXT,
            'created_at': text, 'updated_at': text,
            'self': text, 'schema': text,
        },
        # No 'required': glanceclient builds a task from this schema
        # field by field, starting from an empty one.
        'links': [{'rel': 'self', 'href': '{self}'},
                  {'rel': 'describedby', 'href': '{schema}'}],
    }


def tasks():
    item = task()
    for name in ('input', 'result', 'message'):
        del item['properties'][name]
    return _collection('tasks', item)


def show_task(req):
    return 200, task()


def show_tasks(req):
    return 200, tasks()


def _published(name, schema):
    return dict(copy.deepcopy(schema), name=name)


def show_metadefs_namespace(req):
    return 200, _published('namespace', metadef_schemas.NAMESPACE)


def show_metadefs_namespaces(req):
    return 200, _collection('namespaces', _published(
        'namespace', metadef_schemas.NAMESPACE))


def show_metadefs_resource_type(req):
    return 200, _published('resource_type_association',
                           metadef_schemas.ASSOCIATION)


def show_metadefs_resource_types(req):
    return 200, _collection('resource_type_associations', _published(
        'resource_type_association', metadef_schemas.ASSOCIATION))


def show_metadefs_property(req):
    return 200, _published('property', metadef_schemas.NAMED_PROPERTY)


def show_metadefs_properties(req):
    return 200, {'name': 'properties',
                 'properties': {'properties': {
                     'type': 'object',
                     'additionalProperties': metadef_schemas.PROPERTY},
                     'schema': {'type': 'string'}}}


def show_metadefs_object(req):
    return 200, _published('object', metadef_schemas.OBJECT)


def show_metadefs_objects(req):
    return 200, _collection('objects', _published(
        'object', metadef_schemas.OBJECT))


def show_metadefs_tag(req):
    return 200, _published('tag', metadef_schemas.TAG)


def show_metadefs_tags(req):
    return 200, _collection('tags', _published('tag', metadef_schemas.TAG))
