# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults for hypervisors, hosts (os-hosts, before 2.43), the
usage audit log and console tokens: admin only, as they show the hosts
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
    base.rule('os-console-auth-tokens', base.ADMIN, 'GET',
              '/os-console-auth-tokens/{console_token}',
              "Show what a console token connects to (a guest's console "
              'address on its host).'),
    base.rule('os-instance-usage-audit-log:list', base.ADMIN, 'GET',
              '/os-instance_usage_audit_log',
              "What the computes' usage audit recorded for the last "
              'completed period.'),
    base.rule('os-instance-usage-audit-log:show', base.ADMIN, 'GET',
              '/os-instance_usage_audit_log/{before_timestamp}',
              "What the computes' usage audit recorded for the last "
              'period completed before a time.'),
    base.rule('os-hosts:list', base.ADMIN, 'GET', '/os-hosts',
              'List the hosts of services (before 2.43).'),
    base.rule('os-hosts:show', base.ADMIN, 'GET', '/os-hosts/{host_name}',
              "Show a compute host's capacity and what each project uses "
              "of it (before 2.43)."),
    base.rule('os-hosts:update', base.ADMIN, 'PUT', '/os-hosts/{host_name}',
              'Enable, disable or put a host in maintenance (before '
              '2.43).'),
    base.rule('os-hosts:start', base.ADMIN, 'GET',
              '/os-hosts/{host_name}/startup',
              'Power a host on (before 2.43).'),
    base.rule('os-hosts:shutdown', base.ADMIN, 'GET',
              '/os-hosts/{host_name}/shutdown',
              'Power a host off (before 2.43).'),
    base.rule('os-hosts:reboot', base.ADMIN, 'GET',
              '/os-hosts/{host_name}/reboot',
              'Reboot a host (before 2.43).'),
]


def list_rules():
    return RULES
