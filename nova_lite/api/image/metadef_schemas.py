# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The schemas of the metadata definitions catalogue: each validates what
a client sends and is what ``/v2/schemas/metadefs/...`` publishes (the
clients build their models from them), so the two cannot drift.

As in Glance, a property's definition is itself a small JSON schema (a
title and a type at least); an object holds such properties.
"""
_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string', None]
_NOT_NEGATIVE = {'type': 'integer', 'minimum': 0}
_NAMES = {'type': 'array', 'items': {'type': 'string'}, 'uniqueItems': True}
_TIME = {'type': 'string', 'format': 'date-time', 'readOnly': True}
_LINK = {'type': 'string', 'readOnly': True}
# What the service sets and a client may not send (403, as Glance).
READ_ONLY = ('self', 'schema', 'created_at', 'updated_at')

PROPERTY = {
    'type': 'object',
    'properties': {
        'name': {'type': 'string', 'maxLength': 255},
        'title': {'type': 'string'},
        'description': {'type': 'string'},
        'operators': {'type': 'array', 'items': {'type': 'string'}},
        'type': {'type': ['string', 'null'], 'enum': _TYPES},
        'required': _NAMES,
        'minimum': {'type': 'number'},
        'maximum': {'type': 'number'},
        'maxLength': _NOT_NEGATIVE,
        'minLength': _NOT_NEGATIVE,
        'pattern': {'type': 'string', 'format': 'regex'},
        'enum': {'type': 'array'},
        'readonly': {'type': 'boolean'},
        'default': {},
        'items': {'type': 'object', 'properties': {
            'type': {'type': ['string', 'null'], 'enum': _TYPES},
            'enum': {'type': 'array'}}},
        'maxItems': _NOT_NEGATIVE,
        'minItems': _NOT_NEGATIVE,
        'uniqueItems': {'type': 'boolean'},
        'additionalItems': {'type': 'boolean'},
    },
    'required': ['title', 'type'],
    'additionalProperties': False,
}
# A property as one creates or updates it alone: it names itself.
NAMED_PROPERTY = dict(PROPERTY, required=['name', 'title', 'type'])
# Properties by name; a name longer than its column holds is refused.
_PROPERTY_MAP = {'type': 'object',
                 'patternProperties': {'^.{1,255}$': PROPERTY},
                 'additionalProperties': False}

OBJECT = {
    'type': 'object',
    'properties': {
        'name': {'type': 'string', 'maxLength': 80},
        'description': {'type': 'string'},
        'required': _NAMES,
        'properties': _PROPERTY_MAP,
        'schema': _LINK, 'self': _LINK,
        'created_at': _TIME, 'updated_at': _TIME,
    },
    'required': ['name'],
    'additionalProperties': False,
}

TAG = {
    'type': 'object',
    'properties': {'name': {'type': 'string', 'minLength': 1,
                            'maxLength': 255},
                   'created_at': _TIME, 'updated_at': _TIME},
    'required': ['name'],
    'additionalProperties': False,
}
TAGS = {
    'type': 'object',
    'properties': {'tags': {'type': 'array', 'items': {
        'type': 'object',
        'properties': {'name': TAG['properties']['name']},
        'required': ['name'], 'additionalProperties': False}}},
    'required': ['tags'],
    'additionalProperties': False,
}

ASSOCIATION = {
    'type': 'object',
    'properties': {
        'name': {'type': 'string', 'minLength': 1, 'maxLength': 80},
        'prefix': {'type': 'string', 'maxLength': 80},
        'properties_target': {'type': 'string', 'maxLength': 80},
        'created_at': _TIME, 'updated_at': _TIME,
    },
    'required': ['name'],
    'additionalProperties': False,
}

NAMESPACE = {
    'type': 'object',
    'properties': {
        'namespace': {'type': 'string', 'minLength': 1, 'maxLength': 80},
        'display_name': {'type': 'string', 'maxLength': 80},
        'description': {'type': 'string', 'maxLength': 500},
        'visibility': {'type': 'string', 'enum': ['public', 'private']},
        'protected': {'type': 'boolean'},
        'owner': {'type': 'string', 'maxLength': 255},
        'created_at': _TIME, 'updated_at': _TIME,
        'schema': _LINK, 'self': _LINK,
        'resource_type_associations': {'type': 'array',
                                       'items': ASSOCIATION},
        'properties': _PROPERTY_MAP,
        'objects': {'type': 'array', 'items': OBJECT},
        'tags': {'type': 'array',
                 'items': TAGS['properties']['tags']['items']},
    },
    'required': ['namespace'],
    'additionalProperties': False,
}
