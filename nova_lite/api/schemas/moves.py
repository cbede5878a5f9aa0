# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Bodies of the move actions and queries of os-migrations, per version:
2.56 lets ``migrate`` name a host; 2.59 pages migrations (``limit``,
``marker``) and filters them by ``changes-since``, 2.66 by
``changes-before``, 2.80 by ``user_id`` and ``project_id``."""
import copy

from nova_lite.api.schemas import parameter_types as types

resize = {
    'type': 'object',
    'properties': {
        'flavorRef': {'type': ['string', 'integer'], 'minLength': 1},
        'OS-DCF:diskConfig': {'type': 'string', 'enum': ['AUTO', 'MANUAL']},
    },
    'required': ['flavorRef'],
    'additionalProperties': False,
}
migrate_2_56 = {
    'type': ['object', 'null'],
    'properties': {'host': {'type': ['string', 'null'], 'minLength': 1,
                            'maxLength': 255,
                            'pattern': '^[a-zA-Z0-9-._:]*$'}},
    'additionalProperties': False,
}
_TEXT = {'type': 'array', 'items': {'type': 'string'}}
list_query = {
    'type': 'object',
    'properties': {name: _TEXT for name in (
        'hidden', 'host', 'instance_uuid', 'source_compute', 'status',
        'migration_type')},
    'additionalProperties': True,
}
list_query_2_59 = copy.deepcopy(list_query)
list_query_2_59['properties'].update({
    'limit': {'type': 'array', 'items': types.non_negative_integer()},
    'marker': _TEXT, 'changes-since': _TEXT})
list_query_2_59['additionalProperties'] = False
list_query_2_66 = copy.deepcopy(list_query_2_59)
list_query_2_66['properties']['changes-before'] = _TEXT
list_query_2_80 = copy.deepcopy(list_query_2_66)
list_query_2_80['properties'].update({'user_id': _TEXT,
                                      'project_id': _TEXT})
_NAME = {'type': ['string', 'null']}
migration = {
    'type': 'object',
    'properties': {
        'id': {'type': 'integer'}, 'uuid': {'type': 'string'},
        'created_at': {'type': 'string'}, 'updated_at': _NAME,
        'source_compute': _NAME, 'source_node': _NAME,
        'dest_compute': _NAME, 'dest_node': _NAME, 'dest_host': _NAME,
        'status': {'type': 'string'}, 'instance_uuid': {'type': 'string'},
        'old_instance_type_id': {'type': ['integer', 'null']},
        'new_instance_type_id': {'type': ['integer', 'null']},
        'migration_type': {'type': 'string'},
        'user_id': _NAME, 'project_id': _NAME,
        'links': {'type': 'array'},
    },
    'required': ['id', 'status', 'instance_uuid', 'created_at'],
    'additionalProperties': False,
}
migrations = {
    'type': 'object',
    'properties': {'migrations': {'type': 'array', 'items': migration},
                   'migrations_links': {'type': 'array'}},
    'required': ['migrations'],
    'additionalProperties': False,
}
_BYTES = {'type': ['integer', 'null']}
server_migration = {
    'type': 'object',
    'properties': dict(
        {name: migration['properties'][name] for name in (
            'id', 'uuid', 'created_at', 'updated_at', 'source_compute',
            'source_node', 'dest_compute', 'dest_node', 'dest_host',
            'status', 'user_id', 'project_id')},
        server_uuid={'type': 'string'},
        **{'%s_%s_bytes' % (what, part): _BYTES
           for what in ('memory', 'disk')
           for part in ('total', 'processed', 'remaining')}),
    'required': ['id', 'status', 'server_uuid', 'created_at',
                 'memory_total_bytes', 'disk_total_bytes'],
    'additionalProperties': False,
}
server_migrations = {
    'type': 'object',
    'properties': {'migrations': {'type': 'array',
                                  'items': server_migration}},
    'required': ['migrations'],
    'additionalProperties': False,
}
server_migration_one = {
    'type': 'object',
    'properties': {'migration': server_migration},
    'required': ['migration'],
    'additionalProperties': False,
}
_HOST = {'type': ['string', 'null'], 'minLength': 1, 'maxLength': 255,
         'pattern': '^[a-zA-Z0-9-._:]*$'}
_AUTO_OR_BOOLEAN = copy.deepcopy(types.boolean)
_AUTO_OR_BOOLEAN['enum'].append('auto')


def migrate_live_at(low):
    """os-migrateLive from ``low``: 2.25 takes ``block_migration: auto``
    and drops ``disk_over_commit``, 2.30 adds ``force``, 2.68 drops it."""
    minor = int(low.split('.')[1])
    properties = {'host': _HOST, 'block_migration': types.boolean,
                  'disk_over_commit': types.boolean}
    required = ['block_migration', 'disk_over_commit', 'host']
    if minor >= 25:
        properties['block_migration'] = _AUTO_OR_BOOLEAN
        del properties['disk_over_commit']
        required = ['block_migration', 'host']
    if 30 <= minor < 68:
        properties['force'] = types.boolean
    return {'type': 'object', 'properties': properties,
            'required': required, 'additionalProperties': False}


MIGRATE_LIVE_RANGES = [('2.1', '2.24'), ('2.25', '2.29'), ('2.30', '2.67'),
                       ('2.68', None)]


def evacuate_at(low):
    """evacuate from ``low``: 2.14 drops ``onSharedStorage``, 2.29 adds
    ``force``, 2.68 drops it."""
    minor = int(low.split('.')[1])
    properties = {'host': _HOST, 'adminPass': {'type': 'string'},
                  'onSharedStorage': types.boolean}
    required = ['onSharedStorage']
    if minor >= 14:
        del properties['onSharedStorage']
        required = []
    if 29 <= minor < 68:
        properties['force'] = types.boolean
    return {'type': 'object', 'properties': properties,
            'required': required, 'additionalProperties': False}


EVACUATE_RANGES = [('2.1', '2.13'), ('2.14', '2.28'), ('2.29', '2.67'),
                   ('2.68', None)]
force_complete = {
    'type': 'object',
    'properties': {'force_complete': {'type': 'null'}},
    'required': ['force_complete'],
    'additionalProperties': False,
}
