# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults for hypervisors: admin only, as they show the hosts
behind the cloud.
"""
from nova_lite.api.policies import base

RULES = [
    base.rule('os-hypervisors:list', base.ADMIN, 'GET',
              '/os-hypervisors', 'List hypervisors.'),
    base.rule('os-hypervisors:list-detail', base.ADMIN, 'GET',
              '/os-hypervisors/detail', 'List hypervisors with usage.'),
    base.rule('os-hypervisors:show', base.ADMIN, 'GET',
              '/os-hypervisors/{hypervisor_id}', 'Show a hypervisor.'),
    base.rule('os-hypervisors:search', base.ADMIN, 'GET',
              '/os-hypervisors/{pattern}/search',
              'Find hypervisors by hostname (before 2.53).'),
    base.rule('os-hypervisors:servers', base.ADMIN, 'GET',
              '/os-hypervisors/{pattern}/servers',
              'List the servers of hypervisors found by hostname (before '
              '2.53).'),
    base.rule('os-hypervisors:statistics', base.ADMIN, 'GET',
              '/os-hypervisors/statistics',
              'Sum up the capacity and usage of all hypervisors.'),
    base.rule('os-hypervisors:uptime', base.ADMIN, 'GET',
              '/os-hypervisors/{hypervisor_id}/uptime',
              "Show how long a hypervisor's host has been up."),
]


def list_rules():
    return RULES
