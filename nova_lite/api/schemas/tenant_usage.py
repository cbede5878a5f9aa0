# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Query schemas of os-simple-tenant-usage: 2.40 adds paging, 2.75
refuses parameters it does not know."""
from nova_lite.api.schemas import parameter_types as types

_strings = {'type': 'array', 'items': {'type': 'string'}}
_PAGING = {'limit': {'type': 'array',
                     'items': types.non_negative_integer()},
           'marker': _strings}


def _query(names, paging=False, strict=False):
    properties = {name: _strings for name in names}
    if paging:
        properties.update(_PAGING)
    return {'type': 'object', 'properties': properties,
            'additionalProperties': not strict}


index_query = _query(['start', 'end', 'detailed'])
index_query_v240 = _query(['start', 'end', 'detailed'], paging=True)
index_query_v275 = _query(['start', 'end', 'detailed'], True, True)
show_query = _query(['start', 'end'])
show_query_v240 = _query(['start', 'end'], paging=True)
show_query_v275 = _query(['start', 'end'], True, True)

_time = {'type': ['string', 'null']}
_number = {'type': 'number'}
_server_usage = {
    'type': 'object',
    'properties': {'ended_at': _time, 'flavor': {'type': 'string'},
                   'hours': _number, 'instance_id': {'type': 'string'},
                   'local_gb': {'type': 'integer'},
                   'memory_mb': {'type': 'integer'},
                   'name': {'type': 'string'}, 'started_at': _time,
                   'state': {'type': 'string'},
                   'tenant_id': {'type': 'string'},
                   'uptime': {'type': 'integer'},
                   'vcpus': {'type': 'integer'}},
    'additionalProperties': False}
_server_usage['required'] = sorted(_server_usage['properties'])
_usage = {
    'type': 'object',
    'properties': {'tenant_id': {'type': 'string'}, 'start': _time,
                   'stop': _time, 'total_hours': _number,
                   'total_local_gb_usage': _number,
                   'total_memory_mb_usage': _number,
                   'total_vcpus_usage': _number,
                   'server_usages': {'type': 'array',
                                     'items': _server_usage}},
    'additionalProperties': False}
_links = {'type': 'array', 'items': {'type': 'object'}}
usages = {'type': 'object', 'required': ['tenant_usages'],
          'properties': {'tenant_usages': {'type': 'array', 'items': _usage},
                         'tenant_usages_links': _links},
          'additionalProperties': False}
usage = {'type': 'object', 'required': ['tenant_usage'],
         'properties': {'tenant_usage': _usage,
                        'tenant_usage_links': _links},
         'additionalProperties': False}
