# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the servers API, per microversion.

``create_at(version)`` builds the boot body's schema for one version
range (every version takes a key pair, zone, user data, metadata, config
drive, admin password, access addresses, disk config and scheduler
hints; to 2.56 ``personality`` files): 2.19 adds ``description``, 2.32
(only) and 2.42 a block device mapping's ``tag``, 2.37 makes
``networks`` required (and allows 'auto' and 'none'), 2.52 adds
``tags``, 2.63 ``trusted_image_certificates``, 2.67 a mapping's
``volume_type``, 2.74 ``host`` and ``hypervisor_hostname``.
``CREATE_RANGES`` lists the ranges.
"""
import copy

from nova_lite.api.schemas import parameter_types as types

description = {'type': ['string', 'null'], 'maxLength': 255,
               'pattern': r'^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$'}

tag = {'type': 'string', 'minLength': 1, 'maxLength': 60,
       'pattern': '^[^,/]*$'}
tags = {'type': 'array', 'items': tag, 'maxItems': 50}

_network = {
    'type': 'object',
    'properties': {
        'uuid': {'type': 'string', 'format': 'uuid'},
        'port': {'type': ['string', 'null'], 'format': 'uuid'},
        'fixed_ip': {'type': 'string'},
        'tag': tag,
    },
    'additionalProperties': False,
}

_hostname = {'type': 'string', 'minLength': 1, 'maxLength': 255,
             'pattern': r'^[a-zA-Z0-9-._]*$'}
# The hostname a server's guest is given: one DNS label from 2.90, a
# fully qualified name (the host pattern above) from 2.94.
_hostname_label = {'type': 'string', 'minLength': 2, 'maxLength': 63,
                   'pattern': r'^[a-zA-Z0-9]+[a-zA-Z0-9-]*[a-zA-Z0-9]+$'}
HOSTNAME_FROM = '2.90'


def _guest_hostname(minor):
    return _hostname if minor >= 94 else _hostname_label


_text255 = {'type': 'string', 'maxLength': 255}
_legacy_mapping = {
    'type': 'object',
    'properties': {
        'virtual_name': _text255,
        'volume_id': {'type': 'string', 'format': 'uuid'},
        'snapshot_id': _text255,
        'volume_size': {'type': ['integer', 'string'],
                        'pattern': '^[0-9]+$', 'minimum': 1,
                        'maximum': 2147483647},
        'device_name': {'type': 'string', 'minLength': 1, 'maxLength': 255,
                        'pattern': '^[a-zA-Z0-9._/-]*$'},
        'delete_on_termination': types.boolean,
        'no_device': {},
        'connection_info': {'type': 'string', 'maxLength': 16777215},
    },
    'additionalProperties': False,
}
# A block device mapping (v2): where a disk comes from and goes to.
_mapping = copy.deepcopy(_legacy_mapping)
_mapping['properties'].update({
    'source_type': {'type': 'string',
                    'enum': ['volume', 'image', 'snapshot', 'blank']},
    'uuid': {'type': 'string', 'minLength': 1, 'maxLength': 255,
             'pattern': '^[a-zA-Z0-9._-]*$'},
    'image_id': _text255,
    'destination_type': {'type': 'string', 'enum': ['local', 'volume']},
    'guest_format': _text255,
    'device_type': _text255,
    'disk_bus': _text255,
    'boot_index': {'type': ['integer', 'string', 'null'],
                   'pattern': '^-?[0-9]+$'},
})
_security_groups = {'type': 'array', 'items': {
    'type': 'object', 'properties': {'name': types.name},
    'additionalProperties': False}}

_BASE = {
    'name': types.name,
    'flavorRef': {'type': ['string', 'integer'], 'minLength': 1},
    'imageRef': {'type': 'string', 'maxLength': 255},
    'networks': {'type': 'array', 'items': _network},
    'min_count': types.server_count,
    'max_count': types.server_count,
    'return_reservation_id': types.boolean,
    'block_device_mapping': {'type': 'array', 'items': _legacy_mapping},
    'block_device_mapping_v2': {'type': 'array', 'items': _mapping},
    'security_groups': _security_groups,
    'key_name': types.name,
    'availability_zone': types.name,
    'user_data': {'type': 'string', 'format': 'base64', 'maxLength': 65535},
    'metadata': types.metadata,
    'config_drive': types.boolean,
    'adminPass': {'type': 'string'},
    'accessIPv4': {'type': 'string', 'format': 'ipv4'},
    'accessIPv6': {'type': 'string', 'format': 'ipv6'},
    'OS-DCF:diskConfig': {'type': 'string', 'enum': ['AUTO', 'MANUAL']},
}

# Files to put in the guest (through its config drive), to 2.56.
personality = {
    'type': 'array',
    'items': {
        'type': 'object',
        'properties': {
            'path': {'type': 'string'},
            'contents': {'type': 'string', 'format': 'base64'},
        },
        'additionalProperties': False,
    },
}

_uuid = {'type': 'string', 'format': 'uuid'}
_one_or_more_uuids = {'oneOf': [
    _uuid, {'type': 'array', 'items': _uuid}]}
# Hints the filters read; others are kept as they are (Nova allows any).
scheduler_hints = {
    'type': 'object',
    'properties': {
        'group': _uuid,
        'different_host': _one_or_more_uuids,
        'same_host': _one_or_more_uuids,
        'query': {'type': ['string', 'object']},
        'target_cell': types.name,
        'different_cell': {'type': ['string', 'array'],
                           'items': {'type': 'string'}},
        'build_near_host_ip': {'type': 'string', 'format': 'ipv4'},
        'cidr': {'type': 'string', 'pattern': '^/[0-9a-f.:]+$'},
    },
    'additionalProperties': True,
}

CREATE_RANGES = [('2.1', '2.18'), ('2.19', '2.31'), ('2.32', '2.32'),
                 ('2.33', '2.36'), ('2.37', '2.41'), ('2.42', '2.51'),
                 ('2.52', '2.56'), ('2.57', '2.62'), ('2.63', '2.66'),
                 ('2.67', '2.73'), ('2.74', '2.89'), ('2.90', '2.93'),
                 ('2.94', None)]


def _properties(low):
    minor = int(low.split('.')[1])
    properties = copy.deepcopy(_BASE)
    if minor >= 19:
        properties['description'] = description
    if minor >= 37:
        properties['networks'] = {'oneOf': [
            {'type': 'string', 'enum': ['none', 'auto']},
            {'type': 'array', 'items': _network}]}
    mapping = properties['block_device_mapping_v2']['items']
    if minor == 32 or minor >= 42:
        mapping['properties']['tag'] = tag
    if minor >= 67:
        mapping['properties']['volume_type'] = {
            'type': ['string', 'null'], 'minLength': 0, 'maxLength': 255}
    if minor >= 52:
        properties['tags'] = tags
    if minor >= 63:
        properties['trusted_image_certificates'] = {
            'type': ['array', 'null'], 'minItems': 1, 'maxItems': 50,
            'uniqueItems': True,
            'items': {'type': 'string', 'minLength': 1}}
    if minor <= 56:
        properties['personality'] = personality
    if minor >= 74:
        properties['host'] = _hostname
        properties['hypervisor_hostname'] = _hostname
    if minor >= 90:
        properties['hostname'] = _guest_hostname(minor)
    return properties


def create_at(low):
    required = ['name', 'flavorRef']
    if int(low.split('.')[1]) >= 37:
        required.append('networks')
    return {
        'type': 'object',
        'properties': {
            'server': {
                'type': 'object',
                'properties': copy.deepcopy(_properties(low)),
                'required': required,
                'additionalProperties': False,
            },
            'os:scheduler_hints': scheduler_hints,
            'OS-SCH-HNT:scheduler_hints': scheduler_hints,
        },
        'required': ['server'],
        'additionalProperties': False,
    }


UPDATE_RANGES = [('2.1', '2.18'), ('2.19', '2.89'), ('2.90', '2.93'),
                 ('2.94', '2.103'), ('2.104', None)]

# 2.104: a zone's name to pin the server to (its own zone), or null to
# unpin it.
pinned_zone = {'type': ['string', 'null'], 'minLength': 1,
               'maxLength': 255,
               'pattern': r'^[^:]*$'}


def update_at(low):
    properties = {'name': types.name,
                  'accessIPv4': _BASE['accessIPv4'],
                  'accessIPv6': _BASE['accessIPv6'],
                  'OS-DCF:diskConfig': _BASE['OS-DCF:diskConfig']}
    minor = int(low.split('.')[1])
    if minor >= 19:
        properties['description'] = description
    if minor >= 90:
        properties['hostname'] = _guest_hostname(minor)
    if minor >= 104:
        properties['pinned_availability_zone'] = pinned_zone
    return {
        'type': 'object',
        'properties': {'server': {
            'type': 'object', 'properties': properties,
            'additionalProperties': False}},
        'required': ['server'],
        'additionalProperties': False,
    }


one_tag = {'type': 'object', 'properties': {'tag': tag}}

tags_update_all = {
    'type': 'object',
    'properties': {'tags': tags},
    'required': ['tags'],
    'additionalProperties': False,
}

lock = {
    'oneOf': [
        {'type': 'null'},
        {'type': 'object', 'properties': {
            'locked_reason': {'type': 'string', 'minLength': 1,
                              'maxLength': 255}},
         'additionalProperties': False},
    ],
}
lock_2_1 = {'type': ['object', 'null']}
unlock = {'type': ['object', 'null']}

power = {'type': ['object', 'null']}
reboot = {
    'type': 'object',
    'properties': {'type': {
        'type': 'string',
        'pattern': '^([Ss][Oo][Ff][Tt]|[Hh][Aa][Rr][Dd])$'}},
    'required': ['type'],
    'additionalProperties': False,
}
console_output = {
    'type': ['object', 'null'],
    'properties': {'length': {
        'type': ['integer', 'string', 'null'], 'pattern': '^-?[0-9]+$',
        'minimum': -1}},
    'additionalProperties': False,
}
# Bodies Nova does not check (any value is taken).
_anything = {}
trigger_crash_dump = {'type': 'null'}
reset_state = {
    'type': 'object',
    'properties': {'state': {'type': 'string', 'enum': ['active', 'error']}},
    'required': ['state'],
    'additionalProperties': False,
}
change_password = {
    'type': 'object',
    'properties': {'adminPass': {'type': 'string'}},
    'required': ['adminPass'],
    'additionalProperties': False,
}
create_image = {
    'type': 'object',
    'properties': {'name': types.name, 'metadata': types.metadata},
    'required': ['name'],
    'additionalProperties': False,
}
unshelve_2_77 = {
    'type': ['object', 'null'],
    'properties': {'availability_zone': types.name},
    'additionalProperties': False,
}
# 2.91: a host to unshelve to (admins), and a null zone to unpin the
# server from the one it was in.
unshelve_2_91 = {
    'type': ['object', 'null'],
    'properties': {
        'availability_zone': {'oneOf': [{'type': 'null'}, types.name]},
        'host': _hostname},
    'additionalProperties': False,
}


def rebuild_at(low):
    """The rebuild body for versions from ``low``: 2.19 adds its
    ``description``, 2.54 ``key_name`` (null: none), 2.57 ``user_data``
    (null: none), 2.63 ``trusted_image_certificates``, 2.90 ``hostname``
    (2.94: fully qualified)."""
    minor = int(low.split('.')[1])
    properties = {
        'imageRef': {'type': 'string', 'minLength': 1, 'maxLength': 255},
        'name': types.name,
        'adminPass': {'type': 'string'},
        'metadata': types.metadata,
        'preserve_ephemeral': types.boolean,
        'accessIPv4': _BASE['accessIPv4'],
        'accessIPv6': _BASE['accessIPv6'],
        'OS-DCF:diskConfig': _BASE['OS-DCF:diskConfig'],
    }
    if minor >= 19:
        properties['description'] = description
    if minor <= 56:
        properties['personality'] = personality
    if minor >= 54:
        properties['key_name'] = {'anyOf': [types.name, {'type': 'null'}]}
    if minor >= 57:
        properties['user_data'] = {'anyOf': [_BASE['user_data'],
                                             {'type': 'null'}]}
    if minor >= 63:
        properties['trusted_image_certificates'] = {
            'type': ['array', 'null'], 'minItems': 1, 'maxItems': 50,
            'uniqueItems': True, 'items': {'type': 'string',
                                           'minLength': 1}}
    if minor >= 90:
        properties['hostname'] = _guest_hostname(minor)
    if minor >= 104:
        properties['pinned_availability_zone'] = pinned_zone
    return {'type': 'object', 'properties': copy.deepcopy(properties),
            'required': ['imageRef'], 'additionalProperties': False}


REBUILD_RANGES = [('2.1', '2.18'), ('2.19', '2.53'), ('2.54', '2.56'),
                  ('2.57', '2.62'), ('2.63', '2.89'), ('2.90', '2.93'),
                  ('2.94', None)]  # 2.57: no personality

create_backup = {
    'type': 'object',
    'properties': {
        'name': types.name,
        'backup_type': {'type': 'string'},
        'rotation': types.non_negative_integer(),
        'metadata': types.metadata,
    },
    'required': ['name', 'backup_type', 'rotation'],
    'additionalProperties': False,
}
security_group_action = {
    'type': 'object',
    'properties': {'name': {'type': 'string', 'minLength': 1}},
    'required': ['name'],
    'additionalProperties': False,
}
rescue = {
    'type': ['object', 'null'],
    'properties': {'adminPass': {'type': 'string'},
                   'rescue_image_ref': {'type': 'string', 'format': 'uuid'}},
    'additionalProperties': False,
}
rescue_response = {'type': 'object',
                   'properties': {'adminPass': {'type': 'string'}},
                   'additionalProperties': False}
_ACTIONS = {'unlock': unlock, 'os-stop': power, 'os-start': power,
            'reboot': reboot, 'os-getConsoleOutput': console_output,
            'pause': _anything, 'unpause': _anything, 'suspend': _anything,
            'resume': _anything, 'trigger_crash_dump': _anything,
            'os-resetState': reset_state, 'changePassword': change_password,
            'createImage': create_image, 'shelve': _anything,
            'shelveOffload': _anything, 'unshelve': _anything,
            'rebuild': _anything, 'rescue': _anything,
            'createBackup': create_backup, 'forceDelete': _anything,
            'restore': _anything, 'addSecurityGroup': _anything,
            'removeSecurityGroup': _anything, 'addFloatingIp': _anything,
            'removeFloatingIp': _anything, 'addFixedIp': _anything,
            'removeFixedIp': _anything, 'os-getVNCConsole': _anything,
            'os-getSPICEConsole': _anything, 'os-getRDPConsole': _anything,
            'os-getSerialConsole': _anything,
            'unrescue': _anything, 'resize': _anything,
            'confirmResize': _anything, 'revertResize': _anything,
            'migrate': _anything, 'os-migrateLive': _anything,
            'evacuate': _anything, 'injectNetworkInfo': _anything,
            'resetNetwork': _anything}

action = {
    'type': 'object',
    'properties': dict(_ACTIONS, lock=lock_2_1),
    'minProperties': 1,
    'maxProperties': 1,
    'additionalProperties': False,
}
action_2_73 = dict(action, properties=dict(_ACTIONS, lock=lock))

console_output_response = {
    'type': 'object',
    'properties': {'output': {'type': 'string'}},
    'required': ['output'],
    'additionalProperties': False,
}
