# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A move the API accepted is durable: its migration is recorded before
the answer, so a move whose conductor never took it (stopped, its
message lost) is found by its source's abandoned-task check and rolled
back, visibly: the server as it was with a fault naming the move, the
migration in error, and the request's action ending in Error."""
import time

import pytest

from nova_lite import context as nl_context
from nova_lite import exception

LIVE = {'os-migrateLive': {'host': None, 'block_migration': 'auto'}}


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    return aio


def _stop_conductor(aio):
    """No conductor takes what the API sends from now on."""
    for svc in aio.services:
        if svc.binary == 'nova-lite-conductor':
            svc.stop()


def _compute(aio, host):
    return next(svc.manager for svc in aio.services
                if getattr(svc.manager, 'host', None) == host and
                hasattr(svc.manager, 'reconciler'))


def _get(aio, path):
    status, body = aio.client.get(
        path, headers={'OpenStack-API-Version': 'compute 2.86'})
    assert status == 200, body
    return body


def _accepted(aio, body, prepare=None):
    """A server booted, the move asked of it (after ``prepare(server)``)
    with the conductor stopped; the server, its request's id and its
    allocations before."""
    sid = aio.client.boot('m1')['id']
    server = _get(aio, '/servers/%s' % sid)['server']
    before = aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations']
    if prepare is not None:
        prepare(server)
    _stop_conductor(aio)
    status, answer = aio.client.post(
        '/servers/%s/action' % sid, body,
        headers={'OpenStack-API-Version': 'compute 2.86'})
    assert status in (200, 202), answer
    return server, aio.client.last.headers['x-openstack-request-id'], before


def _rolled_back(aio, server, request_id, before, kind, task):
    sid = server['id']
    host = server['OS-EXT-SRV-ATTR:host']
    details = '%s was cut off on %s; the server is back as it was on %s' % (
        task, host, host)
    migrations = _get(aio, '/os-migrations?instance_uuid=%s' % sid)[
        'migrations']
    # Recorded before the answer, though no conductor took the move.
    assert [(m['migration_type'], m['status'], m['source_compute'])
            for m in migrations] == [(kind, 'accepted', host)]
    assert _compute(aio, host).reconciler.finish_abandoned(
        nl_context.get_admin_context(), 0) == 1
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == host
    assert _get(aio, '/os-migrations?instance_uuid=%s' % sid)[
        'migrations'][0]['status'] == 'error'
    events = _get(aio, '/servers/%s/os-instance-actions/%s' % (
        sid, request_id))['instanceAction']['events']
    assert [(e['event'], e['details']) for e in events
            if e['result'] == 'Error'] == [('compute_init_host', details)]
    assert aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations'] == before


def test_a_live_migration_no_conductor_took_is_rolled_back(aio):
    server, request_id, before = _accepted(aio, LIVE)
    _rolled_back(aio, server, request_id, before, 'live-migration',
                 'migrating')


def test_an_evacuation_no_conductor_took_is_rolled_back(aio):
    def force_down(server):
        service = _get(aio, '/os-services?binary=nova-compute&host=%s'
                       % server['OS-EXT-SRV-ATTR:host'])['services'][0]
        status, body = aio.client.put(
            '/os-services/%s' % service['id'], {'forced_down': True},
            headers={'OpenStack-API-Version': 'compute 2.86'})
        assert status == 200, body
    server, request_id, before = _accepted(aio, {'evacuate': {}},
                                           force_down)
    _rolled_back(aio, server, request_id, before, 'evacuation',
                 'rebuilding')


def test_a_destination_keeps_what_the_scheduler_claimed_for_a_move(
        aio, monkeypatch):
    """Between the scheduler's claim on the destination and the moment
    the destination takes the server (its migration context), the
    destination's report must not take the claim for a stray."""
    sid = aio.client.boot('m1')['id']
    conductor = next(svc.manager for svc in aio.services
                     if svc.binary == 'nova-lite-conductor')
    for step in ('check_can_live_migrate_destination', 'live_migration'):
        monkeypatch.setattr(conductor.compute_api, step,
                            lambda *args, **kwargs: None)
    status, body = aio.client.post(
        '/servers/%s/action' % sid, LIVE,
        headers={'OpenStack-API-Version': 'compute 2.86'})
    assert status == 202, body
    deadline = time.monotonic() + 10
    while True:
        migration = _get(aio, '/os-migrations?instance_uuid=%s' % sid)[
            'migrations'][0]
        if migration['status'] == 'queued':
            break
        assert time.monotonic() < deadline, migration
        time.sleep(0.05)
    destination = _compute(aio, migration['dest_compute'])
    held = aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations']
    assert list(held) == [destination.rt.compute_node.uuid]
    destination.rt.update_available_resource(nl_context.get_admin_context())
    assert aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations'] == held


def test_a_live_migration_its_conductor_failed_says_so_on_its_action(
        aio, monkeypatch):
    """At 2.34+ the answer comes before the destination is checked: a
    check that fails there ends the conductor's step in Error on the
    request's action (the server, ACTIVE again, shows no fault)."""
    sid = aio.client.boot('m1')['id']
    conductor = next(svc.manager for svc in aio.services
                     if svc.binary == 'nova-lite-conductor')

    def refuse(*args, **kwargs):
        raise exception.MigrationPreCheckError(reason='not today')
    monkeypatch.setattr(conductor.compute_api,
                        'check_can_live_migrate_destination', refuse)
    status, body = aio.client.post(
        '/servers/%s/action' % sid, LIVE,
        headers={'OpenStack-API-Version': 'compute 2.86'})
    assert status == 202, body
    request_id = aio.client.last.headers['x-openstack-request-id']
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    events = _get(aio, '/servers/%s/os-instance-actions/%s' % (
        sid, request_id))['instanceAction']['events']
    assert [(e['event'], e['result']) for e in events] == [
        ('conductor_live_migrate_instance', 'Error')]
