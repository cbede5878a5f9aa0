# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of /servers/{server_id}/metadata."""
import copy

from nova_lite.api.schemas import parameter_types as types

metadata_all = {
    'type': 'object',
    'properties': {'metadata': types.metadata},
    'required': ['metadata'],
    'additionalProperties': False,
}

_one_item = copy.deepcopy(types.metadata)
_one_item.update({'minProperties': 1, 'maxProperties': 1})
metadata_one = {
    'type': 'object',
    'properties': {'meta': _one_item},
    'required': ['meta'],
    'additionalProperties': False,
}
