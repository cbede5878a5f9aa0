# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Query schemas of os-instance-actions (2.58 paging and changes-since,
2.66 changes-before)."""
import copy

from nova_lite.api.schemas import parameter_types as types

list_query_v258 = {
    'type': 'object',
    'properties': {
        'limit': {'type': 'array', 'items': types.non_negative_integer()},
        'marker': {'type': 'array', 'items': {'type': 'string'}},
        'changes-since': {'type': 'array', 'items': {'type': 'string'}},
    },
    'additionalProperties': False,
}

list_query_v266 = copy.deepcopy(list_query_v258)
list_query_v266['properties']['changes-before'] = {
    'type': 'array', 'items': {'type': 'string'}}
