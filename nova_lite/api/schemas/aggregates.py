# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schemas of os-aggregates and os-availability-zone: requests, and the
answers per version (2.41 adds an aggregate's uuid)."""
import copy

from nova_lite.api.schemas import parameter_types as types

zone_name = dict(types.name, type=['string', 'null'])


def _wrap(key, properties, required=(), **extra):
    inner = dict({'type': 'object', 'properties': properties,
                  'additionalProperties': False}, **extra)
    if required:
        inner['required'] = list(required)
    return {'type': 'object', 'properties': {key: inner},
            'required': [key], 'additionalProperties': False}


create = _wrap('aggregate', {'name': types.name,
                             'availability_zone': zone_name}, ['name'])
update = _wrap('aggregate', {'name': types.name,
                             'availability_zone': zone_name},
               minProperties=1)
host = {'type': 'object',
        'properties': {'host': {'type': 'string', 'minLength': 1,
                                'maxLength': 255,
                                'pattern': '^[a-zA-Z0-9-._]*$'}},
        'required': ['host'], 'additionalProperties': False}
metadata = {'type': 'object',
            'properties': {'metadata': {
                'type': 'object',
                'patternProperties': {'^[a-zA-Z0-9-_:. /]{1,255}$': {
                    'type': ['string', 'null'], 'maxLength': 255}},
                'additionalProperties': False}},
            'required': ['metadata'], 'additionalProperties': False}

_time = {'type': ['string', 'null']}
_BRIEF = {'availability_zone': {'type': ['string', 'null']},
          'created_at': _time, 'deleted': {'type': 'boolean'},
          'deleted_at': _time, 'id': {'type': 'integer'},
          'name': {'type': 'string'}, 'updated_at': _time}
_FULL = dict(_BRIEF, hosts={'type': 'array', 'items': {'type': 'string'}},
             metadata={'type': 'object'})


def _object(properties):
    return {'type': 'object', 'properties': properties,
            'required': list(properties), 'additionalProperties': False}


def _with_uuid(properties):
    return dict(properties, uuid={'type': 'string', 'format': 'uuid'})


def one(properties):
    return {'type': 'object', 'properties': {'aggregate':
                                             _object(properties)},
            'required': ['aggregate'], 'additionalProperties': False}


created = one(_BRIEF)
created_v241 = one(_with_uuid(_BRIEF))
shown = one(_FULL)
shown_v241 = one(_with_uuid(_FULL))
listed = {'type': 'object',
          'properties': {'aggregates': {'type': 'array',
                                        'items': _object(_FULL)}},
          'required': ['aggregates'], 'additionalProperties': False}
listed_v241 = copy.deepcopy(listed)
listed_v241['properties']['aggregates']['items'] = _object(
    _with_uuid(_FULL))

# POST /os-aggregates/{id}/images (2.81): the images to fetch, by id.
cache_images = {
    'type': 'object',
    'properties': {'cache': {
        'type': 'array', 'minItems': 1,
        'items': {'type': 'object',
                  'properties': {'id': {'type': 'string',
                                        'format': 'uuid'}},
                  'required': ['id'], 'additionalProperties': False}}},
    'required': ['cache'],
    'additionalProperties': False,
}
