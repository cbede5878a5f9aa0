"""GET /v2/schemas/image(s) and /v2/schemas/member(s): the documents Glance's
clients read before they list or show an image (python-glanceclient builds
its image model from them, and checks each image it shows against it).

They are made from the same schemas that validate requests
(``schemas.ATTRIBUTES``, ``schemas.PROPERTY_VALUE``), plus the attributes
the service alone sets, so the two cannot drift.
"""
import copy

from nova_lite.api.image import schemas
from nova_lite.objects import image_member

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
    'owner': dict(_NULLABLE_TEXT, maxLength=255),
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
