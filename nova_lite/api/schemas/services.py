# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the os-services API: the 2.1 actions, 2.11's
force-down and 2.53's PUT /os-services/{service_id}."""

_name = {'type': 'string', 'minLength': 1, 'maxLength': 255}

enable = {
    'type': 'object',
    'properties': {'host': _name, 'binary': _name},
    'required': ['host', 'binary'],
    'additionalProperties': False,
}

disable_log_reason = {
    'type': 'object',
    'properties': {'host': _name, 'binary': _name,
                   'disabled_reason': {'type': 'string', 'minLength': 1,
                                       'maxLength': 255}},
    'required': ['host', 'binary', 'disabled_reason'],
    'additionalProperties': False,
}

force_down = {
    'type': 'object',
    'properties': {'host': _name, 'binary': _name,
                   'forced_down': {'type': 'boolean'}},
    'required': ['host', 'binary', 'forced_down'],
    'additionalProperties': False,
}

update = {
    'type': 'object',
    'properties': {
        'status': {'type': 'string', 'enum': ['enabled', 'disabled']},
        'disabled_reason': {'type': 'string', 'minLength': 1,
                            'maxLength': 255},
        'forced_down': {'type': 'boolean'},
    },
    'additionalProperties': False,
}
