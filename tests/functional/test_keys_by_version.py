# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The keys of a flavor, a server group and a hypervisor at every
compute microversion from 2.1 to 2.104, as Nova's API reference gives
them: a flavor's description from 2.55, its extra specs from 2.61, no
``rxtx_factor`` from 2.102; a group's project and user from 2.13, and
from 2.64 one ``policy`` with its ``rules`` instead of ``policies`` and
``metadata``; a hypervisor's figures until 2.88, its uptime from it."""
from tests.functional import compute_calls

MAX_MINOR = compute_calls.NEWEST_MINOR
keys_at = compute_calls.keys_at
# key: (first minor version, first minor version without it)
FLAVOR = {
    'id': (1, None), 'name': (1, None), 'ram': (1, None),
    'disk': (1, None), 'vcpus': (1, None), 'links': (1, None),
    'swap': (1, None), 'OS-FLV-EXT-DATA:ephemeral': (1, None),
    'OS-FLV-DISABLED:disabled': (1, None),
    'os-flavor-access:is_public': (1, None), 'rxtx_factor': (1, 102),
    'description': (55, None), 'extra_specs': (61, None)}
GROUP = {
    'id': (1, None), 'name': (1, None), 'members': (1, None),
    'policies': (1, 64), 'metadata': (1, 64), 'project_id': (13, None),
    'user_id': (13, None), 'policy': (64, None), 'rules': (64, None)}

_FIGURES = ('vcpus', 'memory_mb', 'local_gb', 'vcpus_used',
            'memory_mb_used', 'local_gb_used', 'free_ram_mb', 'free_disk_gb',
            'current_workload', 'running_vms', 'disk_available_least',
            'cpu_info')
HYPERVISOR = dict({key: (1, 88) for key in _FIGURES}, **{
    'id': (1, None), 'hypervisor_hostname': (1, None), 'state': (1, None),
    'status': (1, None), 'hypervisor_type': (1, None),
    'hypervisor_version': (1, None), 'host_ip': (1, None),
    'service': (1, None), 'uptime': (88, None)})

LISTED_FLAVOR = {'id': (1, None), 'name': (1, None), 'links': (1, None),
                 'description': (55, None)}
LISTED_HYPERVISOR = {'id': (1, None), 'hypervisor_hostname': (1, None),
                     'state': (1, None), 'status': (1, None)}


TABLES = {'group': GROUP, 'listed group': GROUP, 'hypervisor': HYPERVISOR,
          'listed flavor': LISTED_FLAVOR,
          'listed hypervisor': LISTED_HYPERVISOR}


def test_flavor_group_and_hypervisor_keys_at_every_version(all_in_one):
    aio = all_in_one(hosts=1)
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    status, body = api.post('/os-server-groups', {'server_group': {
        'name': 'g', 'policies': ['anti-affinity']}})
    assert status == 200, body
    group = body['server_group']['id']
    listed = api.get('/os-hypervisors', **compute_calls.at('2.1'))[1]
    by_uuid = api.get('/os-hypervisors', **compute_calls.at('2.53'))[1]

    def hypervisor(minor):  # its uuid from 2.53, before its number
        return (by_uuid if minor >= 53 else listed)['hypervisors'][0]['id']
    member = api.as_user('alice:admin')
    wrong = {}
    for minor in range(1, MAX_MINOR + 1):
        at = compute_calls.at('2.%d' % minor)
        for role, client in (('admin', api), ('member', member)):
            answers = {
                'flavor': client.get('/flavors/m1', **at)[1]['flavor'],
                'flavor in detail': client.get(
                    '/flavors/detail', **at)[1]['flavors'][0],
                'listed flavor': client.get('/flavors', **at)[1][
                    'flavors'][0]}
            if role == 'admin':
                answers['group'] = client.get(
                    '/os-server-groups/' + group, **at)[1]['server_group']
                answers['hypervisor'] = client.get(
                    '/os-hypervisors/%s' % hypervisor(minor), **at)[1][
                    'hypervisor']
                answers['listed hypervisor'] = client.get(
                    '/os-hypervisors', **at)[1]['hypervisors'][0]
                answers['listed group'] = client.get(
                    '/os-server-groups', **at)[1]['server_groups'][0]
            for what, answer in answers.items():
                want = keys_at(TABLES.get(what, FLAVOR), minor)
                if set(answer) != want:
                    wrong['2.%d %s %s' % (minor, role, what)] = (
                        sorted(set(answer) - want), sorted(want - set(answer)))
    assert wrong == {}
