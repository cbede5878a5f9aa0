# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers and placement: every server holds its allocation, a delete
frees it, and each compute reports its inventory and heals allocations."""
import time

from oslo_utils import uuidutils

from nova_lite.cmd import placement_audit
from nova_lite.compute import manager as compute_manager
from nova_lite.compute import periodic_pass
from nova_lite.conductor import heal
from nova_lite import context as nl_context
from nova_lite.objects import allocation_audit
from nova_lite.objects import compute_node
from nova_lite.objects import placement
from tests.conftest import sql_statements
from tests.functional import compute_calls


def _run_periodic_tasks(aio):
    """The computes' next update_available_resource, as the process runs
    it: one pass over them all (alone with one host)."""
    periodic_pass.update_resources(
        nl_context.get_admin_context(),
        aio.tasks.runs_of(compute_manager.ComputeManager))


def test_servers_hold_allocations_and_computes_report(all_in_one):
    aio = all_in_one(hosts=2)
    api, placement_api = aio.client, aio.placement_client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 1024,
                                     'vcpus': 2, 'disk': 5}})
    providers = {p['name']: p['uuid'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    # The hosts, and their VietStack NICs and PCI devices as children.
    assert set(providers) == {'sim-host-1', 'sim-host-2', 'sim-host-1:eth0',
                              'sim-host-1:eth1', 'sim-host-2:eth0',
                              'sim-host-1_0000:81:00.0',
                              'sim-host-1_0000:81:00.1',
                              'sim-host-2_0000:81:00.0'}, (
        # What decides the PCI children, should they be missing again
        # (seen twice in whole runs, never alone).
        aio.conf.pci.device_spec, aio.conf.all_in_one.simulated_pci_devices,
        [(svc.host, len(svc.manager.rt.available_resources().pci_devices))
         for svc in aio.services if getattr(svc.manager, 'rt', None)])
    inventory = placement_api.get('/resource_providers/%s/inventories'
                                  % providers['sim-host-1'])[1]
    assert set(inventory['inventories']) == {'VCPU', 'MEMORY_MB',
                                             'DISK_GB'}
    servers = [api.boot('m1', 'vm%d' % i) for i in range(3)]
    for server in servers:
        status, body = placement_api.get('/allocations/%s' % server['id'])
        host = server['OS-EXT-SRV-ATTR:host']
        assert body['allocations'] == {providers[host]: {
            'generation': body['allocations'][providers[host]]['generation'],
            'resources': {'VCPU': 2, 'MEMORY_MB': 1024, 'DISK_GB': 5}}}
    # An allocation lost (an operator's mistake) is healed by the host's
    # next periodic run.
    lost = servers[0]
    assert placement_api.delete('/allocations/%s' % lost['id'])[0] == 204
    _run_periodic_tasks(aio)
    assert placement_api.get('/allocations/%s' % lost['id'])[1][
        'allocations']
    for server in servers:
        assert api.delete('/servers/%s' % server['id'])[0] == 204
        api.wait_server(server['id'], states=('DELETED',))
        assert placement_api.get('/allocations/%s' % server['id'])[1] == {
            'allocations': {}}
    for uuid in providers.values():
        usages = placement_api.get('/resource_providers/%s/usages'
                                   % uuid)[1]['usages']
        assert set(usages.values()) == {0}


def test_room_taken_in_placement_is_no_valid_host(all_in_one):
    aio = all_in_one(hosts=1)
    api = aio.client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 1, 'disk': 1}})
    context = nl_context.get_admin_context()
    node = compute_node.ComputeNodeList.get_all(context)[0]
    vcpu = placement.inventory_of(node)['VCPU']
    capacity = int((vcpu['total'] - vcpu['reserved']) *
                   vcpu['allocation_ratio'])
    while capacity:  # another consumer takes every VCPU, max_unit a go
        take = min(capacity, vcpu['max_unit'])
        placement.Placement.claim(context, uuidutils.generate_uuid(),
                                  node.uuid, {'VCPU': take}, 'other', 'u')
        capacity -= take
    server = api.boot('m1', 'squeezed')
    assert server['status'] == 'ERROR'
    # What another consumer took in placement is what the filters see.
    assert server['fault']['message'] == (
        'No valid host: CoreFilter removed 1 of 1 hosts (need 1 vCPUs, '
        'best host has 0 free)')


def test_audit_finds_and_heals_missing_and_orphaned(all_in_one, tmp_path):
    aio = all_in_one(hosts=1)
    api, placement_api = aio.client, aio.placement_client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 1, 'disk': 1}})
    server = api.boot('m1', 'audited')
    assert placement_api.delete('/allocations/%s' % server['id'])[0] == 204
    context = nl_context.get_admin_context()
    node = compute_node.ComputeNodeList.get_all(context)[0]
    stray = uuidutils.generate_uuid()
    placement.Placement.claim(context, stray, node.uuid, {'VCPU': 1}, 'p',
                              'u')
    result = compute_calls.placement_audit(tmp_path)
    assert result.stdout.splitlines() == [
        'missing  %s on sim-host-1' % server['id'],
        'orphaned %s on sim-host-1 (no such server)' % stray, '2 findings']
    result = compute_calls.placement_audit(tmp_path, '--heal')
    assert result.stdout.splitlines()[-1] == '2 findings, healed'
    result = compute_calls.placement_audit(tmp_path)
    assert result.stdout.splitlines() == ['0 findings']
    assert placement_api.get('/allocations/%s' % server['id'])[1][
        'allocations']


def test_audit_sees_every_leak_and_the_periodic_heals_the_safe_ones(
        all_in_one):
    """Allocations held by a server in ERROR without a host, by a deleted
    server and by no server at all are each reported; the conductor's
    periodic heal removes the first two (no server will use them) and
    leaves the third, which --heal removes."""
    aio = all_in_one(hosts=1)
    api = aio.client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 1, 'disk': 1}})
    api.post('/flavors', {'flavor': {'name': 'huge', 'id': 'huge',
                                     'ram': 10 ** 6, 'vcpus': 1, 'disk': 1}})
    failed = api.boot('huge', 'failed')
    assert (failed['status'], failed['OS-EXT-SRV-ATTR:host']) == ('ERROR',
                                                                  None)
    gone = api.boot('m1', 'gone')
    assert api.delete('/servers/%s' % gone['id'])[0] == 204
    api.wait_server(gone['id'], states=('DELETED',))
    kept = api.boot('m1', 'kept')
    context = nl_context.get_admin_context()
    node = compute_node.ComputeNodeList.get_all(context)[0]
    stray = uuidutils.generate_uuid()
    for consumer in (failed['id'], gone['id'], stray):
        placement.Placement.claim(context, consumer, node.uuid,
                                  {'VCPU': 1}, 'p', 'u')
    lines = []
    assert placement_audit.audit(context, False, lines.append) == 3
    assert sorted(lines[:-1]) == sorted([
        'orphaned %s on sim-host-1 (server in ERROR without a host)'
        % failed['id'],
        'orphaned %s on sim-host-1 (server deleted)' % gone['id'],
        'orphaned %s on sim-host-1 (no such server)' % stray])
    assert heal.heal(context) == 2
    lines = []
    assert placement_audit.audit(context, True, lines.append) == 1
    assert lines == ['orphaned %s on sim-host-1 (no such server)' % stray,
                     '1 finding, healed']
    assert placement_audit.audit(context, False, lines.append) == 0
    assert placement.Placement.allocations_of(context, kept['id'])


def test_an_offloaded_servers_leftover_is_named_and_healed_at_start(
        all_in_one):
    """An offload cut off after its guest went leaves the shelved
    server's allocation on its old host: the audit names it for what it
    is, and a restarted conductor removes it at once (not a heal
    interval later)."""
    aio = all_in_one(hosts=1)
    aio.client.post('/flavors', {'flavor': {
        'name': 'm1', 'id': 'm1', 'ram': 512, 'vcpus': 1, 'disk': 1}})
    sid = aio.client.boot('m1', 'shelved')['id']
    aio.client.post('/servers/%s/action' % sid, {'shelve': None})
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    context = nl_context.get_admin_context()
    node = compute_node.ComputeNodeList.get_all(context)[0]
    placement.Placement.claim(context, sid, node.uuid, {'VCPU': 1}, 'p',
                              'u')
    lines = []
    assert placement_audit.audit(context, False, lines.append) == 1
    assert lines[0] == ('orphaned %s on sim-host-1 (server shelved and '
                        'offloaded)' % sid)
    all_in_one.stop(aio)

    started = time.monotonic()
    aio = all_in_one(hosts=1)
    while placement.Placement.allocations_of(context, sid):
        assert time.monotonic() - started < 20, 'not healed at the start'
        time.sleep(0.1)
    assert aio.client.get('/servers/%s' % sid)[1]['server'][
        'status'] == 'SHELVED_OFFLOADED'


def test_numbered_groups_claim_child_providers(all_in_one):
    """A flavor asking for a NIC rate on physnet1 (resources1/trait1)
    lands where a child provider holds it, and its allocation spans the
    host and that child."""
    aio = all_in_one(hosts=2)
    api, placement_api = aio.client, aio.placement_client
    assert placement_api.put('/resource_classes/CUSTOM_NIC_RATE')[0] == 201
    assert placement_api.put('/traits/CUSTOM_PHYSNET_1')[0] == 201
    hosts = {p['name']: p['uuid'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    status, nic = placement_api.post('/resource_providers', {
        'name': 'sim-host-2-nic1',
        'parent_provider_uuid': hosts['sim-host-2']})
    assert status == 200, nic
    placement_api.put('/resource_providers/%s/inventories' % nic['uuid'], {
        'resource_provider_generation': 0,
        'inventories': {'CUSTOM_NIC_RATE': {'total': 1000}}})
    placement_api.put('/resource_providers/%s/traits' % nic['uuid'], {
        'resource_provider_generation': 1, 'traits': ['CUSTOM_PHYSNET_1']})
    api.post('/flavors', {'flavor': {'name': 'net', 'id': 'net', 'ram': 512,
                                     'vcpus': 1, 'disk': 1}})
    api.post('/flavors/net/os-extra_specs', {'extra_specs': {
        'resources1:CUSTOM_NIC_RATE': '600',
        'trait1:CUSTOM_PHYSNET_1': 'required'}})
    status, body = api.post('/servers', {'server': {'name': 'n1',
                                                    'flavorRef': 'net'}})
    server = api.wait_server(body['server']['id'])
    assert server['status'] == 'ACTIVE', server
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    allocations = placement_api.get('/allocations/%s' % server['id'])[1][
        'allocations']
    assert allocations[nic['uuid']]['resources'] == {
        'CUSTOM_NIC_RATE': 600}
    assert allocations[hosts['sim-host-2']]['resources']['VCPU'] == 1
    # The host's periodic run leaves a multi-provider allocation alone.
    _run_periodic_tasks(aio)
    assert placement_api.get('/allocations/%s' % server['id'])[1][
        'allocations'] == allocations
    # Only 400 left on the NIC: the next one has nowhere to go.
    status, body = api.post('/servers', {'server': {'name': 'n2',
                                                    'flavorRef': 'net'}})
    second = api.wait_server(body['server']['id'])
    assert second['status'] == 'ERROR'
    assert ('placement has no room for DISK_GB:1, MEMORY_MB:512, VCPU:1 '
            'with required1=CUSTOM_PHYSNET_1, '
            'resources1=CUSTOM_NIC_RATE:600') in second['fault']['message']


def test_a_shared_storage_pool_holds_the_disks(all_in_one, overrides):
    """With ``[compute] shared_storage_provider`` naming a pool, the hosts
    report no DISK_GB, join the pool's aggregate, and a boot takes its
    disk from the pool: two providers in its allocations, the pool's use
    grows and the host's own does not; a delete frees both."""
    overrides('shared_storage_provider', 'pool', group='compute')
    aio = all_in_one(hosts=2)
    api, placement_api = aio.client, aio.placement_client
    status, pool = placement_api.post('/resource_providers', {'name': 'pool'})
    assert status == 200, pool
    assert placement_api.put('/resource_providers/%s/inventories'
                             % pool['uuid'], {
                                 'resource_provider_generation': 0,
                                 'inventories': {'DISK_GB': {
                                     'total': 100}}})[0] == 200
    _run_periodic_tasks(aio)
    providers = {p['name']: p['uuid'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    host_inventory = placement_api.get('/resource_providers/%s/inventories'
                                       % providers['sim-host-1'])[1]
    assert 'DISK_GB' not in host_inventory['inventories']
    traits = placement_api.get('/resource_providers/%s/traits'
                               % pool['uuid'])[1]['traits']
    assert 'MISC_SHARES_VIA_AGGREGATE' in traits
    aggregate = placement_api.get('/resource_providers/%s/aggregates'
                                  % pool['uuid'])[1]['aggregates']
    assert placement_api.get('/resource_providers/%s/aggregates'
                             % providers['sim-host-2'])[1][
        'aggregates'] == aggregate

    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 1, 'disk': 30}})
    servers = [api.boot('m1', 'vm%d' % i) for i in range(3)]
    assert [s['status'] for s in servers] == ['ACTIVE'] * 3, [
        s.get('fault') for s in servers]
    for server in servers:
        allocations = placement_api.get('/allocations/%s' % server['id'])[
            1]['allocations']
        host = providers[server['OS-EXT-SRV-ATTR:host']]
        assert allocations[pool['uuid']]['resources'] == {'DISK_GB': 30}
        assert allocations[host]['resources'] == {'VCPU': 1,
                                                  'MEMORY_MB': 512}
    assert placement_api.get('/resource_providers/%s/usages' % pool[
        'uuid'])[1]['usages'] == {'DISK_GB': 90}
    # 10 GB are left in the pool: a fourth server does not fit.
    fourth = api.wait_server(api.boot('m1', 'vm4', wait=False),
                             states=('ERROR',))
    # The hosts' free disk is the pool's.
    assert 'need 30 GB, best host has 10 GB free' in fourth['fault'][
        'message']
    for server in servers:
        assert api.delete('/servers/%s' % server['id'])[0] == 204
        api.wait_server(server['id'], states=('DELETED',))
    assert placement_api.get('/resource_providers/%s/usages' % pool[
        'uuid'])[1]['usages'] == {'DISK_GB': 0}
    for name in ('sim-host-1', 'sim-host-2'):
        assert set(placement_api.get('/resource_providers/%s/usages'
                                     % providers[name])[1][
            'usages'].values()) <= {0}


def test_the_audit_reads_the_whole_cloud_in_a_few_statements(all_in_one):
    """The conductor audits every heal_interval: its reads must not grow
    with the number of hosts (each host's leak is still found)."""
    aio = all_in_one(hosts=6)
    aio.client.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 512, 'vcpus': 1,
                                            'disk': 1}})
    kept = aio.client.boot('m1', 'kept')
    context = nl_context.get_admin_context()
    nodes = compute_node.ComputeNodeList.get_all(context)
    strays = {}
    for node in nodes[:3]:
        strays[node.host] = uuidutils.generate_uuid()
        placement.Placement.claim(context, strays[node.host], node.uuid,
                                  {'VCPU': 1}, 'p', 'u')
    with sql_statements() as seen:
        found = allocation_audit.findings(context)
    statements = [s for s in seen if s.startswith('SELECT')]
    assert sorted((f.kind, f.host, f.consumer) for f in found) == sorted(
        ('unknown', host, uuid) for host, uuid in strays.items())
    # Four reads a host would be 24.
    assert len(statements) <= 8, statements
    assert placement.Placement.allocations_of(context, kept['id'])


def test_a_periodic_report_with_nothing_new_writes_nothing(all_in_one,
                                                           overrides):
    """A compute's periodic report with nothing new takes no write
    transaction (on SQLite, the database's one write lock, which every
    boot's writes wait for); a changed setting is written."""
    aio = all_in_one(hosts=1)
    context = nl_context.get_admin_context()
    node = compute_node.ComputeNodeList.get_all(context)[0]
    generation = aio.placement_client.get(
        '/resource_providers/%s' % node.uuid)[1]['generation']
    with sql_statements() as seen:
        _run_periodic_tasks(aio)
    assert [s for s in seen if s.split()[0] in (
        'INSERT', 'UPDATE', 'DELETE') or s.startswith('BEGIN IMMEDIATE')
    ] == []
    again = compute_node.ComputeNodeList.get_all(context)[0]
    assert again.updated_at == node.updated_at
    assert aio.placement_client.get('/resource_providers/%s' % node.uuid)[
        1]['generation'] == generation
    overrides('cpu_allocation_ratio', 8.0, group='compute')
    _run_periodic_tasks(aio)
    changed = compute_node.ComputeNodeList.get_all(context)[0]
    assert changed.cpu_allocation_ratio == 8.0
    assert changed.updated_at != node.updated_at
    assert aio.placement_client.get('/resource_providers/%s' % node.uuid)[
        1]['generation'] == generation + 1
