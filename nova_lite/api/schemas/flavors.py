# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the flavors API."""
import copy

from nova_lite.api.schemas import parameter_types as types

create = {
    'type': 'object',
    'properties': {
        'flavor': {
            'type': 'object',
            'properties': {
                'name': types.name,
                'id': types.flavor_id,
                'ram': types.non_negative_integer(1),
                'vcpus': types.non_negative_integer(1),
                'disk': types.non_negative_integer(0),
                'OS-FLV-EXT-DATA:ephemeral': types.non_negative_integer(0),
                'swap': types.non_negative_integer(0),
                'rxtx_factor': {'type': ['number', 'string'],
                                'pattern': r'^[0-9]+(\.[0-9]+)?$',
                                'minimum': 0, 'exclusiveMinimum': True,
                                'maximum': 3.40282e+38},
                'os-flavor-access:is_public': types.boolean,
            },
            'required': ['name', 'ram', 'vcpus', 'disk'],
            'additionalProperties': False,
        },
    },
    'required': ['flavor'],
    'additionalProperties': False,
}

description = {'type': ['string', 'null'], 'minLength': 0,
               'maxLength': 65535,
               'pattern': r'^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$'}

create_2_55 = copy.deepcopy(create)
create_2_55['properties']['flavor']['properties']['description'] = \
    description

# 2.102 drops rxtx_factor, a nova-network leftover, from the body.
create_2_102 = copy.deepcopy(create_2_55)
del create_2_102['properties']['flavor']['properties']['rxtx_factor']

# GET /flavors/{id} takes no query parameter; from 2.102 one is a 400.
show_query_2_102 = {'type': 'object', 'properties': {},
                    'additionalProperties': False}

update = {
    'type': 'object',
    'properties': {
        'flavor': {
            'type': 'object',
            'properties': {'description': description},
            'required': ['description'],
            'additionalProperties': False,
        },
    },
    'required': ['flavor'],
    'additionalProperties': False,
}
