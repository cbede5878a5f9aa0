# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schemas of GET /limits: its query and its answer per version."""
_ALL = ['maxImageMeta', 'maxPersonality', 'maxPersonalitySize',
        'maxSecurityGroupRules', 'maxSecurityGroups',
        'maxServerGroupMembers', 'maxServerGroups', 'maxServerMeta',
        'maxTotalCores', 'maxTotalFloatingIps', 'maxTotalInstances',
        'maxTotalKeypairs', 'maxTotalRAMSize', 'totalCoresUsed',
        'totalFloatingIpsUsed', 'totalInstancesUsed', 'totalRAMUsed',
        'totalSecurityGroupsUsed', 'totalServerGroupsUsed']
_NETWORK = {'maxSecurityGroupRules', 'maxSecurityGroups',
            'maxTotalFloatingIps', 'totalFloatingIpsUsed',
            'totalSecurityGroupsUsed'}
_V236 = [name for name in _ALL if name not in _NETWORK]
_V239 = [name for name in _V236 if name != 'maxImageMeta']
_V257 = [name for name in _V239
         if name not in ('maxPersonality', 'maxPersonalitySize')]


def _limits(names):
    absolute = {'type': 'object', 'required': names,
                'properties': {name: {'type': 'integer', 'minimum': -1}
                               for name in names},
                'additionalProperties': False}
    return {'type': 'object', 'required': ['limits'],
            'properties': {'limits': {
                'type': 'object', 'required': ['rate', 'absolute'],
                'properties': {'rate': {'type': 'array', 'maxItems': 0},
                               'absolute': absolute},
                'additionalProperties': False}},
            'additionalProperties': False}


limits = _limits(_ALL)
limits_v236 = _limits(_V236)
limits_v239 = _limits(_V239)
limits_v257 = _limits(_V257)

_param = {'type': 'array', 'items': {'type': 'string'}}
query = {'type': 'object',
         'properties': {'tenant_id': _param, 'reserved': _param},
         'additionalProperties': True}
query_v275 = dict(query, additionalProperties=False)
