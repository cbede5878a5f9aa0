# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schema of PUT /os-hosts/{host_name} (before 2.43)."""

_SWITCH = {'type': 'string',
           'enum': ['enable', 'disable', 'Enable', 'Disable', 'ENABLE',
                    'DISABLE']}

update = {
    'type': 'object',
    'properties': {'status': _SWITCH, 'maintenance_mode': _SWITCH},
    'anyOf': [{'required': ['status']},
              {'required': ['maintenance_mode']}],
    'additionalProperties': False,
}
