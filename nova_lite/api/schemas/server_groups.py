# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schemas of os-server-groups: ``policies`` (one of them) to 2.63, soft
policies from 2.15, one ``policy`` with ``rules`` from 2.64."""
import copy

from nova_lite.api.schemas import parameter_types as types

_HARD = ['anti-affinity', 'affinity']
_ALL = _HARD + ['soft-anti-affinity', 'soft-affinity']


def _create(properties, required):
    return {'type': 'object',
            'properties': {'server_group': {
                'type': 'object', 'properties': properties,
                'required': required, 'additionalProperties': False}},
            'required': ['server_group'], 'additionalProperties': False}


def _policies(names):
    return {'type': 'array', 'items': {'type': 'string', 'enum': names},
            'uniqueItems': True, 'minItems': 1, 'maxItems': 1}


create = _create({'name': types.name, 'policies': _policies(_HARD)},
                 ['name', 'policies'])
create_v215 = _create({'name': types.name, 'policies': _policies(_ALL)},
                      ['name', 'policies'])
create_v264 = _create({
    'name': types.name,
    'policy': {'type': 'string', 'enum': _ALL},
    'rules': {'type': 'object',
              'properties': {'max_server_per_host':
                             types.non_negative_integer(1)},
              'additionalProperties': False}}, ['name', 'policy'])

index_query = {'type': 'object', 'properties': {
    'all_projects': {'type': 'array', 'items': {'type': 'string'}},
    'limit': {'type': 'array', 'items': types.non_negative_integer()},
    'offset': {'type': 'array', 'items': types.non_negative_integer()}},
    'additionalProperties': True}
index_query_v275 = copy.deepcopy(index_query)
index_query_v275['additionalProperties'] = False

_strings = {'type': 'array', 'items': {'type': 'string'}}


def _group(version_fields):
    properties = dict({'id': {'type': 'string'}, 'name': {'type': 'string'},
                       'members': _strings}, **version_fields)
    return {'type': 'object', 'properties': properties,
            'required': list(properties), 'additionalProperties': False}


_OWNER = {'project_id': {'type': 'string'}, 'user_id': {'type': 'string'}}
group = _group({'policies': _strings, 'metadata': {'type': 'object'}})
group_v213 = _group(dict(_OWNER, policies=_strings,
                         metadata={'type': 'object'}))
group_v264 = _group(dict(_OWNER, policy={'type': 'string'},
                         rules={'type': 'object'}))


def one(schema):
    return {'type': 'object', 'properties': {'server_group': schema},
            'required': ['server_group'], 'additionalProperties': False}


def many(schema):
    return {'type': 'object',
            'properties': {'server_groups': {'type': 'array',
                                             'items': schema}},
            'required': ['server_groups'], 'additionalProperties': False}
