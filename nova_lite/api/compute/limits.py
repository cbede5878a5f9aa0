# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Absolute limits: GET /limits, the caller's project's quotas (another
project's for admins, ``tenant_id``) with the totals it uses.

Rate limits went with Nova's v2 API: ``rate`` is always empty. 2.36
drops nova-network's limits, 2.39 ``maxImageMeta``, 2.57 the personality
files'. Nothing is reserved, so ``reserved`` adds nothing.
"""
from nova_lite.api import policy
from nova_lite.api.schemas import limits as schema
from nova_lite.api import validation
from nova_lite.objects import quotas

_RULE = 'os_compute_api:limits'
# Each quota resource's names among the absolute limits.
_LIMIT_NAMES = {
    'ram': ['maxTotalRAMSize'], 'instances': ['maxTotalInstances'],
    'cores': ['maxTotalCores'], 'key_pairs': ['maxTotalKeypairs'],
    'floating_ips': ['maxTotalFloatingIps'],
    'metadata_items': ['maxServerMeta', 'maxImageMeta'],
    'injected_files': ['maxPersonality'],
    'injected_file_content_bytes': ['maxPersonalitySize'],
    'security_groups': ['maxSecurityGroups'],
    'security_group_rules': ['maxSecurityGroupRules'],
    'server_groups': ['maxServerGroups'],
    'server_group_members': ['maxServerGroupMembers'],
}
_USED_NAMES = {
    'ram': 'totalRAMUsed', 'cores': 'totalCoresUsed',
    'instances': 'totalInstancesUsed',
    'floating_ips': 'totalFloatingIpsUsed',
    'security_groups': 'totalSecurityGroupsUsed',
    'server_groups': 'totalServerGroupsUsed',
}


def _hidden(version):
    hidden = set()
    if version.matches('2.36'):
        hidden.update(('floating_ips', 'security_groups',
                       'security_group_rules'))
    if version.matches('2.39'):
        hidden.add('maxImageMeta')
    if version.matches('2.57'):
        hidden.update(('injected_files', 'injected_file_content_bytes'))
    return hidden


def absolute(values, version):
    """The absolute limits of ``quotas.detail`` values at ``version``."""
    hidden = _hidden(version)
    body = {limit_name: values[name]['limit']
            for name, names in _LIMIT_NAMES.items() if name not in hidden
            for limit_name in names if limit_name not in hidden}
    body.update({used_name: values[name]['in_use']
                 for name, used_name in _USED_NAMES.items()
                 if name not in hidden})
    return body


def _project(req):
    project_id = req.GET.get('tenant_id')
    if project_id is None:
        return req.context.project_id
    policy.enforce(req.context, _RULE + ':other_project',
                   {'project_id': project_id})
    return project_id


@validation.query_schema(schema.query, '2.1', '2.74')
@validation.query_schema(schema.query_v275, '2.75')
@validation.responds(200, schema.limits, '2.1', '2.35')
@validation.responds(200, schema.limits_v236, '2.36', '2.38')
@validation.responds(200, schema.limits_v239, '2.39', '2.56')
@validation.responds(200, schema.limits_v257, '2.57')
def index(req):
    values = quotas.detail(req.conf, req.context, _project(req))
    return 200, {'limits': {'rate': [],
                            'absolute': absolute(values, req.api_version)}}
