# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``resources{group}:``, ``trait{group}:`` and ``group_policy``: what a
flavor asks of the placement store, by request group."""
from nova_lite.resources.extra_specs import Parameter
from nova_lite.resources.extra_specs import Validator

_GROUP = Parameter('group', '([a-zA-Z0-9_-]{1,64})?',
                   'Request group suffix; empty for the unnamed group.')
_RESOURCE_CLASS = Parameter(
    'resource_class', '[A-Z][A-Z0-9_]{0,254}',
    'A standard resource class (VCPU, MEMORY_MB, DISK_GB, ...) or a '
    '``CUSTOM_`` one.')
_TRAIT = Parameter('trait', '[A-Z][A-Z0-9_]{0,254}',
                   'A standard trait or a ``CUSTOM_`` one.')

VALIDATORS = [
    Validator('resources{group}:{resource_class}',
              'Amount of a resource class the request group needs.',
              {'type': int, 'min': 0},
              parameters=(_GROUP, _RESOURCE_CLASS)),
    Validator('trait{group}:{trait}',
              'A trait the request group requires or forbids.',
              {'type': str, 'enum': ['required', 'forbidden']},
              parameters=(_GROUP, _TRAIT)),
    Validator('group_policy',
              'Whether numbered request groups may share providers.',
              {'type': str, 'enum': ['none', 'isolate']}),
]


def register():
    return VALIDATORS
