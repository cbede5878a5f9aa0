# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /servers/{id}/os-security-groups: the security groups a server is
in, in Nova's shape (its ingress rules as nova-network wrote them: a
protocol's whole port range when the rule names none, the remote prefix
as ``ip_range``, the remote group as ``group``), sorted by project and
name. With the fixed networks that is the one default group, whose
rules are none: nothing filters a server's traffic."""
from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api import validation

_WHOLE_RANGE = {'tcp': (1, 65535), 'udp': (1, 65535), 'icmp': (-1, -1)}


def _rule(rule, names):
    protocol = rule.get('protocol')
    low, high = rule.get('port_range_min'), rule.get('port_range_max')
    if protocol and low is None and high is None:
        low, high = _WHOLE_RANGE.get(protocol.lower(), (None, None))
    group, ip_range = {}, {}
    if rule.get('remote_group_id'):
        group = {'name': names.get(rule['remote_group_id']),
                 'tenant_id': rule.get('project_id')}
    elif rule.get('remote_ip_prefix'):
        ip_range = {'cidr': rule['remote_ip_prefix']}
    return {'id': rule['id'], 'parent_group_id': rule['security_group_id'],
            'ip_protocol': protocol, 'from_port': low, 'to_port': high,
            'group': group, 'ip_range': ip_range}


def _group(group, names):
    return {'id': group['id'], 'name': group['name'],
            'description': group.get('description', ''),
            'tenant_id': group.get('project_id'),
            'rules': [_rule(rule, names) for rule in
                      group.get('security_group_rules', ())
                      if rule.get('direction', 'ingress') == 'ingress']}


@validation.responds(200, responses.server_security_groups)
def index(req, server_id):
    instance = servers.get(req, server_id)
    groups = req.compute_api.network.server_security_groups(req.context,
                                                            instance)
    names = {group['id']: group['name'] for group in groups}
    return 200, {'security_groups': sorted(
        (_group(group, names) for group in groups),
        key=lambda g: (g['tenant_id'] or '', g['name']))}
