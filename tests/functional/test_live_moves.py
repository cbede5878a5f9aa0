# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Live migration and evacuation between simulated hosts, driven by the
openstack client: where the server ends, the allocations held during and
after, the migration records, a live migration held under way (list,
show, force complete, abort), the source cleaning up after an evacuation
when it comes back, and the refusals that change nothing."""
import time

import pytest

from nova_lite import context as nl_context
from nova_lite.objects import compute_node as compute_node_obj
from tests.functional import compute_calls
from tests.functional import live_moves
from tests.functional import test_server_moves as moves


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    return aio


def _other(aio, host):
    return [h['hypervisor_hostname'] for h in aio.client.get(
        '/os-hypervisors')[1]['hypervisors']
        if h['hypervisor_hostname'] != host][0]


def test_live_migration_moves_the_running_server(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    dest = _other(aio, source)
    compute_calls.osc(env, 'server', 'migrate', '--live-migration',
                      '--host', dest, '--wait', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert (shown['OS-EXT-SRV-ATTR:host'],
            shown['OS-EXT-STS:power_state']) == (dest, 1)
    migration = moves._migrations(aio, sid)[0]
    assert (migration['migration_type'], migration['status']) == (
        'live-migration', 'completed')
    assert list(moves._allocations(aio, sid)) == [moves._root_of(aio,
                                                                 dest)]
    assert moves._allocations(aio, migration['uuid']) == {}
    assert sid in moves._compute(aio, dest).driver.list_instance_uuids()
    assert sid not in moves._compute(
        aio, source).driver.list_instance_uuids()
    assert moves._audit() == ['0 findings']
    events = compute_calls.osc(env, 'server', 'event', 'list', sid,
                               '-f', 'json')
    assert events[0]['Action'] == 'live-migration'
    # And back, the scheduler choosing (the only other host).
    compute_calls.osc(env, 'server', 'migrate', '--live-migration',
                      '--wait', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == source


@pytest.fixture
def held(aio, monkeypatch):
    """Live migrations from either host stay running until released;
    an abort makes the one under way fail."""
    release, _aborted = live_moves.hold(aio, monkeypatch)
    yield release
    release.set()


def _wait_migration(aio, sid, status, timeout=10):
    deadline = time.monotonic() + timeout
    while True:
        found = moves._migrations(aio, sid)
        if found and found[0]['status'] == status:
            return found[0]
        assert time.monotonic() < deadline, found
        time.sleep(0.05)


def test_a_live_migration_under_way_is_shown_and_completed(aio, held,
                                                           tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    compute_calls.osc(env, 'server', 'migrate', '--live-migration', sid)
    migration = _wait_migration(aio, sid, 'running')
    assert moves._server(aio, sid)['status'] == 'MIGRATING'
    listed = compute_calls.osc(env, 'server', 'migration', 'list',
                               '--server', sid, '-f', 'json')
    assert [m['Status'] for m in listed] == ['running']
    # (by uuid: this client's show by id asks for the wrong path, with
    # Nova too)
    shown = compute_calls.osc(env, 'server', 'migration', 'show', sid,
                              migration['uuid'], '-f', 'json')
    assert (shown['Status'], shown['Server UUID']) == ('running', sid)
    status, body = aio.client.get(
        '/servers/%s/migrations/%d' % (sid, migration['id']),
        headers={'OpenStack-API-Version': 'compute 2.80'})
    assert status == 200, body
    assert (body['migration']['status'], body['migration']['uuid'],
            body['migration']['server_uuid']) == ('running',
                                                  migration['uuid'], sid)
    compute_calls.osc(env, 'server', 'migration', 'force', 'complete',
                      sid, str(migration['id']))
    _wait_migration(aio, sid, 'completed')
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == migration['dest_compute']


def test_an_aborted_live_migration_leaves_the_server_where_it_was(
        aio, held, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    before = moves._allocations(aio, sid)
    compute_calls.osc(env, 'server', 'migrate', '--live-migration', sid)
    migration = _wait_migration(aio, sid, 'running')
    compute_calls.osc(env, 'server', 'migration', 'abort', sid,
                      str(migration['id']))
    _wait_migration(aio, sid, 'cancelled')
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert (shown['OS-EXT-SRV-ATTR:host'],
            shown['OS-EXT-STS:task_state']) == (source, None)
    assert moves._allocations(aio, sid) == before
    assert moves._allocations(aio, migration['uuid']) == {}
    assert moves._audit() == ['0 findings']


def _force_down(aio, host, down=True):
    status, body = aio.client.put(
        '/os-services/force-down',
        {'host': host, 'binary': 'nova-compute', 'forced_down': down},
        headers={'OpenStack-API-Version': 'compute 2.11'})
    assert status == 200, body


def test_evacuation_and_the_source_cleaning_up_when_back(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    error = compute_calls.osc(env, 'server', 'evacuate', sid, fails=True)
    assert 'Compute service of %s is still in use.' % source in error
    _force_down(aio, source)
    compute_calls.osc(env, 'server', 'evacuate', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    dest = shown['OS-EXT-SRV-ATTR:host']
    assert dest != source
    migration = moves._migrations(aio, sid)[0]
    assert (migration['migration_type'], migration['status']) == (
        'evacuation', 'done')
    # Where the guest went, by address, as for every move.
    assert migration['dest_host'] == aio.conf.my_ip
    # The source (down) keeps its allocation until it comes back.
    assert list(moves._allocations(aio, migration['uuid'])) == [
        moves._root_of(aio, source)]
    assert list(moves._allocations(aio, sid)) == [moves._root_of(aio,
                                                                 dest)]
    assert moves._audit() == ['0 findings']
    _force_down(aio, source, False)
    compute = moves._compute(aio, source)
    compute.reconciler.reconcile_host(nl_context.get_admin_context())
    assert sid not in compute.driver.list_instance_uuids()
    assert moves._migrations(aio, sid)[0]['status'] == 'completed'
    assert moves._allocations(aio, migration['uuid']) == {}
    assert moves._audit() == ['0 findings']


def test_from_2_95_an_evacuated_server_is_left_stopped(aio, tmp_path):
    """The openstack client at 2.95: the server is rebuilt on another host
    and left stopped there (its guest defined, not running); at 2.94 it
    runs again as before."""
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    _force_down(aio, source)
    # (No --wait: this client's wait for an evacuation never ends.)
    compute_calls.osc(env, 'server', 'evacuate', sid, version='2.95')
    shown = aio.client.wait_server(sid, ('SHUTOFF',), settled=True)
    dest = shown['OS-EXT-SRV-ATTR:host']
    assert dest != source
    assert (shown['OS-EXT-STS:vm_state'], shown['OS-EXT-STS:power_state']
            ) == ('stopped', 4)
    driver = moves._compute(aio, dest).driver
    assert sid in driver.list_instance_uuids()
    assert moves._migrations(aio, sid)[0]['status'] == 'done'
    assert list(moves._allocations(aio, sid)) == [moves._root_of(aio,
                                                                 dest)]
    # It starts as any stopped server does.
    compute_calls.osc(env, 'server', 'start', sid)
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    # At 2.94, back to the first host (which, up again, removed the
    # guest left behind), it runs there.
    _force_down(aio, source, False)
    moves._compute(aio, source).reconciler.reconcile_host(
        nl_context.get_admin_context())
    _force_down(aio, dest)
    compute_calls.osc(env, 'server', 'evacuate', sid, version='2.94')
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == source


def test_computes_capped_below_2_95_refuse_its_evacuation(all_in_one,
                                                          overrides):
    """During an upgrade (computes capped at RPC 1.5, the release before)
    an evacuation at 2.95 is a 409 changing nothing; at 2.94 it runs."""
    overrides('compute', '1.5', group='upgrade_levels')
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    _force_down(aio, source)
    status, body = aio.client.post(
        '/servers/%s/action' % sid, {'evacuate': {}},
        headers={'OpenStack-API-Version': 'compute 2.95'})
    assert status == 409, body
    assert 'too old' in body['conflictingRequest']['message']
    shown = moves._server(aio, sid)
    assert (shown['status'], shown['OS-EXT-STS:task_state'],
            shown['OS-EXT-SRV-ATTR:host']) == ('ACTIVE', None, source)
    assert moves._migrations(aio, sid) == []
    assert aio.client.post(
        '/servers/%s/action' % sid, {'evacuate': {}},
        headers={'OpenStack-API-Version': 'compute 2.94'})[0] == 200
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)


def test_deleting_the_service_of_an_evacuated_host_frees_its_allocations(
        aio):
    """Nova bug 1829479's leak does not happen: the evacuated server's
    allocation on the source goes with the source's service."""
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    _force_down(aio, source)
    assert aio.client.post('/servers/%s/action' % sid,
                           {'evacuate': {}}, headers={
                               'OpenStack-API-Version': 'compute 2.14'})[
        0] == 200
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    migration = moves._migrations(aio, sid)[0]
    services = aio.client.get(
        '/os-services?binary=nova-compute&host=%s' % source,
        headers={'OpenStack-API-Version': 'compute 2.53'})[1]['services']
    status, _ = aio.client.delete(
        '/os-services/%s' % services[0]['id'],
        headers={'OpenStack-API-Version': 'compute 2.53'})
    assert status == 204
    assert moves._allocations(aio, migration['uuid']) == {}
    assert moves._migrations(aio, sid)[0]['status'] == 'completed'


def test_bad_live_moves_change_nothing(aio):
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    dest = _other(aio, source)
    live = {'block_migration': 'auto'}
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=source)},
                   400, 'Unable to migrate instance (%s) to current host '
                   '(%s).' % (sid, source), '2.68')
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host='nope')},
                   400, 'Compute host nope could not be found.', '2.68')
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=dest,
                                                     force=True)},
                   400, 'Additional properties are not allowed', '2.68')
    moves._refused(aio, sid, {'os-migrateLive': {'host': None}}, 400,
                   "'block_migration' is a required property", '2.68')
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=None)},
                   400, "'disk_over_commit' is a required property", '2.24')
    moves._refused(aio, sid, {'evacuate': {}}, 400,
                   'Compute service of %s is still in use.' % source,
                   '2.68')
    _force_down(aio, dest)
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=dest)},
                   400, 'Compute service of %s is unavailable at this '
                   'time.' % dest, '2.68')
    _force_down(aio, dest, False)
    # A destination whose hypervisor is older than the source's.
    context = nl_context.get_admin_context()
    node = next(n for n in compute_node_obj.ComputeNodeList.get_all(
        context) if n.host == source)
    node.hypervisor_version += 1
    node.save()
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=dest)},
                   400, 'The instance requires a newer hypervisor version '
                   'than has been provided.', '2.30')
    node.hypervisor_version -= 1
    node.save()
    status, body = aio.client.post(
        '/servers/%s/migrations/12345/action' % sid,
        {'force_complete': None},
        headers={'OpenStack-API-Version': 'compute 2.22'})
    assert status == 404 and 'Migration 12345 not found' in str(body)
    assert aio.client.post('/servers/%s/action' % sid, {'migrate': None})[
        0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    cold = moves._migrations(aio, sid)[0]
    status, body = aio.client.delete(
        '/servers/%s/migrations/%d' % (sid, cold['id']),
        headers={'OpenStack-API-Version': 'compute 2.24'})
    assert status == 400 and 'Cannot abort live migration' in str(body)
    _force_down(aio, dest)
    moves._refused(aio, sid, {'os-migrateLive': dict(live, host=dest)},
                   409, 'vm_state resized', '2.68')


def test_a_live_migration_whose_request_was_lost_is_rolled_back(
        aio, monkeypatch):
    """The conductor claimed the destination but its cast to the source
    was lost: the source's abandoned-task check rolls the move back."""
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    before = moves._allocations(aio, sid)
    conductor = next(svc.manager for svc in aio.services
                     if hasattr(svc.manager, 'scheduler_api'))
    monkeypatch.setattr(conductor.compute_api, 'live_migration',
                        lambda *args, **kwargs: None)
    assert aio.client.post('/servers/%s/action' % sid, {'os-migrateLive': {
        'host': None, 'block_migration': 'auto'}}, headers={
            'OpenStack-API-Version': 'compute 2.68'})[0] == 202
    migration = _wait_migration(aio, sid, 'queued')
    assert moves._compute(aio, source).reconciler.finish_abandoned(
        nl_context.get_admin_context(), 0) == 1
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert (shown['OS-EXT-SRV-ATTR:host'],
            shown['OS-EXT-STS:task_state']) == (source, None)
    assert moves._allocations(aio, sid) == before
    assert moves._migrations(aio, sid)[0]['status'] == 'error'
    assert moves._allocations(aio, migration['uuid']) == {}
    assert moves._audit() == ['0 findings']


def _disable(aio, host):
    status, body = aio.client.put('/os-services/disable', {
        'host': host, 'binary': 'nova-compute'})
    assert status == 200, body


def test_a_forced_host_skips_the_filters_but_not_placement(aio):
    """2.30-2.67 ``force``: a disabled host the scheduler's filters
    refuse takes the server all the same (an evacuation's too, 2.29);
    without force it is refused, and from 2.68 force is no field."""
    sid = aio.client.boot('m1')['id']
    source = moves._server(aio, sid)['OS-EXT-SRV-ATTR:host']
    dest = _other(aio, source)
    _disable(aio, dest)

    def live(version, **body):
        action = {'os-migrateLive': dict(host=dest, block_migration='auto',
                                         **body)}
        return aio.client.post(
            '/servers/%s/action' % sid, action,
            headers={'OpenStack-API-Version': 'compute %s' % version})
    status, body = live('2.30', force=False)
    assert status == 400 and 'No valid host' in str(body), body
    assert live('2.68', force=True)[0] == 400
    assert moves._server(aio, sid)['OS-EXT-SRV-ATTR:host'] == source
    assert live('2.30', force=True)[0] == 202
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == dest
    assert list(moves._allocations(aio, sid)) == [moves._root_of(aio,
                                                                 dest)]

    # Back on the (disabled) source by an evacuation, forced.
    _disable(aio, source)
    _force_down(aio, dest)
    status, body = aio.client.post(
        '/servers/%s/action' % sid, {'evacuate': {
            'host': source, 'force': True}},
        headers={'OpenStack-API-Version': 'compute 2.29'})
    assert status == 200, body
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == source
    assert moves._audit() == ['0 findings']
