# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The keys of a migration record, of a server's actions and of a
project's usage at every compute microversion from 2.1 to 2.104, as
Nova's API reference gives them: a migration's type from 2.23, its uuid
from 2.59, its user and project from 2.80; an action's updated_at from
2.58; its events shown to members from 2.51 (never the traceback), their
host (admins) and hostId from 2.62, their details (admins) from 2.84;
a usage's keys at every version; a server's diagnostics (libvirt's
flat keys before 2.48, Nova's common ones from 2.48); a
live migration under way, as its server lists and shows it (2.23; its
uuid from 2.59, its user and project from 2.80) and as os-migrations
lists it with links to it (2.23)."""
import re
import time

import pytest

from tests.functional import compute_calls
from tests.functional import live_moves

MAX_MINOR = compute_calls.NEWEST_MINOR
keys_at = compute_calls.keys_at
ALWAYS = compute_calls.ALWAYS
MIGRATION = dict.fromkeys((
    'id', 'status', 'instance_uuid', 'source_node', 'dest_node',
    'source_compute', 'dest_compute', 'dest_host', 'old_instance_type_id',
    'new_instance_type_id', 'created_at', 'updated_at'), ALWAYS)
MIGRATION.update(migration_type=(23, None), uuid=(59, None),
                 user_id=(80, None), project_id=(80, None))
ACTION = dict.fromkeys(('action', 'instance_uuid', 'request_id', 'user_id',
                        'project_id', 'start_time', 'message'), ALWAYS)
ACTION['updated_at'] = (58, None)
# A live migration under way as its server shows it (404 before 2.23).
SERVER_MIGRATION = dict.fromkeys((
    'id', 'server_uuid', 'status', 'source_node', 'dest_node',
    'source_compute', 'dest_compute', 'dest_host', 'memory_total_bytes',
    'memory_processed_bytes', 'memory_remaining_bytes', 'disk_total_bytes',
    'disk_processed_bytes', 'disk_remaining_bytes', 'created_at',
    'updated_at'), (23, None))
SERVER_MIGRATION.update(uuid=(59, None), user_id=(80, None),
                        project_id=(80, None))
# The same in os-migrations: self and bookmark links to it from 2.23.
LIVE_MIGRATION = dict(MIGRATION, links=(23, None))
# key: (first minor version, admins only)
EVENT = {'event': (1, False), 'start_time': (1, False),
         'finish_time': (1, False), 'result': (1, False),
         'traceback': (1, True), 'host': (62, True), 'hostId': (62, False),
         'details': (84, True)}

USAGE = dict.fromkeys(('tenant_id', 'server_usages', 'total_local_gb_usage',
                       'total_vcpus_usage', 'total_memory_mb_usage',
                       'total_hours', 'start', 'stop'), ALWAYS)
SERVER_USAGE = dict.fromkeys(('instance_id', 'name', 'hours', 'memory_mb',
                              'local_gb', 'vcpus', 'tenant_id', 'flavor',
                              'started_at', 'ended_at', 'state', 'uptime'),
                             ALWAYS)
# From 2.48 a server's diagnostics are the same keys whatever the driver
# (before, each driver's own).
DIAGNOSTICS = dict.fromkeys((
    'state', 'driver', 'hypervisor', 'hypervisor_os', 'uptime',
    'config_drive', 'num_cpus', 'num_nics', 'num_disks', 'cpu_details',
    'nic_details', 'disk_details', 'memory_details'), (48, None))
# Before, libvirt's flat keys: a time per vCPU, the memory, eight per
# vNIC (named by its tap: ``tap*_``), five per disk (vda_read ...
# vda_errors, of which a simulated guest has none) and the balloon's
# figures (``memory-*``, none on a simulated host).
FLAT = {'cpu0_time', 'memory', 'tap*_rx', 'tap*_rx_packets',
        'tap*_rx_errors', 'tap*_rx_drop', 'tap*_tx', 'tap*_tx_packets',
        'tap*_tx_errors', 'tap*_tx_drop'}
NIC = {'mac_address', 'rx_octets', 'rx_errors', 'rx_drop', 'rx_packets',
       'rx_rate', 'tx_octets', 'tx_errors', 'tx_drop', 'tx_packets',
       'tx_rate'}
# Without ?detailed=1 a project's usage in the list has no servers'.
LISTED_USAGE = {key: span for key, span in USAGE.items()
                if key != 'server_usages'}


def _diagnostics_keys(diagnostics):
    return {re.sub('^tap[^_]+_', 'tap*_', key) for key in diagnostics}


def _event_keys(minor, admin):
    if not admin and minor < 51:
        return None  # no events at all
    return {key for key, (since, admins_only) in EVENT.items()
            if since <= minor and (admin or not admins_only)}


def _resized(aio):
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    api.create_flavor('m2', flavor_id='m2', ram=1024)
    server = api.boot('m1', name='moved', networks='none',
                      version='2.37')
    compute_calls.resized(api, server['id'], 'm2')
    return server['id']


def test_move_records_keys_at_every_version(all_in_one):
    aio = all_in_one(hosts=2)
    server = _resized(aio)
    wired = aio.client.boot('m1', name='wired')['id']
    member = aio.client.as_user('alice:admin')
    wrong = {}
    for minor in range(1, MAX_MINOR + 1):
        at = compute_calls.at('2.%d' % minor)
        migration = aio.client.get('/os-migrations', **at)[1][
            'migrations'][0]
        found = {'migration': (set(migration), keys_at(MIGRATION, minor))}
        usage = aio.client.get('/os-simple-tenant-usage/admin', **at)[1][
            'tenant_usage']
        listed = aio.client.get('/os-simple-tenant-usage', **at)[1][
            'tenant_usages'][0]
        found.update({
            'usage': (set(usage), keys_at(USAGE, minor)),
            'server usage': (set(usage['server_usages'][0]),
                             keys_at(SERVER_USAGE, minor)),
            'listed usage': (set(listed), keys_at(LISTED_USAGE, minor))})
        diagnostics = aio.client.get('/servers/%s/diagnostics' % wired,
                                     **at)[1]
        found['diagnostics'] = (_diagnostics_keys(diagnostics),
                                keys_at(DIAGNOSTICS, minor) or FLAT)
        if minor >= 48:
            found['diagnostics of a vNIC'] = (
                set(diagnostics['nic_details'][0]), NIC)
        for role, client in (('admin', aio.client), ('member', member)):
            actions = client.get('/servers/%s/os-instance-actions' % server,
                                 **at)[1]['instanceActions']
            shown = client.get('/servers/%s/os-instance-actions/%s' % (
                server, actions[0]['request_id']), **at)[1]['instanceAction']
            found[role + ' action'] = (set(actions[0]),
                                       keys_at(ACTION, minor))
            events = shown.get('events')
            found[role + ' event'] = (
                set(events[0]) if events is not None else None,
                _event_keys(minor, role == 'admin'))
        for what, (keys, want) in found.items():
            if keys != want:
                wrong['2.%d %s' % (minor, what)] = (keys, want)
    assert wrong == {}


def _live_migrating(aio, monkeypatch):
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    release, _aborted = live_moves.hold(aio, monkeypatch)
    server = api.boot('m1', name='live', networks='none', version='2.37')
    status, body = api.post('/servers/%s/action' % server['id'], {
        'os-migrateLive': {'host': None, 'block_migration': 'auto'}},
        **compute_calls.at('2.25'))
    assert status == 202, body
    deadline = time.monotonic() + 10
    while not _under_way(aio, server['id']):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return server['id'], release


def _under_way(aio, server):
    return aio.client.get('/servers/%s/migrations' % server,
                          **compute_calls.at('2.23'))[1]['migrations']


@pytest.fixture
def live_migrating(all_in_one, monkeypatch):
    aio = all_in_one(hosts=2)
    server, release = _live_migrating(aio, monkeypatch)
    yield aio, server
    release.set()  # and the move finished before the services stop
    aio.client.wait_server(server, ('ACTIVE',), settled=True)


def test_a_live_migration_under_way_keys_at_every_version(live_migrating):
    aio, server = live_migrating
    path = '/servers/%s/migrations' % server
    wrong = {}
    for minor in range(1, MAX_MINOR + 1):
        at = compute_calls.at('2.%d' % minor)
        listed = aio.client.get('/os-migrations', **at)[1]['migrations'][0]
        found = {'os-migrations': (set(listed),
                                   keys_at(LIVE_MIGRATION, minor))}
        status, body = aio.client.get(path, **at)
        if minor < 23:
            found['list'] = (status, 404)
        else:
            migration = body['migrations'][0]
            shown = aio.client.get('%s/%d' % (path, migration['id']),
                                   **at)[1]['migration']
            found.update({
                'list': (set(migration), keys_at(SERVER_MIGRATION, minor)),
                'show': (set(shown), keys_at(SERVER_MIGRATION, minor))})
        for what, (keys, want) in found.items():
            if keys != want:
                wrong['2.%d %s' % (minor, what)] = (keys, want)
    assert wrong == {}
