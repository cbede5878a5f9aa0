# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schemas of os-quota-sets and os-quota-class-sets, requests and
answers: nova-network's quotas go at 2.36, the personality files' at
2.57; quota classes show server groups only from 2.50 and lose
nova-network's there."""

from nova_lite.api.schemas import parameter_types as types
from nova_lite.objects import quotas

# -1 (no limit) or a count, as an integer or its decimal string.
_limit = {'type': ['integer', 'string'],
          'pattern': '^(-1|0|%s)$' % types.POSITIVE_DIGITS,
          'minimum': -1, 'maximum': types.MAX_INT}


def shown(version, classes=False):
    """The resources a quota set (or class set) shows at ``version``."""
    hidden = set()
    # A quota set drops nova-network's at 2.36; a class set only at 2.50.
    if version.matches('2.50' if classes else '2.36'):
        hidden.update(quotas.NETWORK_RESOURCES)
    if version.matches('2.57'):
        hidden.update(quotas.FILE_RESOURCES)
    if classes and not version.matches('2.50'):
        hidden.update(('server_groups', 'server_group_members'))
    return [name for name in quotas.RESOURCES if name not in hidden]


def _update(key, names, force=True):
    properties = {name: _limit for name in names}
    if force:
        properties['force'] = types.boolean
    return {'type': 'object',
            'properties': {key: {'type': 'object', 'properties': properties,
                                 'additionalProperties': False}},
            'required': [key], 'additionalProperties': False}


_ALL = list(quotas.RESOURCES)
_V236 = [n for n in _ALL if n not in quotas.NETWORK_RESOURCES]
_V257 = [n for n in _V236 if n not in quotas.FILE_RESOURCES]
# nova-network's own ``networks`` is taken below 2.36, then refused.
update = _update('quota_set', _ALL + ['networks'])
update_v236 = _update('quota_set', _V236)
update_v257 = _update('quota_set', _V257)

_NO_GROUPS = [n for n in _ALL
              if n not in ('server_groups', 'server_group_members')]
class_update = _update('quota_class_set', _NO_GROUPS + ['networks'], False)
class_update_v250 = _update('quota_class_set', _V236, False)
class_update_v257 = _update('quota_class_set', _V257, False)

query = {'type': 'object',
         'properties': {'user_id': {'type': 'array',
                                    'items': {'type': 'string'}}},
         'additionalProperties': True}
query_v275 = dict(query, additionalProperties=False)
no_query = {'type': 'object', 'properties': {}, 'additionalProperties': True}


def _answer(key, names, value, with_id):
    properties = {name: value for name in names}
    required = list(names)
    if with_id:
        properties['id'] = {'type': 'string'}
        required.append('id')
    return {'type': 'object', 'required': [key],
            'properties': {key: {'type': 'object', 'properties': properties,
                                 'required': required,
                                 'additionalProperties': False}},
            'additionalProperties': False}


_count = {'type': 'integer', 'minimum': -1}
_detail = {'type': 'object', 'required': ['in_use', 'limit', 'reserved'],
           'properties': {'in_use': _count, 'limit': _count,
                          'reserved': _count},
           'additionalProperties': False}
show = _answer('quota_set', _ALL, _count, True)
show_v236 = _answer('quota_set', _V236, _count, True)
show_v257 = _answer('quota_set', _V257, _count, True)
detail = _answer('quota_set', _ALL, _detail, True)
detail_v236 = _answer('quota_set', _V236, _detail, True)
detail_v257 = _answer('quota_set', _V257, _detail, True)
updated = _answer('quota_set', _ALL, _count, False)
updated_v236 = _answer('quota_set', _V236, _count, False)
updated_v257 = _answer('quota_set', _V257, _count, False)
class_show = _answer('quota_class_set', _NO_GROUPS, _count, True)
class_show_v250 = _answer('quota_class_set', _V236, _count, True)
class_show_v257 = _answer('quota_class_set', _V257, _count, True)
class_updated = _answer('quota_class_set', _NO_GROUPS, _count, False)
class_updated_v250 = _answer('quota_class_set', _V236, _count, False)
class_updated_v257 = _answer('quota_class_set', _V257, _count, False)
