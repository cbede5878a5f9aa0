# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of remote-consoles: 2.6, 2.8 with webmks, 2.99 with
spice-direct."""
import copy

create_2_6 = {
    'type': 'object',
    'properties': {
        'remote_console': {
            'type': 'object',
            'properties': {
                'protocol': {'enum': ['vnc', 'spice', 'rdp', 'serial']},
                'type': {'enum': ['novnc', 'xvpvnc', 'rdp-html5',
                                  'spice-html5', 'serial']},
            },
            'required': ['protocol', 'type'],
            'additionalProperties': False,
        },
    },
    'required': ['remote_console'],
    'additionalProperties': False,
}

create_2_8 = copy.deepcopy(create_2_6)
_console = create_2_8['properties']['remote_console']['properties']
_console['protocol']['enum'].append('mks')
_console['type']['enum'].append('webmks')

create_2_99 = copy.deepcopy(create_2_8)
create_2_99['properties']['remote_console']['properties']['type'][
    'enum'].append('spice-direct')
