# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The boot path end to end: REST -> conductor -> scheduler -> compute."""
import collections
import time

import libvirt
import pytest

from nova_lite import conf as nl_conf
from nova_lite import context as nl_context
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from tests.conftest import sql_statements

CONF = nl_conf.CONF


# The flavor most tests here boot: a fifth of a simulated host's memory.
SMALL = {'name': 'm1.small', 'ram': 2048, 'disk': 10}


def _usage(api):
    status, body = api.get('/os-hypervisors/detail')
    assert status == 200
    return {h['hypervisor_hostname']: h for h in body['hypervisors']}


def _domains(aio):
    found = {}
    for svc in aio.services:
        driver = getattr(svc.manager, 'driver', None)
        if driver is not None:
            found[svc.host] = set(driver.list_instance_uuids())
    return found


def test_ten_servers_spread_and_usage_matches(all_in_one):
    aio = all_in_one()
    api = aio.client
    flavor = api.create_flavor(**SMALL)
    ids = [api.boot(flavor['id'], 'vm%d' % i, wait=False)
           for i in range(10)]
    servers = [api.wait_server(i) for i in ids]
    assert [s['status'] for s in servers] == ['ACTIVE'] * 10
    per_host = collections.Counter(s['OS-EXT-SRV-ATTR:host'] for s in servers)
    assert sorted(per_host.values()) == [3, 3, 4]
    usage = _usage(api)
    # Simulated hosts share this machine's address ([DEFAULT] my_ip).
    assert {h['host_ip'] for h in usage.values()} == {CONF.my_ip}
    for host, count in per_host.items():
        assert usage[host]['running_vms'] == count
        assert usage[host]['memory_mb_used'] == 2048 * count
        assert usage[host]['vcpus_used'] == count
        assert usage[host]['local_gb_used'] == 10 * count
    domains = _domains(aio)
    for server in servers:
        assert server['id'] in domains[server['OS-EXT-SRV-ATTR:host']]


def test_no_valid_host_names_the_filter_and_why(all_in_one):
    api = all_in_one().client
    flavor = api.create_flavor('huge', ram=100000, disk=10)
    server = api.boot(flavor['id'], 'big')
    assert server['status'] == 'ERROR'
    assert server['fault']['message'] == (
        'No valid host: RamFilter removed 3 of 3 hosts (need 100000 MB, '
        'best host has 15872 MB free)')
    assert server['OS-EXT-SRV-ATTR:host'] is None
    assert all(h['running_vms'] == 0 for h in _usage(api).values())


def test_delete_frees_usage_and_removes_domains(all_in_one):
    aio = all_in_one()
    api = aio.client
    flavor = api.create_flavor(**SMALL)
    ids = [api.boot(flavor['id'], 'vm%d' % i, wait=False) for i in range(4)]
    for server_id in ids:
        api.wait_server(server_id)
    for server_id in ids:
        assert api.delete('/servers/%s' % server_id)[0] == 204
    for server_id in ids:
        api.wait_server(server_id, states=('DELETED',))
    assert api.get('/servers')[1] == {'servers': []}
    for host in _usage(api).values():
        assert (host['running_vms'], host['memory_mb_used'],
                host['vcpus_used'], host['local_gb_used']) == (0, 0, 0, 0)
    assert all(not uuids for uuids in _domains(aio).values())


def test_spawn_failure_reschedules_then_errors_with_fault(all_in_one):
    aio = all_in_one()
    api = aio.client
    flavor = api.create_flavor(**SMALL)
    # A domain that already holds the next instance's domain name makes
    # libvirt refuse the definition on every host.
    for svc in aio.services:
        driver = getattr(svc.manager, 'driver', None)
        if driver is not None:
            driver._conn.defineXML(
                "<domain type='test'><name>instance-00000001</name>"
                "<memory>1024</memory><os><type>hvm</type></os></domain>")
    server = api.boot(flavor['id'], 'doomed')
    assert server['status'] == 'ERROR'
    assert 'instance-00000001' in server['fault']['message']
    assert all(h['running_vms'] == 0 for h in _usage(api).values())
    # The next instance gets another name and boots.
    assert api.boot(flavor['id'], 'fine')['status'] == 'ACTIVE'


def test_restart_keeps_state_and_recreates_domains(all_in_one):
    aio = all_in_one()
    api = aio.client
    flavor = api.create_flavor(**SMALL, flavor_id='small')
    ids = [api.boot(flavor['id'], 'vm%d' % i, wait=False) for i in range(3)]
    hosts = {i: api.wait_server(i)['OS-EXT-SRV-ATTR:host'] for i in ids}
    before = _usage(api)
    all_in_one.stop(aio)

    aio = all_in_one()
    api = aio.client
    assert api.get('/flavors/small')[0] == 200
    for server_id, host in hosts.items():
        server = api.wait_server(server_id)
        assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
            'ACTIVE', host)
    after = _usage(api)
    for host in before:
        assert after[host]['running_vms'] == before[host]['running_vms']
        assert after[host]['memory_mb_used'] == before[host]['memory_mb_used']
    domains = _domains(aio)
    for server_id, host in hosts.items():
        assert server_id in domains[host]
    summary = sum(svc.manager.last_reconcile['recreated']
                  for svc in aio.services
                  if getattr(svc.manager, 'last_reconcile', None))
    assert summary == 3


def test_domain_xml_carries_nova_lite_metadata(all_in_one):
    aio = all_in_one(hosts=1)
    api = aio.client
    flavor = api.create_flavor('tiny', ram=512, disk=10)
    server = api.boot(flavor['id'], 'meta')
    driver = aio.services[-1].manager.driver
    dom = driver._conn.lookupByUUIDString(server['id'])
    from nova_lite.virt.libvirt import domain_xml
    meta = dom.metadata(libvirt.VIR_DOMAIN_METADATA_ELEMENT,
                        domain_xml.NAMESPACE)
    assert '<name>meta</name>' in meta
    assert 'name="tiny"' in meta
    assert '<memory>512</memory>' in meta
    assert '<project uuid="admin">admin</project>' in meta
    assert '<creationTime>' in meta
    # What tells a compute its own guests on a libvirtd it may share.
    assert domain_xml.host_of(meta) == driver.host


@pytest.mark.parametrize('compute_shapes', [False, True])
def test_a_server_on_a_down_compute_is_deleted_at_once(all_in_one,
                                                       compute_shapes):
    """Its compute is down: the delete does not wait for it; the compute,
    back, removes the guest left behind (and, where it shapes the vNICs
    itself, their IFB devices, known from the guest's domain: the
    server's record is gone)."""
    aio = all_in_one(hosts=1)
    api = aio.client
    flavor = api.create_flavor(**SMALL)
    server = api.boot(flavor['id'], 'orphan')
    assert _domains(aio) == {'sim-host-1': {server['id']}}
    down = {'host': 'sim-host-1', 'binary': 'nova-lite-compute',
            'forced_down': True}
    headers = {'OpenStack-API-Version': 'compute 2.11'}
    assert api.put('/os-services/force-down', down,
                   headers=headers)[0] == 200
    assert api.delete('/servers/%s' % server['id'])[0] == 204
    assert api.get('/servers/%s' % server['id'])[0] == 404
    assert aio.placement_client.get('/allocations/%s' % server['id'])[1][
        'allocations'] == {}
    compute, = [s.manager for s in aio.services
                if getattr(s.manager, 'driver', None) is not None]
    compute.driver._compute_shapes = compute_shapes
    assert compute.driver.list_instance_uuids() == [server['id']]
    assert api.put('/os-services/force-down', dict(down, forced_down=False),
                   headers=headers)[0] == 200
    summary = compute.reconciler.reconcile_host(
        nl_context.get_admin_context())
    assert summary['removed'] == 1
    assert compute.driver.list_instance_uuids() == []


def _cut_off_mid_build(aio, context, uuid):
    """The server as a compute that stopped while spawning it left it;
    the one-host all-in-one's compute manager."""
    instance = instance_obj.Instance.get_by_uuid(context, uuid)
    instance.vm_state = fields.VMState.BUILDING
    instance.task_state = fields.TaskState.SPAWNING
    instance.save()
    compute, = [s.manager for s in aio.services
                if getattr(s.manager, 'driver', None) is not None]
    return compute


def test_a_build_cut_off_by_a_restart_ends_in_error_holding_nothing(
        all_in_one):
    """The compute restarted mid-build: the server goes to ERROR with a
    fault and no host, and its allocation goes with it."""
    aio = all_in_one(hosts=1)
    api = aio.client
    server = api.boot(api.create_flavor(**SMALL)['id'], 'cut')
    context = nl_context.get_admin_context()
    compute = _cut_off_mid_build(aio, context, server['id'])
    assert compute.reconciler.reconcile_host(context)['failed'] == 1
    server = api.get('/servers/%s' % server['id'])[1]['server']
    assert server['status'] == 'ERROR'
    assert server['OS-EXT-SRV-ATTR:host'] is None
    assert 'interrupted by a restart' in server['fault']['message']
    assert aio.placement_client.get('/allocations/%s' % server['id'])[1][
        'allocations'] == {}


def test_a_compute_starting_reads_its_servers_once_for_count_and_recovery(
        all_in_one):
    """The recount and the recovery of a starting compute share one read
    of the host's servers: the build it cut off ends in ERROR and the
    node counts the server that stays."""
    aio = all_in_one(hosts=1)
    api = aio.client
    flavor = api.create_flavor(**SMALL)
    kept = api.boot(flavor['id'], 'kept')
    cut = api.boot(flavor['id'], 'cut')
    context = nl_context.get_admin_context()
    compute = _cut_off_mid_build(aio, context, cut['id'])
    with sql_statements() as seen:
        compute.init_host(context)
    by_host = [s for s in seen if s.startswith('SELECT') and
               'FROM INSTANCES' in s and 'INSTANCES.HOST =' in s]
    # Once for both, and once more for the recount after the recovery.
    assert len(by_host) == 2, by_host
    assert compute.last_reconcile['failed'] == 1
    # (The test driver's host comes back with no guest: the server that
    # stays gets its guest again.)
    assert compute.last_reconcile['recreated'] == 1
    assert api.get('/servers/%s' % cut['id'])[1]['server'][
        'status'] == 'ERROR'
    assert api.get('/servers/%s' % kept['id'])[1]['server'][
        'status'] == 'ACTIVE'
    node = compute.rt.compute_node
    assert (node.vcpus_used, node.memory_mb_used) == (
        1, SMALL['ram'])


def test_a_stop_lets_the_builds_under_way_finish_first(all_in_one,
                                                       overrides):
    """Builds in flight when the all-in-one stops: the conductor's calls
    finish while the scheduler still answers, rather than waiting out
    their RPC timeout against a scheduler that stopped first."""
    overrides('rpc_response_timeout', 15)
    aio = all_in_one(hosts=1)
    api = aio.client
    flavor = api.create_flavor('tiny', ram=256)
    for index in range(8):
        api.boot(flavor['id'], 'vm%d' % index, wait=False)
    started = time.monotonic()
    all_in_one.stop(aio)
    assert time.monotonic() - started < 10
