# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Aggregates are the operator's; the zones they make are everyone's to
list, their hosts and services only an admin's."""
from nova_lite.api.policies import base

_PATH = '/os-aggregates'
_ONE = _PATH + '/{aggregate_id}'
_ACTION = _ONE + '/action'

RULES = [
    base.rule('os-aggregates:index', base.ADMIN, 'GET', _PATH,
              'List the aggregates.'),
    base.rule('os-aggregates:create', base.ADMIN, 'POST', _PATH,
              'Create an aggregate.'),
    base.rule('os-aggregates:show', base.ADMIN, 'GET', _ONE,
              'Show an aggregate.'),
    base.rule('os-aggregates:update', base.ADMIN, 'PUT', _ONE,
              "Rename an aggregate or change its zone."),
    base.rule('os-aggregates:delete', base.ADMIN, 'DELETE', _ONE,
              'Delete an aggregate with no hosts.'),
    base.rule('os-aggregates:add_host', base.ADMIN, 'POST', _ACTION,
              'Add a host to an aggregate (add_host).'),
    base.rule('os-aggregates:remove_host', base.ADMIN, 'POST', _ACTION,
              'Remove a host from an aggregate (remove_host).'),
    base.rule('os-aggregates:set_metadata', base.ADMIN, 'POST', _ACTION,
              "Set an aggregate's metadata (set_metadata)."),
    base.rule('aggregates:images', base.ADMIN, 'POST', _ONE + '/images',
              "Have the computes of an aggregate's hosts fetch images "
              'ahead of use (2.81).', prefix='compute:'),
    base.rule('os-availability-zone:list', base.ANY, 'GET',
              '/os-availability-zone', 'List the availability zones.'),
    base.rule('os-availability-zone:detail', base.ADMIN, 'GET',
              '/os-availability-zone/detail',
              'List the zones with their hosts and services.'),
]


def list_rules():
    return RULES
