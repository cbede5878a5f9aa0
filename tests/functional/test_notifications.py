# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Versioned notifications of the all-in-one (``fake://``), received by a
listener as a consumer receives them: a flavor and a key pair made, a
server built with the key, stopped, started and deleted, each event in
the order Nova sends it, from the publisher Nova names, its payload
valid against its published schema; a build that fails says why
(``instance.create.error`` with its fault); the payload's words are
Nova's; nothing is sent unless a driver is configured, and a queue
that is full drops (and counts) instead of waiting."""
import datetime
import json
import os
import subprocess
import sys
import time

from oslo_utils import timeutils
import pytest
import requests

from nova_lite.compute import usage_audit
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite import metrics
from nova_lite.notifications import events
from nova_lite.notifications import sender
from nova_lite.objects import service as service_obj
from nova_lite_tools import ports
from tests.functional import compute_calls
from tests.functional import live_moves
from tests.functional import notification_calls

MANAGE = os.path.join(os.path.dirname(sys.executable), 'nova-lite-manage')


@pytest.fixture
def notified(all_in_one, overrides):
    """An all-in-one that sends notifications, and a listener of them."""
    overrides('driver', ['messagingv2'], group='oslo_messaging_notifications')
    sender.reset()
    aio = all_in_one(hosts=2)
    listener, received = notification_calls.listen(
        sender.get(aio.conf).transport)
    # The services' first start (the conductor, the scheduler, the two
    # computes), kept apart from what the test does.
    received.wait_for('service.create', count=4)
    received.at_start = received.clear()
    yield aio, received
    notification_calls.stop(listener)
    sender.reset()


def test_a_services_first_start_is_notified_by_the_service(notified):
    aio, received = notified
    assert sorted(publisher for event, _, publisher in received.at_start
                  if event == 'service.create') == [
        'nova-compute:sim-host-1', 'nova-compute:sim-host-2',
        'nova-conductor:%s' % aio.conf.host,
        'nova-scheduler:%s' % aio.conf.host]
    created = [payload['nova_object.data']
               for payload in received.payloads_at_start('service.create')]
    computes = sorted((data['binary'], data['host'], data['report_count'])
                      for data in created if data['topic'] == 'compute')
    assert computes == [('nova-compute', 'sim-host-1', 0),
                        ('nova-compute', 'sim-host-2', 0)]
    assert {data['version'] for data in created} == {
        service_obj.SERVICE_VERSION}


def test_a_servers_life_is_notified_in_order(notified):
    aio, received = notified
    server, resized = notification_calls.live_a_life(aio.client, received)
    assert received.events() == notification_calls.life_events(
        aio.conf.host, server, resized)
    assert notification_calls.invalid_payloads(received) == []

    created = received.payloads('instance.create.end')[0]
    assert (created['nova_object.name'], created['nova_object.namespace'],
            created['nova_object.version']) == (
        'InstanceCreatePayload', 'nova', '1.12')
    data = created['nova_object.data']
    assert (data['uuid'], data['state'], data['power_state'],
            data['host'], data['key_name']) == (
        server['id'], 'active', 'running',
        server['OS-EXT-SRV-ATTR:host'], 'k')
    assert data['flavor']['nova_object.data']['flavorid'] == 'm1'
    assert [k['nova_object.data']['name'] for k in data['keypairs']] == ['k']
    assert data['instance_name'] == server['OS-EXT-SRV-ATTR:instance_name']
    assert [ip['nova_object.data']['address'] for ip in data[
        'ip_addresses']] == [a['addr'] for net in server['addresses']
                             .values() for a in net]
    started = received.payloads('instance.create.start')[0][
        'nova_object.data']
    assert (started['state'], started['power_state'],
            started['launched_at']) == ('building', 'pending', None)
    stopped = received.payloads('instance.power_off.end')[0][
        'nova_object.data']
    assert (stopped['state'], stopped['power_state'],
            stopped['fault']) == ('stopped', 'shutdown', None)
    deleted = received.payloads('instance.delete.end')[0][
        'nova_object.data']
    assert deleted['state'] == 'deleted' and deleted['terminated_at']
    prep = received.payloads('instance.resize_prep.start')[0]
    assert prep['nova_object.name'] == 'InstanceActionResizePrepPayload'
    assert (prep['nova_object.data']['flavor']['nova_object.data'][
        'flavorid'], prep['nova_object.data']['new_flavor'][
        'nova_object.data']['flavorid']) == ('m1', 'm2')
    finished = received.payloads('instance.resize_finish.end')[0][
        'nova_object.data']
    assert (finished['state'], finished['host'],
            finished['flavor']['nova_object.data']['flavorid']) == (
        'resized', resized['OS-EXT-SRV-ATTR:host'], 'm2')


def test_a_failed_build_is_notified_with_its_fault(notified, monkeypatch):
    """Each host that fails the build says so, then the next is tried."""
    aio, received = notified
    aio.client.create_flavor('m1', flavor_id='m1')

    def spawn(context, instance):
        raise RuntimeError('the disk is on fire')
    for svc in aio.services:
        if svc.binary == service_obj.COMPUTE_BINARY:
            monkeypatch.setattr(svc.manager.driver, 'spawn', spawn)
    server = aio.client.boot('m1')
    assert server['status'] == 'ERROR'
    received.wait_for('instance.create.error', server['id'], count=2)
    events = received.events(server['id'])
    first, second = events[0][2], events[2][2]
    assert sorted([first, second]) == [
        'nova-compute:sim-host-1', 'nova-compute:sim-host-2']
    assert events == [
        ('instance.create.start', 'INFO', first),
        ('instance.create.error', 'ERROR', first),
        ('instance.create.start', 'INFO', second),
        ('instance.create.error', 'ERROR', second)]
    fault = received.payloads('instance.create.error')[0][
        'nova_object.data']['fault']['nova_object.data']
    assert (fault['exception'], fault['exception_message'],
            fault['function_name']) == (
        'RuntimeError', 'the disk is on fire', 'build_and_run_instance')
    assert notification_calls.invalid_payloads(received) == []


def _compute_task_errors(received):
    """(event type, priority, publisher, payload data) of each
    compute_task notification."""
    return [(entry[3], entry[1], entry[2], entry[4]['nova_object.data'])
            for entry in received.found
            if entry[3].startswith('compute_task.')]


def test_tasks_that_find_no_host_are_compute_task_errors(notified):
    """A build that finds no host, and a resize that finds none, are
    published by the conductor as Nova's are, with the request spec the
    scheduler was asked."""
    aio, received = notified
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    api.create_flavor('huge', flavor_id='huge', ram=10 ** 7)
    image = compute_calls.active_image(aio)
    assert requests.patch(
        aio.image_url + '/v2/images/%s' % image, headers={
            'X-Auth-Token': 'admin:admin',
            'Content-Type': 'application/openstack-images-v2.1-json-patch'},
        json=[{'op': 'add', 'path': '/hw_architecture', 'value': 'x86_64'},
              {'op': 'add', 'path': '/hw_qemu_guest_agent',
               'value': 'yes'}], timeout=10).status_code == 200
    refused = api.boot('huge', name='too-big', imageRef=image)
    assert refused['status'] == 'ERROR'
    server = api.boot('m1', name='small', imageRef=image)
    assert api.post('/servers/%s/action' % server['id'], {
        'resize': {'flavorRef': 'huge'}})[0] == 400  # Nova's words: 400
    received.wait_for('compute_task.migrate_server.error')
    assert sender.get(aio.conf).flush()

    (build, _, _, failed), (move, _, _, moved) = [
        (event, priority, publisher, data)
        for event, priority, publisher, data in _compute_task_errors(
            received)
        if priority == 'ERROR' and
        publisher == 'nova-conductor:%s' % aio.conf.host]
    assert (build, move) == ('compute_task.build_instances.error',
                             'compute_task.migrate_server.error')
    assert (failed['instance_uuid'], failed['state']) == (refused['id'],
                                                          'error')
    reason = failed['reason']['nova_object.data']
    assert (reason['exception'], reason['function_name']) == (
        'NoValidHost', 'build_instances')
    assert 'RamFilter' in reason['exception_message']
    spec = failed['request_spec']['nova_object.data']
    assert (spec['instance_uuid'], spec['num_instances'],
            spec['security_groups'], spec['instance_group']) == (
        refused['id'], 1, ['default'], None)
    assert spec['flavor']['nova_object.data']['flavorid'] == 'huge'
    built_from = spec['image']['nova_object.data']
    assert (built_from['id'], built_from['disk_format'],
            built_from['properties']['nova_object.data']) == (
        image, 'raw', {'hw_architecture': 'x86_64',
                       'hw_qemu_guest_agent': True})
    assert (moved['instance_uuid'], moved['state']) == (server['id'],
                                                        'active')
    assert moved['request_spec']['nova_object.data']['flavor'][
        'nova_object.data']['flavorid'] == 'huge'
    assert moved['request_spec']['nova_object.data']['ignore_hosts'] == [
        server['OS-EXT-SRV-ATTR:host']]
    assert notification_calls.invalid_payloads(received) == []


def test_a_reverted_resize_is_notified_by_both_hosts(notified):
    aio, received = notified
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    api.create_flavor('m2', flavor_id='m2', ram=1024)
    server = api.boot('m1')
    path = '/servers/%s/action' % server['id']
    assert api.post(path, {'resize': {'flavorRef': 'm2'}})[0] == 202
    moved = api.wait_server(server['id'], ('VERIFY_RESIZE',), timeout=60)
    assert api.post(path, {'revertResize': None})[0] == 202
    received.wait_for('instance.resize_revert.end', server['id'])
    source = 'nova-compute:%s' % server['OS-EXT-SRV-ATTR:host']
    dest = 'nova-compute:%s' % moved['OS-EXT-SRV-ATTR:host']
    assert received.events(server['id'])[-2:] == [
        ('instance.resize_revert.start', 'INFO', dest),
        ('instance.resize_revert.end', 'INFO', source)]
    back = received.payloads('instance.resize_revert.end')[0][
        'nova_object.data']
    assert (back['host'], back['state'],
            back['flavor']['nova_object.data']['flavorid']) == (
        server['OS-EXT-SRV-ATTR:host'], 'active', 'm1')
    assert notification_calls.invalid_payloads(received) == []


def _act(api, server_id, body, states):
    status, answer = api.post('/servers/%s/action' % server_id, body)
    assert status in (200, 202), answer  # rescue: 200 and a password
    return api.wait_server(server_id, states, timeout=30, settled=True)


def test_each_action_is_notified_with_its_payload(notified):
    """rescue, unrescue, createImage, rebuild, shelve (offloaded at
    once, the default) and unshelve: start and end, in order, each with
    Nova's payload of it; a rebuild and a shelve are preceded by the
    server's usage so far (instance.exists)."""
    aio, received = notified
    api = aio.client
    image = compute_calls.active_image(aio)
    api.create_flavor('m1', flavor_id='m1')
    sid = api.boot('m1', imageRef=image)['id']
    _act(api, sid, {'rescue': {'rescue_image_ref': image}}, ('RESCUE',))
    _act(api, sid, {'unrescue': None}, ('ACTIVE',))
    _act(api, sid, {'createImage': {'name': 'snap'}}, ('ACTIVE',))
    _act(api, sid, {'rebuild': {'imageRef': image}}, ('ACTIVE',))
    _act(api, sid, {'shelve': None}, ('SHELVED_OFFLOADED',))
    unshelved = _act(api, sid, {'unshelve': None}, ('ACTIVE',))
    received.wait_for('instance.unshelve.end', sid)
    actions = ['rescue', 'unrescue', 'snapshot', 'exists', 'rebuild',
               'exists', 'shelve', 'shelve_offload', 'unshelve']
    assert [event for event, _p, _h in received.events(sid)][2:] == [
        'instance.%s' % action if action == 'exists' else
        'instance.%s.%s' % (action, phase) for action in actions
        for phase in (('',) if action == 'exists' else ('start', 'end'))]
    existed = received.payloads('instance.exists')[0]
    assert existed['nova_object.name'] == 'InstanceExistsPayload'
    period = existed['nova_object.data']['audit_period']['nova_object.data']
    assert period['audit_period_beginning'].endswith('-01T00:00:00Z')
    assert received.events(sid)[-1][2] == 'nova-compute:%s' % unshelved[
        'OS-EXT-SRV-ATTR:host']
    names = {event: received.payloads(event)[0]['nova_object.name']
             for event in ('instance.rescue.start', 'instance.rebuild.end',
                           'instance.snapshot.end', 'instance.shelve.end')}
    assert names == {
        'instance.rescue.start': 'InstanceActionRescuePayload',
        'instance.rebuild.end': 'InstanceActionRebuildPayload',
        'instance.snapshot.end': 'InstanceActionSnapshotPayload',
        'instance.shelve.end': 'InstanceActionPayload'}
    assert received.payloads('instance.rescue.start')[0][
        'nova_object.data']['rescue_image_ref'] == image
    snapshot = received.payloads('instance.snapshot.end')[0][
        'nova_object.data']['snapshot_image_id']
    assert requests.get(aio.image_url + '/v2/images/%s' % snapshot,
                        headers={'X-Auth-Token': 'admin:admin'},
                        timeout=10).json()['name'] == 'snap'
    offloaded = received.payloads('instance.shelve_offload.end')[0][
        'nova_object.data']
    assert (offloaded['state'], offloaded['host']) == (
        'shelved_offloaded', None)
    assert notification_calls.invalid_payloads(received) == []


def test_aggregates_groups_and_services_are_notified(notified):
    aio, received = notified
    api = aio.client
    status, made = api.post('/os-aggregates', {'aggregate': {
        'name': 'agg', 'availability_zone': 'z1'}})
    assert status == 200, made
    path = '/os-aggregates/%d' % made['aggregate']['id']
    for body in ({'add_host': {'host': 'sim-host-1'}},
                 {'set_metadata': {'metadata': {'k': 'v'}}},
                 {'remove_host': {'host': 'sim-host-1'}}):
        assert api.post(path + '/action', body)[0] == 200
    assert api.put(path, {'aggregate': {'name': 'agg2'}})[0] == 200
    assert api.delete(path)[0] == 200
    api.create_flavor('m1', flavor_id='m1')
    group = api.post('/os-server-groups', {'server_group': {
        'name': 'g', 'policies': ['anti-affinity']}})[1]['server_group']
    status, body = api.post('/servers', {
        'server': {'name': 'member', 'flavorRef': 'm1'},
        'os:scheduler_hints': {'group': group['id']}})
    assert status == 202, body
    member = api.wait_server(body['server']['id'])
    assert api.delete('/servers/%s' % member['id'])[0] == 204
    api.wait_server(member['id'], ('DELETED',))
    assert api.delete('/os-server-groups/%s' % group['id'])[0] == 204
    service = [s for s in api.get('/os-services', **compute_calls.at(
        '2.53'))[1]['services'] if s['host'] == 'sim-host-2'][0]
    assert api.put('/os-services/%s' % service['id'], {
        'status': 'disabled', 'disabled_reason': 'maintenance'},
        **compute_calls.at('2.53'))[0] == 200
    received.wait_for('service.update')
    api_host = 'nova-api:%s' % aio.conf.host
    events = [(event, priority) for event, priority, publisher
              in received.events()
              if publisher == api_host and not event.startswith('flavor')]
    assert events == [('aggregate.%s.%s' % (action, phase), 'INFO')
                      for action in ('create', 'add_host',
                                     'update_metadata', 'remove_host',
                                     'update_prop', 'delete')
                      for phase in ('start', 'end')] + [
        ('server_group.create', 'INFO'), ('server_group.add_member', 'INFO'),
        ('server_group.delete', 'INFO')]
    start = received.payloads('aggregate.create.start')[0]['nova_object.data']
    assert 'id' not in start and 'hosts' not in start
    assert start['metadata'] == {'availability_zone': 'z1'}
    added = received.payloads('aggregate.add_host.end')[0]['nova_object.data']
    assert added['hosts'] == ['sim-host-1']
    joined = received.payloads('server_group.add_member')[0][
        'nova_object.data']
    assert (joined['members'], joined['policy']) == (
        [member['id']], 'anti-affinity')
    # As Nova's: the service is the publisher, not the API.
    assert ('service.update', 'INFO', 'nova-compute:sim-host-2') in \
        received.events()
    updated = received.payloads('service.update')[0]['nova_object.data']
    assert (updated['binary'], updated['host'], updated['disabled'],
            updated['disabled_reason']) == (
        'nova-compute', 'sim-host-2', True, 'maintenance')
    assert notification_calls.invalid_payloads(received) == []


def _live_migrating(api):
    """A server booted and asked to live-migrate wherever the scheduler
    finds room (the 202 checked): the server as it was before."""
    api.create_flavor('m1', flavor_id='m1')
    server = api.boot('m1')
    assert api.post('/servers/%s/action' % server['id'], {
        'os-migrateLive': {'host': None, 'block_migration': 'auto'}},
        **compute_calls.at('2.25'))[0] == 202
    return server


def test_a_live_migration_is_notified_by_both_hosts(notified):
    aio, received = notified
    api = aio.client
    server = _live_migrating(api)
    received.wait_for('instance.live_migration_post.end', server['id'])
    moved = api.wait_server(server['id'], ('ACTIVE',), settled=True)
    source = 'nova-compute:%s' % server['OS-EXT-SRV-ATTR:host']
    dest = 'nova-compute:%s' % moved['OS-EXT-SRV-ATTR:host']
    assert source != dest
    assert received.events(server['id'])[2:] == [
        ('instance.live_migration_pre.start', 'INFO', dest),
        ('instance.live_migration_pre.end', 'INFO', dest),
        ('instance.live_migration_post.start', 'INFO', source),
        ('instance.live_migration_post_dest.start', 'INFO', dest),
        ('instance.live_migration_post_dest.end', 'INFO', dest),
        ('instance.live_migration_post.end', 'INFO', source)]
    assert received.payloads('instance.live_migration_post_dest.end')[0][
        'nova_object.data']['host'] == moved['OS-EXT-SRV-ATTR:host']
    assert notification_calls.invalid_payloads(received) == []


def _held_live_migration(aio, received, monkeypatch):
    """A server's live migration held under way once its destination is
    ready (the pre step notified): (api, server, the migration's path)."""
    live_moves.hold(aio, monkeypatch)
    api = aio.client
    server = _live_migrating(api)
    received.wait_for('instance.live_migration_pre.end', server['id'])
    return api, server, _migration_under_way(api, server)


def _migration_under_way(api, server):
    """The path of the server's live migration, once it is listed as
    under way."""
    path = '/servers/%s/migrations' % server['id']
    deadline = time.monotonic() + 10
    while not api.get(path, **compute_calls.at('2.24'))[1]['migrations']:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    migration = api.get(path, **compute_calls.at('2.24'))[1][
        'migrations'][0]
    return '%s/%d' % (path, migration['id'])


def test_a_forced_live_migration_is_notified_by_its_source(
        notified, monkeypatch):
    received = notified[1]
    api, server, path = _held_live_migration(*notified, monkeypatch)
    assert api.post(path + '/action', {'force_complete': None},
                    **compute_calls.at('2.22'))[0] == 202
    received.wait_for('instance.live_migration_post.end', server['id'])
    source = 'nova-compute:%s' % server['OS-EXT-SRV-ATTR:host']
    forced = ['instance.live_migration_force_complete.start',
              'instance.live_migration_force_complete.end',
              'instance.live_migration_post.start']
    events = received.events(server['id'])
    assert [event for event in events if event[0] in forced] == [
        (event, 'INFO', source) for event in forced]
    assert notification_calls.invalid_payloads(received) == []


def test_an_aborted_live_migration_is_rolled_back_and_notified(
        notified, monkeypatch):
    received = notified[1]
    api, server, path = _held_live_migration(*notified, monkeypatch)
    assert api.delete(path, **compute_calls.at('2.24'))[0] == 202
    received.wait_for('instance.live_migration_rollback_dest.end',
                      server['id'])
    events = [event for event, _p, _h in received.events(server['id'])]
    # The source's rollback casts to the destination's: each host's in
    # order, the destination's after the source's began.
    for rolled in (['instance.live_migration_abort.start',
                    'instance.live_migration_rollback.start',
                    'instance.live_migration_rollback.end'],
                   ['instance.live_migration_rollback.start',
                    'instance.live_migration_rollback_dest.start',
                    'instance.live_migration_rollback_dest.end']):
        assert [event for event in events if event in rolled] == rolled
    assert 'instance.live_migration_abort.end' in events
    assert 'instance.live_migration_post.start' not in events
    assert notification_calls.invalid_payloads(received) == []


def test_a_call_that_fails_on_a_compute_is_a_compute_exception(
        notified, monkeypatch):
    """The destination's pre-migration step fails: that compute
    publishes compute.exception (ERROR, with the traceback), the source
    rolls the live migration back."""
    aio, received = notified

    def pre_live_migration(context, instance, block_migration):
        raise RuntimeError('no room for the disk')
    for svc in aio.services:
        if svc.binary == service_obj.COMPUTE_BINARY:
            monkeypatch.setattr(svc.manager.driver, 'pre_live_migration',
                                pre_live_migration)
    api = aio.client
    server = _live_migrating(api)
    received.wait_for('instance.live_migration_rollback.end', server['id'])
    failed = [(priority, publisher) for event, priority, publisher
              in received.events() if event == 'compute.exception']
    assert failed == [('ERROR', 'nova-compute:%s' % (
        {'sim-host-1', 'sim-host-2'} - {server['OS-EXT-SRV-ATTR:host']}
    ).pop())]
    error = received.payloads('compute.exception')[0]
    assert error['nova_object.name'] == 'ExceptionPayload'
    data = error['nova_object.data']
    assert (data['function_name'], data['exception'],
            data['exception_message']) == (
        'pre_live_migration', 'RuntimeError', 'no room for the disk')
    assert 'Traceback' in data['traceback']
    assert notification_calls.invalid_payloads(received) == []


def test_an_expected_refusal_is_published_as_itself(notified, monkeypatch):
    """A destination that cannot take a live migration refuses it (an
    expected error of the call): compute.exception names that error, not
    the messaging layer's wrapper of it."""
    aio, received = notified

    def move_claim(*args, **kwargs):
        raise exception.ComputeResourcesUnavailable(reason='no room')
    for svc in aio.services:
        if svc.binary == service_obj.COMPUTE_BINARY:
            monkeypatch.setattr(svc.manager.rt, 'move_claim', move_claim)
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    server = api.boot('m1')
    status, answer = api.post('/servers/%s/action' % server['id'], {
        'os-migrateLive': {'host': None, 'block_migration': 'auto'}},
        **compute_calls.at('2.25'))
    assert status == 400 and 'no room' in answer['badRequest']['message']
    received.wait_for('compute.exception')
    data = received.payloads('compute.exception')[0]['nova_object.data']
    assert (data['function_name'], data['exception'],
            data['module_name']) == (
        'check_can_live_migrate_destination', 'MigrationPreCheckError',
        'nova_lite.exception')


def test_nothing_is_sent_without_a_driver(all_in_one):
    sender.reset()
    aio = all_in_one(hosts=1)
    listener, received = notification_calls.listen(
        sender.get(aio.conf).transport)
    try:
        assert not events.enabled(aio.conf)  # no payload is even made
        aio.client.create_flavor('m1', flavor_id='m1')
        assert aio.client.boot('m1')['status'] == 'ACTIVE'
        assert sender.get(aio.conf).flush()
        assert received.events() == []
    finally:
        notification_calls.stop(listener)
        sender.reset()


def test_a_broker_away_drops_and_counts_and_never_slows_the_api(
        all_in_one, overrides):
    """Notifications to a broker that does not answer: the sending
    thread waits on the first, the queue fills, the rest are dropped and
    counted; the API answers as quickly as ever."""
    overrides('driver', ['messagingv2'], group='oslo_messaging_notifications')
    overrides('transport_url', 'rabbit://guest:guest@127.0.0.1:%d/'
              % ports.free_port(), group='oslo_messaging_notifications')
    overrides('retry', 1, group='oslo_messaging_notifications')
    overrides('queue_size', 2, group='notifications')
    sender.reset()
    aio = all_in_one(hosts=1)
    dropped = _dropped()
    started = time.monotonic()
    try:
        for index in range(8):
            aio.client.create_flavor('f%d' % index, flavor_id='f%d' % index)
        took = time.monotonic() - started
    finally:
        sender.reset()
    assert took < 5, took
    assert _dropped() - dropped >= 5


def _dropped():
    return notification_calls.sample(metrics.NOTIFICATIONS_DROPPED)


def test_the_payload_schemas_are_published():
    done = subprocess.run([MANAGE, 'notification', 'schemas'],
                          capture_output=True, text=True, check=True)
    published = json.loads(done.stdout)
    assert {'InstanceActionPayload', 'InstanceCreatePayload',
            'FlavorPayload', 'KeypairPayload', 'ExceptionPayload',
            'IpPayload'} <= set(published)
    data = published['InstanceActionPayload']['properties'][
        'nova_object.data']
    assert data['additionalProperties'] is False
    assert 'fault' in data['required'] and 'locked_reason' in data[
        'required']


def test_an_evacuation_is_notified_by_its_destination(notified):
    """``instance.evacuate`` as Nova publishes it: from the destination,
    naming the API as its source, once the server is the destination's
    and is being rebuilt there."""
    aio, received = notified
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1')
    source = aio.client.get('/servers/%s' % server['id'])[1]['server'][
        'OS-EXT-SRV-ATTR:host']
    status, body = aio.client.put(
        '/os-services/force-down',
        {'host': source, 'binary': 'nova-compute', 'forced_down': True},
        **compute_calls.at('2.11'))
    assert status == 200, body
    status, body = aio.client.post('/servers/%s/action' % server['id'],
                                   {'evacuate': {}},
                                   **compute_calls.at('2.29'))
    assert status == 200, body
    aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    # What the server shows comes before a listener's delivery.
    received.wait_for('instance.evacuate', server['id'])
    dest = ({'sim-host-1', 'sim-host-2'} - {source}).pop()
    evacuated = [event for event in received.events(server['id'])
                 if event[0] == 'instance.evacuate']
    assert evacuated == [('instance.evacuate', 'INFO', 'nova-api:%s' % dest)]
    data = received.payloads('instance.evacuate')[0]['nova_object.data']
    assert (data['host'], data['node'], data['task_state']) == (
        dest, dest, 'rebuilding')
    assert notification_calls.invalid_payloads(received) == []


def _state_updates(received, about):
    """(old_state, state, old_task_state, new_task_state, old name) of
    each instance.update about the server ``about``, in order."""
    found = []
    for payload in received.payloads('instance.update'):
        data = payload['nova_object.data']
        if data['uuid'] != about:
            continue
        states = data['state_update']['nova_object.data']
        found.append((states['old_state'], states['state'],
                      states['old_task_state'], states['new_task_state'],
                      data['old_display_name']))
    return found


@pytest.mark.parametrize('watched, expected', [
    ('vm_and_task_state', [
        ('building', 'building', 'scheduling', 'spawning', None),
        ('building', 'active', 'spawning', None, None),
        ('active', 'active', None, None, 'first')]),
    # Only a VM state's change is one: the others show the states as
    # they are, twice.
    ('vm_state', [
        ('building', 'building', 'spawning', 'spawning', None),
        ('building', 'active', 'spawning', None, None),
        ('active', 'active', None, None, 'first')])])
def test_a_servers_writes_are_instance_updates_when_asked(
        notified, overrides, watched, expected):
    """``notify_on_state_change`` as in Nova: each write of the server
    (its build taken by the compute, its build done, a rename) is an
    instance.update, with the states before and after and the usage
    audit period under way."""
    aio, received = notified
    overrides('notify_on_state_change', watched, group='notifications')
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1', name='first')
    assert aio.client.put('/servers/%s' % server['id'], {
        'server': {'name': 'second'}})[0] == 200
    received.wait_for('instance.update', server['id'], count=3)
    assert _state_updates(received, server['id']) == expected
    assert {publisher for event, _, publisher in received.events()
            if event == 'instance.update'} == {
        'nova-compute:%s' % aio.conf.host}
    data = received.payloads('instance.update')[-1]['nova_object.data']
    assert data['display_name'] == 'second'
    period = data['audit_period']['nova_object.data']
    assert period['audit_period_beginning'].endswith('-01T00:00:00Z')
    assert notification_calls.invalid_payloads(received) == []


def test_no_instance_update_unless_asked(notified):
    aio, received = notified
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1')
    assert aio.client.put('/servers/%s' % server['id'], {
        'server': {'name': 'renamed'}})[0] == 200
    received.wait_for('instance.create.end', server['id'])
    assert sender.get(aio.conf).flush()
    assert 'instance.update' not in [event for event, _, _ in
                                     received.events()]


def test_the_usage_audit_publishes_what_existed(notified, overrides):
    """Each server active in the audited period (a deleted one too) is
    an instance.exists of that period, from its compute, as billing
    reads them."""
    aio, received = notified
    overrides('instance_usage_audit_period', 'day')
    aio.client.create_flavor('m1', flavor_id='m1')
    servers = [aio.client.boot('m1') for _ in range(2)]
    assert aio.client.delete('/servers/%s' % servers[0]['id'])[0] == 204
    received.wait_for('instance.delete.end', servers[0]['id'])
    tomorrow = timeutils.utcnow() + datetime.timedelta(days=1)
    context = nl_context.get_admin_context()
    for svc in aio.services:
        if svc.binary == service_obj.COMPUTE_BINARY:
            usage_audit.audit(context, svc.manager.conf, svc.manager.host,
                              now=tomorrow)
    received.wait_for('instance.exists', count=2)
    existed = {payload['nova_object.data']['uuid']:
               payload['nova_object.data']
               for payload in received.payloads('instance.exists')}
    assert sorted(existed) == sorted(s['id'] for s in servers)
    today = timeutils.utcnow().strftime('%Y-%m-%dT00:00:00Z')
    for server in servers:
        data = existed[server['id']]
        period = data['audit_period']['nova_object.data']
        assert (period['audit_period_beginning'], data['host']) == (
            today, server['OS-EXT-SRV-ATTR:host'])
    assert existed[servers[0]['id']]['state'] == 'deleted'
    assert {publisher for event, _, publisher in received.events()
            if event == 'instance.exists'} == {
        'nova-compute:%s' % s['OS-EXT-SRV-ATTR:host'] for s in servers}
    assert notification_calls.invalid_payloads(received) == []
