# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the flavor extra specs API (shape only)."""
from nova_lite.api.schemas import parameter_types as types

_specs = {
    'type': 'object',
    'patternProperties': {
        r'^[a-zA-Z0-9-_:. ]{1,255}$': types.extra_spec_value,
    },
    'additionalProperties': False,
}

create = {
    'type': 'object',
    'properties': {'extra_specs': _specs},
    'required': ['extra_specs'],
    'additionalProperties': False,
}

update = dict(_specs, minProperties=1, maxProperties=1)
