# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Resize and cold migration between simulated hosts, driven by the
openstack client: the states a user sees, the two allocations a move
holds (the source's under the migration's uuid) and the one it keeps,
the migration records, and the refusals that change nothing."""
import time

import pytest

from nova_lite.cmd import placement_audit
from nova_lite.compute import moves
from nova_lite.conductor import heal
from nova_lite import context as nl_context
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement
from tests.functional import compute_calls

ADMIN = {'X-Auth-Token': 'admin:admin'}


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    aio.client.create_flavor('m2', vcpus=2, ram=512, disk=2, flavor_id='m2')
    return aio


def _allocations(aio, consumer):
    """{provider uuid: {'resources': ...}} the consumer holds."""
    return {rp: {'resources': held['resources']} for rp, held in
            aio.placement_client.get('/allocations/%s' % consumer)[1][
                'allocations'].items()}


def _root_of(aio, host):
    for provider in aio.placement_client.get(
            '/resource_providers')[1]['resource_providers']:
        if provider['name'] == host:
            return provider['uuid']
    raise AssertionError('no provider named %s' % host)


def _migrations(aio, sid, version='2.80'):
    return aio.client.get(
        '/os-migrations?instance_uuid=%s' % sid,
        headers={'OpenStack-API-Version': 'compute %s' % version})[1][
        'migrations']


def _server(aio, sid):
    return aio.client.get('/servers/%s' % sid)[1]['server']


def test_resize_holds_both_ends_until_confirmed(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    compute_calls.osc(env, 'server', 'resize', '--flavor', 'm2', '--wait',
                      sid)
    shown = aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    dest = shown['OS-EXT-SRV-ATTR:host']
    assert dest != source
    assert shown['flavor']['id'] == 'm2'
    migration = _migrations(aio, sid)[0]
    assert (migration['status'], migration['migration_type'],
            migration['source_compute'], migration['dest_compute'],
            migration['old_instance_type_id'] !=
            migration['new_instance_type_id']) == (
        'finished', 'resize', source, dest, True)
    # Both ends held: the source's old flavor by the migration, the
    # destination's new one by the server.
    held = _allocations(aio, migration['uuid'])
    assert held[_root_of(aio, source)]['resources']['VCPU'] == 1
    assert _allocations(aio, sid)[_root_of(aio, dest)]['resources'][
        'VCPU'] == 2
    compute_calls.osc(env, 'server', 'resize', 'confirm', sid)
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert _migrations(aio, sid)[0]['status'] == 'confirmed'
    assert _allocations(aio, migration['uuid']) == {}
    assert list(_allocations(aio, sid)) == [_root_of(aio, dest)]
    events = compute_calls.osc(env, 'server', 'event', 'list', sid,
                               '-f', 'json')
    assert [e['Action'] for e in events][:2] == ['confirmResize', 'resize']


def test_revert_puts_the_server_back_as_it_was(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    before = _allocations(aio, sid)
    compute_calls.osc(env, 'server', 'resize', '--flavor', 'm2', '--wait',
                      sid)
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    compute_calls.osc(env, 'server', 'resize', 'revert', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == source
    assert shown['flavor']['id'] == 'm1'
    assert shown['OS-EXT-STS:power_state'] == 1
    assert _allocations(aio, sid) == before
    migration = _migrations(aio, sid)[0]
    assert migration['status'] == 'reverted'
    assert _allocations(aio, migration['uuid']) == {}
    assert _audit() == ['0 findings']


def test_cold_migration_to_a_named_host(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    other = [h['hypervisor_hostname'] for h in aio.client.get(
        '/os-hypervisors')[1]['hypervisors']
        if h['hypervisor_hostname'] != source][0]
    compute_calls.osc(env, 'server', 'migrate', '--host', other, '--wait',
                      sid)
    shown = aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == other
    listed = compute_calls.osc(env, 'server', 'migration', 'list',
                               '--server', sid, '-f', 'json')
    assert [(m['Source Compute'], m['Dest Compute'], m['Type'])
            for m in listed] == [(source, other, 'migration')]
    compute_calls.osc(env, 'server', 'migration', 'confirm', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == other


def test_a_stopped_server_stays_stopped(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    compute_calls.osc(env, 'server', 'stop', sid)
    aio.client.wait_server(sid, ('SHUTOFF',), settled=True)
    compute_calls.osc(env, 'server', 'migrate', '--wait', sid)
    shown = aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert shown['OS-EXT-STS:power_state'] == 4
    compute_calls.osc(env, 'server', 'resize', 'confirm', sid)
    aio.client.wait_server(sid, ('SHUTOFF',), settled=True)


def _refused(aio, sid, body, status, words, version=None):
    headers = {'OpenStack-API-Version': 'compute %s' % version} \
        if version else {}
    before = (_server(aio, sid), _allocations(aio, sid))
    got, answer = aio.client.post('/servers/%s/action' % sid, body,
                                  headers=headers)
    assert got == status, answer
    assert words in str(answer)
    after = (_server(aio, sid), _allocations(aio, sid))
    assert (after[0]['status'], after[0]['OS-EXT-SRV-ATTR:host'],
            after[0]['flavor'], after[1]) == (
        before[0]['status'], before[0]['OS-EXT-SRV-ATTR:host'],
        before[0]['flavor'], before[1])


def test_bad_moves_change_nothing(aio):
    aio.client.create_flavor('big', vcpus=64, ram=256, disk=1,
                             flavor_id='big')
    aio.client.create_flavor('tiny', vcpus=1, ram=256, disk=0,
                             flavor_id='tiny')
    sid = aio.client.boot('m1')['id']
    host = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    _refused(aio, sid, {'resize': {'flavorRef': 'm1'}}, 400,
             'When resizing, instances must change flavor!')
    _refused(aio, sid, {'resize': {'flavorRef': 'tiny'}}, 400,
             'Resize to zero disk flavor is not allowed.')
    _refused(aio, sid, {'resize': {'flavorRef': 'nope'}}, 400,
             'Unable to locate requested flavor.')
    _refused(aio, sid, {'resize': {'flavorRef': 'big'}}, 400,
             'No valid host')
    _refused(aio, sid, {'resize': {'flavorRef': 'm2', 'extra': 1}}, 400,
             'Additional properties are not allowed')
    _refused(aio, sid, {'migrate': {'host': host}}, 400,
             'Cannot migrate to the host where the server exists.', '2.56')
    _refused(aio, sid, {'migrate': {'host': 'nowhere'}}, 400,
             'Compute host nowhere could not be found.', '2.56')
    _refused(aio, sid, {'confirmResize': None}, 409, 'vm_state active')
    _refused(aio, sid, {'revertResize': None}, 409, 'vm_state active')
    assert [m['status'] for m in _migrations(aio, sid)] == ['error']
    # The refused resize's scheduling step says why, filter by filter.
    headers = {'OpenStack-API-Version': 'compute 2.84'}
    actions = aio.client.get('/servers/%s/os-instance-actions' % sid,
                             headers=headers)[1]['instanceActions']
    resize = next(a for a in actions if a['action'] == 'resize')
    events = aio.client.get('/servers/%s/os-instance-actions/%s' % (
        sid, resize['request_id']), headers=headers)[1][
        'instanceAction']['events']
    step = next(e for e in events
                if e['event'] == 'conductor_migrate_server')
    assert step['result'] == 'Error'
    assert 'No valid host: CoreFilter removed 1 of 1 hosts' in \
        step['details']
    # A smaller (not zero) disk is refused as well.
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2'}})[0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert aio.client.post('/servers/%s/action' % sid,
                           {'confirmResize': None})[0] == 204
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    _refused(aio, sid, {'resize': {'flavorRef': 'm1'}}, 400,
             'Server disk was unable to be resized because: Unable to '
             'resize disk down.')


def test_os_migrations_shapes_by_version(aio):
    sid = aio.client.boot('m1')['id']
    status, _ = aio.client.post('/servers/%s/action' % sid,
                                {'migrate': None})
    assert status == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    old = _migrations(aio, sid, '2.1')[0]
    assert 'migration_type' not in old and 'uuid' not in old
    mid = _migrations(aio, sid, '2.59')[0]
    assert mid['migration_type'] == 'migration' and 'uuid' in mid
    assert 'user_id' not in mid
    new = _migrations(aio, sid, '2.80')[0]
    assert new['project_id'] == _server(aio, sid)['tenant_id']
    status, body = aio.client.get(
        '/os-migrations?marker=nope',
        headers={'OpenStack-API-Version': 'compute 2.59'})
    assert status == 400 and 'Marker nope could not be found.' in str(body)
    status, body = aio.client.get(
        '/os-migrations?bogus=1',
        headers={'OpenStack-API-Version': 'compute 2.59'})
    assert status == 400
    status, body = aio.client.get(
        '/servers/%s/migrations' % sid,
        headers={'OpenStack-API-Version': 'compute 2.23'})
    assert (status, body) == (200, {'migrations': []})


def _audit():
    lines = []
    placement_audit.audit(nl_context.get_admin_context(), False,
                          lines.append)
    return lines


def test_the_audit_knows_moves_under_way_and_ended(aio, tmp_path):
    """A move under way holds two allocations and is no finding; the
    source's allocation left behind by a move that ended is one, and the
    conductor's periodic heal removes it."""
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    compute_calls.osc(env, 'server', 'migrate', '--wait', sid)
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert _audit() == ['0 findings']
    assert heal.heal(nl_context.get_admin_context()) == 0
    migration = _migrations(aio, sid)[0]
    compute_calls.osc(env, 'server', 'resize', 'confirm', sid)
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert _audit() == ['0 findings']
    # A confirm that crashed before it freed the source: what it left.
    placement.Placement.claim(nl_context.get_admin_context(),
                              migration['uuid'], _root_of(aio, source),
                              {'VCPU': 1}, 'p', 'u')
    assert _audit() == ['orphaned %s on %s (a move that has ended)' % (
        migration['uuid'], source), '1 finding']
    assert heal.heal(nl_context.get_admin_context()) == 1
    assert _allocations(aio, migration['uuid']) == {}


def _compute(aio, host):
    return next(svc.manager for svc in aio.services
                if getattr(svc.manager, 'host', None) == host and
                hasattr(svc.manager, 'moves'))


def _resized(aio):
    """A server resized to m2, waiting to be confirmed: its id, and the
    compute of its source."""
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2'}})[0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    return sid, _compute(aio, source)


def test_a_move_left_waiting_is_confirmed_by_its_source(aio):
    sid, compute = _resized(aio)
    context = nl_context.get_admin_context()
    assert compute.moves.confirm_overdue(context, 3600) == 0  # not yet
    assert compute.moves.confirm_overdue(context, 0) == 1
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['flavor']['id'] == 'm2'
    assert _migrations(aio, sid)[0]['status'] == 'confirmed'


def _confirm_cut_off(aio):
    """A resized server whose confirm the API accepted (its migration
    ``confirming``) but its source never carried out: the request was
    lost, or the source stopped as it took it."""
    sid, source = _resized(aio)
    context = nl_context.get_admin_context()
    migration, = migration_obj.MigrationList.get_by_filters(
        context, {'instance_uuid': sid})
    migration.set_status('confirming', ['finished'])
    return sid, source, migration.uuid


def _confirmed(aio, sid, migration):
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['flavor']['id'] == 'm2'
    assert _migrations(aio, sid)[0]['status'] == 'confirmed'
    assert _allocations(aio, migration) == {}
    assert _audit() == ['0 findings']


def test_a_confirm_cut_off_is_finished_when_its_source_starts(aio):
    sid, source, migration = _confirm_cut_off(aio)
    assert _server(aio, sid)['status'] == 'VERIFY_RESIZE'
    assert _allocations(aio, migration) != {}
    summary = source.reconciler.reconcile_host(
        nl_context.get_admin_context())
    assert summary['confirmed'] == 1
    _confirmed(aio, sid, migration)
    assert sid not in source.driver.list_instance_uuids()


def test_a_confirm_whose_request_was_lost_is_finished_by_its_source(aio):
    sid, source, migration = _confirm_cut_off(aio)
    context = nl_context.get_admin_context()
    assert source.reconciler.finish_abandoned(context, 3600) == 0  # not yet
    assert _allocations(aio, migration) != {}
    assert source.reconciler.finish_abandoned(context, 0) == 1
    _confirmed(aio, sid, migration)


class _Killed(BaseException):
    """The source's process ended here (SIGKILL): nothing after runs."""


def _killed(*args, **kwargs):
    raise _Killed()


# Each step of a source's confirm after its old guest went: where it is
# found (the source is killed just before it).
_CONFIRM_STEPS = {
    'freeing the claim': lambda source: (placement.Placement, 'unclaim'),
    'recounting the host': lambda source: (source.rt, 'settle'),
    'saving the server': lambda source: (moves.operations, 'end_task'),
    'ending the migration': lambda source: (migration_obj.Migration,
                                            'set_status')}


@pytest.mark.parametrize('step', sorted(_CONFIRM_STEPS))
def test_a_source_killed_at_any_step_of_a_confirm_finishes_it_as_it_starts(
        aio, monkeypatch, step):
    """Until the migration shows confirmed, its source, restarted, finds
    the confirm still to do and does it all again: the migration ends
    last, so no crash leaves it confirmed with the server still shown
    resized and no one to settle it."""
    sid, source, migration = _confirm_cut_off(aio)
    context = nl_context.get_admin_context()
    with monkeypatch.context() as patched:
        patched.setattr(*_CONFIRM_STEPS[step](source), _killed)
        with pytest.raises(_Killed):
            source.moves.confirm_resize(context, _instance(
                context, sid), migration_obj.Migration.get_by_uuid(
                    context, migration))
    assert source.reconciler.reconcile_host(context)['confirmed'] == 1
    _confirmed(aio, sid, migration)
    assert sid not in source.driver.list_instance_uuids()


def _instance(context, sid):
    return instance_obj.Instance.get_by_uuid(context, sid,
                                             expected_attrs=['flavor'])


@pytest.mark.parametrize('settled_at', ['start', 'abandoned-task check'])
def test_a_confirm_cut_off_after_its_migration_ended_settles_the_server(
        aio, settled_at):
    """The source stopped after it confirmed the move (old guest and the
    migration's claim gone, the migration confirmed) but before the
    server's own save: the server's host settles it as it starts, or,
    where only the source stopped (a cloud of several processes), at its
    check for abandoned tasks, which leaves a move still waiting to be
    confirmed alone."""
    sid, source = _resized(aio)
    context = nl_context.get_admin_context()
    dest = _compute(aio, _server(aio, sid)['OS-EXT-SRV-ATTR:host'])
    if settled_at == 'start':
        def settle():
            return dest.reconciler.reconcile_host(context)['running']
    else:
        def settle():
            return dest.reconciler.finish_abandoned(context, 0)
        assert settle() == 0
    migration, = migration_obj.MigrationList.get_by_filters(
        context, {'instance_uuid': sid})
    instance = instance_obj.Instance.get_by_uuid(context, sid)
    source.driver.confirm_migration(context, instance, False)
    placement.Placement.unclaim(context, migration.uuid)
    migration.set_status('confirmed')
    assert _server(aio, sid)['status'] == 'VERIFY_RESIZE'
    assert settle() == 1
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['flavor']['id'] == 'm2'
    assert _audit() == ['0 findings']


def test_a_source_restarted_keeps_the_old_guest_of_a_move_to_revert(aio):
    sid, compute = _resized(aio)
    summary = compute.reconciler.reconcile_host(
        nl_context.get_admin_context())
    assert summary['removed'] == 0
    assert sid in compute.driver.list_instance_uuids()
    assert aio.client.post('/servers/%s/action' % sid,
                           {'revertResize': None})[0] == 202
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert (shown['OS-EXT-SRV-ATTR:host'], shown['flavor']['id'],
            shown['OS-EXT-STS:power_state']) == (compute.host, 'm1', 1)


def test_deleting_a_resized_server_frees_both_ends(aio):
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    assert aio.client.post('/servers/%s/action' % sid,
                           {'migrate': None})[0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    migration = _migrations(aio, sid)[0]
    assert aio.client.delete('/servers/%s' % sid)[0] == 204
    aio.client.wait_server(sid, states=('DELETED',))
    assert _allocations(aio, sid) == {}
    assert _allocations(aio, migration['uuid']) == {}
    assert _migrations(aio, sid)[0]['status'] in ('confirmed', 'error')
    driver = _compute(aio, source).driver
    deadline = time.monotonic() + 10  # the source's confirm is a cast
    while sid in driver.list_instance_uuids() and \
            time.monotonic() < deadline:
        time.sleep(0.05)
    assert sid not in driver.list_instance_uuids()
    assert _audit() == ['0 findings']


def _wait_task(aio, sid, task, timeout=10):
    deadline = time.monotonic() + timeout
    while _server(aio, sid)['OS-EXT-STS:task_state'] != task:
        assert time.monotonic() < deadline, _server(aio, sid)
        time.sleep(0.05)


def test_a_move_whose_next_step_was_lost_is_rolled_back(
        aio, monkeypatch):
    """The source stopped its guest and sent finish_resize, which never
    arrived: the abandoned-task check rolls the move back, the server
    runs on its source with its old flavor and allocation."""
    sid = aio.client.boot('m1')['id']
    source = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    before = _allocations(aio, sid)
    compute = _compute(aio, source)
    monkeypatch.setattr(compute.computes, 'finish_resize',
                        lambda *args, **kwargs: None)
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2'}})[0] == 202
    _wait_task(aio, sid, 'resize_migrated')
    # The source's step shows before its handler has let the server go.
    deadline = time.monotonic() + 10
    while sid in compute.operations.busy():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert compute.reconciler.finish_abandoned(
        nl_context.get_admin_context(), 0) == 1
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert (shown['OS-EXT-SRV-ATTR:host'], shown['flavor']['id'],
            shown['OS-EXT-STS:power_state']) == (source, 'm1', 1)
    assert _allocations(aio, sid) == before
    migration = _migrations(aio, sid)[0]
    assert migration['status'] == 'error'
    assert _allocations(aio, migration['uuid']) == {}
    assert _audit() == ['0 findings']


def test_an_upsize_beyond_the_quota_is_refused(aio):
    aio.client.create_flavor('m4', vcpus=4, ram=256, disk=1, flavor_id='m4')
    sid = aio.client.boot('m1')['id']
    status, body = aio.client.put('/os-quota-sets/admin',
                                  {'quota_set': {'cores': 2}})
    assert status == 200, body
    _refused(aio, sid, {'resize': {'flavorRef': 'm4'}}, 403,
             'Quota exceeded for cores: Requested 3, but already used 1 '
             'of 2 cores')
    # A resize within the quota goes.
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2'}})[0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)


def test_reverting_a_downsize_beyond_the_quota_is_refused(aio):
    """A revert grows the server back: held to the quota as an upsize."""
    aio.client.create_flavor('m2-small', vcpus=1, ram=256, disk=2,
                             flavor_id='m2-small')
    sid = aio.client.boot('m2')['id']
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2-small'}})[0] == 202
    aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    aio.client.boot('m1')
    status, body = aio.client.put('/os-quota-sets/admin',
                                  {'quota_set': {'cores': 2}})
    assert status == 200, body
    _refused(aio, sid, {'revertResize': None}, 403,
             'Quota exceeded for cores: Requested 1, but already used 2 '
             'of 2 cores')
    assert _server(aio, sid)['status'] == 'VERIFY_RESIZE'
    assert aio.client.post('/servers/%s/action' % sid,
                           {'confirmResize': None})[0] == 204


def _hypervisor(aio, host):
    return next(h for h in aio.client.get('/os-hypervisors/detail')[1][
        'hypervisors'] if h['hypervisor_hostname'] == host)


def _resized_on_one_host(all_in_one, overrides):
    """An all-in-one of one host with a server resized there from m1 to
    m2, VERIFY_RESIZE: (aio, server id, host)."""
    overrides('allow_resize_to_same_host', True)
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    aio.client.create_flavor('m2', vcpus=2, ram=512, disk=2, flavor_id='m2')
    sid = aio.client.boot('m1')['id']
    host = _server(aio, sid)['OS-EXT-SRV-ATTR:host']
    assert aio.client.post('/servers/%s/action' % sid,
                           {'resize': {'flavorRef': 'm2'}})[0] == 202
    shown = aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == host
    return aio, sid, host


def test_a_resize_on_one_host_counts_both_flavors_until_confirmed(
        all_in_one, overrides):
    aio, sid, host = _resized_on_one_host(all_in_one, overrides)
    root = _root_of(aio, host)
    migration = _migrations(aio, sid)[0]
    assert _allocations(aio, migration['uuid'])[root]['resources'][
        'VCPU'] == 1
    assert _allocations(aio, sid)[root]['resources']['VCPU'] == 2
    usage = aio.placement_client.get('/resource_providers/%s/usages' %
                                     root)[1]['usages']
    assert usage['VCPU'] == 3
    assert _hypervisor(aio, host)['vcpus_used'] == 3
    assert aio.client.post('/servers/%s/action' % sid,
                           {'confirmResize': None})[0] == 204
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-STS:power_state'] == 1
    assert aio.placement_client.get('/resource_providers/%s/usages' %
                                    root)[1]['usages']['VCPU'] == 2
    assert _hypervisor(aio, host)['vcpus_used'] == 2
    assert sid in _compute(aio, host).driver.list_instance_uuids()
    assert _audit() == ['0 findings']


def test_a_resize_on_one_host_reverts_to_its_guest_running(
        all_in_one, overrides):
    """The resized guest is the same domain as the one reverted to: it
    runs again with the old flavor, not in ERROR."""
    aio, sid, host = _resized_on_one_host(all_in_one, overrides)
    assert aio.client.post('/servers/%s/action' % sid,
                           {'revertResize': None})[0] == 202
    shown = aio.client.wait_server(sid, ('ACTIVE', 'ERROR'), settled=True)
    assert (shown['status'], shown['OS-EXT-SRV-ATTR:host'],
            shown['flavor']['id'],
            shown['OS-EXT-STS:power_state']) == ('ACTIVE', host, 'm1', 1)
    assert sid in _compute(aio, host).driver.list_instance_uuids()
    assert _audit() == ['0 findings']


def test_os_migrations_pages_newest_first(aio):
    sid = aio.client.boot('m1')['id']
    for _ in range(3):
        assert aio.client.post('/servers/%s/action' % sid,
                               {'migrate': None})[0] == 202
        aio.client.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
        assert aio.client.post('/servers/%s/action' % sid,
                               {'confirmResize': None})[0] == 204
        aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    at = {'OpenStack-API-Version': 'compute 2.59'}
    every = aio.client.get('/os-migrations', headers=at)[1]['migrations']
    assert len(every) == 3
    assert [m['id'] for m in every] == sorted(
        (m['id'] for m in every), reverse=True)
    page = aio.client.get('/os-migrations?limit=2', headers=at)[1]
    assert [m['uuid'] for m in page['migrations']] == [
        m['uuid'] for m in every[:2]]
    assert 'marker=%s' % every[1]['uuid'] in page[
        'migrations_links'][0]['href']
    rest = aio.client.get('/os-migrations?limit=2&marker=%s' %
                          every[1]['uuid'], headers=at)[1]
    assert [m['uuid'] for m in rest['migrations']] == [every[2]['uuid']]
    assert 'migrations_links' not in rest


def test_a_move_that_fails_before_a_compute_takes_it_is_rolled_back(
        aio, monkeypatch):
    """The conductor's task rolls back whatever stopped it before the
    move was handed on: a scheduler that fails on the request (400, as a
    move with no host), or a destination the move cannot be sent to. The
    server, its allocation and its task are as they were; the migration
    ended in error."""
    from nova_lite.conductor.tasks import migrate
    from nova_lite.objects import flavor as flavor_obj
    from nova_lite.objects import instance as instance_obj
    from nova_lite.scheduler import manager as scheduler_manager
    sid = aio.client.boot('m1')['id']
    before = _allocations(aio, sid)
    real_place = scheduler_manager.SchedulerManager.place

    def broken(self, context, spec_obj, max_hosts=1):
        raise TypeError('a bug')
    monkeypatch.setattr(scheduler_manager.SchedulerManager, 'place', broken)
    _refused(aio, sid, {'resize': {'flavorRef': 'm2'}}, 400,
             'the scheduler failed: TypeError')
    monkeypatch.setattr(scheduler_manager.SchedulerManager, 'place',
                        real_place)
    conductor = next(s.manager for s in aio.services
                     if hasattr(s.manager, 'peers'))

    def unreachable(*args, **kwargs):
        raise RuntimeError('the destination cannot be reached')
    monkeypatch.setattr(conductor.compute_api, 'prep_resize', unreachable)
    context = nl_context.get_admin_context()
    instance = instance_obj.Instance.get_by_uuid(context, sid,
                                                 expected_attrs=['flavor'])
    instance.task_state = 'resize_prep'
    instance.save()
    task = migrate.MigrationTask(
        context, instance, conductor.peers,
        flavor_obj.Flavor.get_by_flavor_id(context, 'm2'))
    with pytest.raises(RuntimeError):
        task.execute()
    shown = _server(aio, sid)
    assert (shown['status'], shown['OS-EXT-STS:task_state'],
            shown['flavor']['id']) == ('ACTIVE', None, 'm1')
    assert _allocations(aio, sid) == before
    assert [m['status'] for m in _migrations(aio, sid)] == ['error'] * 2
    assert _allocations(aio, task.migration.uuid) == {}
