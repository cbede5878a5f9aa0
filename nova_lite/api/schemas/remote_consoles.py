# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request and response schemas of remote-consoles (2.6; 2.8 with
webmks, 2.99 with spice-direct), of the os-get*Console actions it
replaced (to 2.5) and of os-console-auth-tokens."""
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

create_response = {
    'type': 'object',
    'properties': {'remote_console': {
        'type': 'object',
        'properties': {'protocol': {'type': 'string'},
                       'type': {'type': 'string'},
                       'url': {'type': 'string', 'format': 'uri'}},
        'required': ['protocol', 'type', 'url'],
        'additionalProperties': False}},
    'required': ['remote_console'],
    'additionalProperties': False,
}


def _action(types):
    return {'type': 'object',
            'properties': {'type': {'enum': types}},
            'required': ['type'],
            'additionalProperties': False}


# The body of each os-get*Console action (the action's value) and the
# protocol it opens.
ACTIONS = {
    'os-getVNCConsole': ('vnc', _action(['novnc', 'xvpvnc'])),
    'os-getSPICEConsole': ('spice', _action(['spice-html5'])),
    'os-getRDPConsole': ('rdp', _action(['rdp-html5'])),
    'os-getSerialConsole': ('serial', _action(['serial'])),
}

action_response = {
    'type': 'object',
    'properties': {'console': {
        'type': 'object',
        'properties': {'type': {'type': 'string'},
                       'url': {'type': 'string', 'format': 'uri'}},
        'required': ['type', 'url'],
        'additionalProperties': False}},
    'required': ['console'],
    'additionalProperties': False,
}

_CONNECT_INFO = {
    'instance_uuid': {'type': 'string', 'format': 'uuid'},
    'host': {'type': 'string'},
    'port': {'type': 'integer'},
    'internal_access_path': {'type': ['string', 'null']},
}


def _token_response(extra):
    properties = dict(_CONNECT_INFO, **extra)
    return {'type': 'object',
            'properties': {'console': {
                'type': 'object', 'properties': properties,
                'required': sorted(properties),
                'additionalProperties': False}},
            'required': ['console'],
            'additionalProperties': False}


token_response = _token_response({})
token_response_2_99 = _token_response(
    {'tls_port': {'type': ['integer', 'null']}})
