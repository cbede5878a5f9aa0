# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the flavor access actions."""

tenant = {
    'type': 'object',
    'properties': {
        'tenant': {'type': 'string', 'minLength': 1, 'maxLength': 255,
                   'pattern': '^[a-zA-Z0-9_.-]+$'},
    },
    'required': ['tenant'],
    'additionalProperties': False,
}

action = {
    'type': 'object',
    'properties': {'addTenantAccess': tenant, 'removeTenantAccess': tenant},
    'minProperties': 1,
    'maxProperties': 1,
    'additionalProperties': False,
}
