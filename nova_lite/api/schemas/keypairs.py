# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of os-keypairs: 2.2 adds a key's ``type``, 2.10 the
``user_id`` an admin acts for, 2.35 paging of the list, 2.92 requires the
``public_key`` (no key pair is generated any more)."""
import copy

from nova_lite.api.schemas import parameter_types as types

create = {
    'type': 'object',
    'properties': {
        'keypair': {
            'type': 'object',
            'properties': {
                'name': types.name,
                'public_key': {'type': 'string'},
            },
            'required': ['name'],
            'additionalProperties': False,
        },
    },
    'required': ['keypair'],
    'additionalProperties': False,
}

create_v22 = copy.deepcopy(create)
create_v22['properties']['keypair']['properties']['type'] = {
    'type': 'string', 'enum': ['ssh', 'x509']}

create_v210 = copy.deepcopy(create_v22)
# Nova leaves it unbounded; here longer than the column is a 400, not a
# database error.
create_v210['properties']['keypair']['properties']['user_id'] = {
    'type': 'string', 'maxLength': 255}

create_v292 = copy.deepcopy(create_v210)
create_v292['properties']['keypair']['required'] = ['name', 'public_key']

query_v210 = {
    'type': 'object',
    'properties': {'user_id': {'type': 'array',
                               'items': {'type': 'string'}}},
    'additionalProperties': True,
}

index_query_v235 = copy.deepcopy(query_v210)
index_query_v235['properties'].update({
    'limit': {'type': 'array', 'items': types.non_negative_integer()},
    'marker': {'type': 'array', 'items': {'type': 'string'}},
})
