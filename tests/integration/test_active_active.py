# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Active-active control services: a lab of two schedulers, two
conductors and an API of two worker processes over four computes, all
on one broker and database.

A burst of boots into tight capacity ends with exactly the capacity
ACTIVE and no host over; a project's quota and a group's anti-affinity
hold although their requests reach different API workers, conductors
and schedulers at once.
"""
import collections
import concurrent.futures
import os
import subprocess
import time

import pytest
import requests

from tests.conftest import Api
from tests.conftest import child_pids
from tests.integration import labs

pytestmark = pytest.mark.integration

COMPUTES = 4
ADMIN = {'X-Auth-Token': 'admin:admin',
         'OpenStack-API-Version': 'compute 2.62'}
FLAVOR = {'name': 'aa1', 'id': 'aa1', 'ram': 64, 'vcpus': 1, 'disk': 0}


@pytest.fixture(scope='module')
def lab(tmp_path_factory):
    state = tmp_path_factory.mktemp('active-active')
    with labs.running(str(state / 'lab'), '--computes', str(COMPUTES),
                      '--schedulers', '2', '--conductors', '2',
                      '--api-workers', '2', '--vcpus', '3') as layout:
        api = Api(layout['api_port'])
        assert api.post('/flavors', {'flavor': FLAVOR})[0] == 200
        yield layout


def _api(lab):
    return Api(lab['api_port'])


def _placement(lab):
    return Api(lab['placement_port'])


def _create(lab, name, token='admin:admin', hints=None):
    body = {'server': {'name': name, 'flavorRef': FLAVOR['id'],
                       'networks': 'none'}}
    if hints:
        body['os:scheduler_hints'] = hints
    return requests.post(
        'http://127.0.0.1:%d/v2.1/servers' % lab['api_port'], json=body,
        headers={'X-Auth-Token': token,
                 'OpenStack-API-Version': 'compute 2.62'}, timeout=60)


def _at_once(count, create):
    with concurrent.futures.ThreadPoolExecutor(25) as pool:
        return list(pool.map(create, range(count)))


def _settled(lab, answers):
    """The servers these create answers made, once settled."""
    return labs.settled(_api(lab), {a.json()['server']['id']
                                    for a in answers}, timeout=240)


def _capacity(lab):
    """{provider name: servers of FLAVOR it holds}, from placement's own
    inventories."""
    placement = _placement(lab)
    wanted = {'VCPU': FLAVOR['vcpus'], 'MEMORY_MB': FLAVOR['ram']}
    found = {}
    for provider in placement.call('GET', '/resource_providers')[1][
            'resource_providers']:
        inventories = placement.call('GET', '/resource_providers/%s/'
                                     'inventories' % provider['uuid'])[1][
            'inventories']
        if not set(wanted) <= set(inventories):
            continue  # a NIC's provider
        found[provider['name']] = min(
            int((inv['total'] - inv['reserved']) * inv['allocation_ratio'])
            // wanted[rc] for rc, inv in inventories.items() if rc in wanted)
    return found


def _used(lab):
    placement = _placement(lab)
    return {provider['name']: placement.call(
        'GET', '/resource_providers/%s/usages' % provider['uuid'])[1][
            'usages'].get('VCPU', 0)
        for provider in placement.call('GET', '/resource_providers')[1][
            'resource_providers']}


def _delete_all(lab, servers):
    api = _api(lab)
    _at_once(len(servers), lambda i: api.as_user('admin:admin').call(
        'DELETE', '/v2.1/servers/%s' % servers[i]['id']))
    deadline = time.monotonic() + 120
    while api.get('/servers?all_tenants=1', headers=ADMIN)[1]['servers']:
        assert time.monotonic() < deadline
        time.sleep(0.5)


def _audit(lab):
    return labs.audit(os.path.join(lab['state_dir'], 'controller.conf'))


def _conductor_hosts(lab, servers):
    """The conductors that drove these builds (their scheduling event)."""
    api = _api(lab)
    hosts = set()
    for server in servers:
        actions = api.get('/servers/%s/os-instance-actions' % server['id'],
                          headers=ADMIN)[1]['instanceActions']
        action = api.get('/servers/%s/os-instance-actions/%s' % (
            server['id'], actions[-1]['request_id']), headers=ADMIN)[1][
                'instanceAction']
        hosts |= {e['host'] for e in action['events']
                  if e['event'] == 'conductor_schedule_and_build_instances'}
    return hosts


def test_each_control_service_runs_twice(lab):
    controller = '%s-controller' % lab['name']
    services = collections.Counter(
        (s['binary'], s['state']) for s in _api(lab).get('/os-services')[1][
            'services'] if s['host'] in (controller, controller + '-2'))
    assert services == {('nova-scheduler', 'up'): 2,
                        ('nova-conductor', 'up'): 2}
    # Both of each take requests off the same topic queue.
    listing = subprocess.run(
        ['rabbitmqctl', 'list_consumers', '-q', '-p',
         'nova_lite_%s' % lab['name'], 'queue_name'], capture_output=True,
        text=True, check=True).stdout.split()
    consumers = collections.Counter(listing)
    assert (consumers['scheduler'], consumers['conductor']) == (2, 2)
    with open(os.path.join(lab['state_dir'], 'pids',
                           'nova-lite-api.pid')) as pidfile:
        api_pid = int(pidfile.read())
    assert len(child_pids(api_pid)) == 2


def test_a_burst_of_boots_fills_exactly_the_capacity(lab):
    api = _api(lab)
    assert api.call('PUT', '/v2.1/os-quota-sets/admin', {'quota_set': {
        'instances': -1, 'cores': -1, 'ram': -1}})[0] == 200
    capacity = _capacity(lab)
    assert len(capacity) == COMPUTES and sum(capacity.values()) < 100

    answers = _at_once(100, lambda i: _create(lab, 'burst%d' % i))
    assert collections.Counter(a.status_code for a in answers) == {202: 100}
    servers = _settled(lab, answers)

    active = [s for s in servers if s['status'] == 'ACTIVE']
    assert len(active) == sum(capacity.values())
    assert collections.Counter(s['OS-EXT-SRV-ATTR:host']
                               for s in active) == capacity
    used = _used(lab)
    assert all(used[host] <= capacity[host] for host in capacity), used
    refused = [s for s in servers if s['status'] == 'ERROR']
    assert len(refused) == 100 - len(active)
    assert all(s['fault']['message'].startswith('No valid host')
               for s in refused), refused[0]['fault']
    assert _conductor_hosts(lab, servers[:30]) == {
        '%s-controller' % lab['name'], '%s-controller-2' % lab['name']}
    assert _audit(lab) == '0 findings'

    _delete_all(lab, servers)
    assert set(_used(lab).values()) == {0}
    assert _audit(lab) == '0 findings'


def test_quota_and_anti_affinity_hold_across_workers(lab):
    api = _api(lab)
    assert api.call('PUT', '/v2.1/os-quota-sets/aaq', {'quota_set': {
        'instances': 7}})[0] == 200
    answers = _at_once(30, lambda i: _create(lab, 'q%d' % i, 'u1:aaq'))
    assert collections.Counter(a.status_code for a in answers) == {
        202: 7, 403: 23}
    quota_servers = _settled(lab, [a for a in answers
                                   if a.status_code == 202])
    assert [s['status'] for s in quota_servers] == ['ACTIVE'] * 7

    status, group = api.post('/os-server-groups', {'server_group': {
        'name': 'spread', 'policies': ['anti-affinity']}})
    assert status == 200
    # Ten: the default quota of a group's members.
    answers = _at_once(10, lambda i: _create(
        lab, 'g%d' % i, hints={'group': group['server_group']['id']}))
    assert {a.status_code for a in answers} == {202}
    members = _settled(lab, answers)
    hosts = [s['OS-EXT-SRV-ATTR:host'] for s in members
             if s['status'] == 'ACTIVE']
    assert sorted(hosts) == sorted(set(hosts)) and len(hosts) == COMPUTES
    assert _audit(lab) == '0 findings'
    _delete_all(lab, quota_servers + members)
    assert _audit(lab) == '0 findings'
