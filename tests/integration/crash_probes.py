# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Crash probes: a burst of one operation on a chaos cloud, a service
killed (SIGKILL) a fixed time into it and restarted, and every request
that was accepted (202; a delete 204, an evacuation 200) accounted for
once the cloud settled.

A request is accounted for when it was done (the server is where and as
the operation leaves it), or failed visibly (its instance action, found
by the request id of the 202, has an event in Error, and the server is
not left in the middle of it); a move also has its migration record.
Anything else is lost.
"""
import concurrent.futures
import time

import requests

from tests.integration import chaos

OPERATIONS = ('create', 'delete', 'resize', 'migrate', 'live-migrate',
              'shelve', 'unshelve', 'evacuate', 'revert', 'confirm')
MOVES = ('resize', 'migrate', 'live-migrate', 'evacuate')
BODIES = {'resize': {'resize': {'flavorRef': 'chaos-2'}},
          'migrate': {'migrate': None},
          'live-migrate': {'os-migrateLive': {'host': None,
                                              'block_migration': 'auto'}},
          'shelve': {'shelve': None},
          'unshelve': {'unshelve': None},
          'evacuate': {'evacuate': {}},
          'revert': {'revertResize': None},
          'confirm': {'confirmResize': None}}
# What the servers are brought to before the burst, per operation.
BEFORE = {'unshelve': ('shelve', 'SHELVED_OFFLOADED'),
          'revert': ('resize', 'VERIFY_RESIZE'),
          'confirm': ('resize', 'VERIFY_RESIZE')}
ACCEPTED = (200, 202, 204)
PER_PROBE = 4  # servers an operation acts on (creates: twice as many)


def probe(cloud, operation, victim, kill_after):
    """One probe; {'done': n, 'failed': n, 'lost': [why...],
    'refused': n} of the requests sent."""
    servers, forced_down = prepare(cloud, operation)
    sent = send(cloud, operation, servers, victim, kill_after)
    chaos.wait_for(lambda: quiet(cloud), 120,
                   'the servers to settle after %s' % operation)
    if forced_down:
        _force_down(cloud, forced_down, False)
    outcome = {'done': 0, 'failed': 0, 'refused': 0, 'lost': []}
    for server_id, before, answer in sent:
        if answer['status'] not in ACCEPTED:
            outcome['refused'] += 1
            continue
        verdict = account(cloud, operation, server_id, before, answer)
        if verdict in ('done', 'failed'):
            outcome[verdict] += 1
        else:
            outcome['lost'].append('%s: %s' % (server_id, verdict))
    return outcome


def prepare(cloud, operation):
    """A clean cloud and the servers ``operation`` acts on, as they are
    before it ({id: server}); the host forced down for an evacuation."""
    clear(cloud)
    if operation == 'create':
        return {}, None
    ids = [boot(cloud, 'probe-%d' % i) for i in range(PER_PROBE)]
    chaos.wait_for(lambda: all(_status(cloud, i) == 'ACTIVE' for i in ids),
                   120, 'the probe servers to be ACTIVE')
    if operation in BEFORE:
        first, status = BEFORE[operation]
        for server_id in ids:
            _act(cloud, server_id, BODIES[first])
        chaos.wait_for(lambda: all(_status(cloud, i) == status
                                   for i in ids), 120,
                       'the probe servers to be %s' % status)
    servers = {i: s for i, s in cloud.servers().items() if i in ids}
    if operation != 'evacuate':
        return servers, None
    return _on_one_host(cloud, servers)


def _on_one_host(cloud, servers):
    """The servers of the host with the most, that host forced down."""
    hosts = {}
    for server_id, server in servers.items():
        hosts.setdefault(server['OS-EXT-SRV-ATTR:host'], {})[server_id] = \
            server
    host = max(hosts, key=lambda h: len(hosts[h]))
    _force_down(cloud, host, True)
    return hosts[host], host


def _force_down(cloud, host, down):
    status, body = cloud.call('GET', '/os-services?binary=nova-compute&'
                                     'host=%s' % host)
    assert status == 200 and body['services'], body
    status, body = cloud.call('PUT', '/os-services/%s'
                              % body['services'][0]['id'],
                              {'forced_down': down})
    assert status == 200, body


def send(cloud, operation, servers, victim, kill_after):
    """The requests, from several clients at once; ``victim`` killed
    ``kill_after`` seconds after the first went out, then restarted.
    [(server id, server before, {'status', 'request_id'})]."""
    pool = concurrent.futures.ThreadPoolExecutor(8)
    if operation == 'create':
        futures = [pool.submit(_create, cloud, 'probe-new-%d' % i)
                   for i in range(2 * PER_PROBE)]
    else:
        futures = [pool.submit(_request, cloud, operation, server_id)
                   for server_id in servers]
    time.sleep(kill_after)
    cloud.kill(victim)
    time.sleep(0.5)
    cloud.restart(victim)
    pool.shutdown(wait=True)
    answers = [f.result() for f in futures]
    if operation == 'create':
        return [(a.pop('server_id', None), None, a) for a in answers]
    return [(server_id, servers[server_id], answer)
            for server_id, answer in zip(servers, answers)]


def _create(cloud, name):
    answer = _send(cloud, 'POST', '/servers', {'server': {
        'name': name, 'flavorRef': 'chaos', 'networks': 'auto'}})
    if answer.pop('body', None) and answer['status'] in ACCEPTED:
        answer['server_id'] = answer['created']
    return answer


def _request(cloud, operation, server_id):
    if operation == 'delete':
        return _send(cloud, 'DELETE', '/servers/%s' % server_id)
    return _send(cloud, 'POST', '/servers/%s/action' % server_id,
                 BODIES[operation])


def _send(cloud, method, path, body=None):
    try:
        response = cloud.request(method, path, body)
    except requests.RequestException as e:
        return {'status': type(e).__name__, 'request_id': None}
    answer = {'status': response.status_code,
              'request_id': response.headers.get('x-openstack-request-id'),
              'body': bool(response.content)}
    if response.status_code in ACCEPTED and method == 'POST' and \
            path == '/servers':
        answer['created'] = response.json()['server']['id']
    return answer


def account(cloud, operation, server_id, before, answer):
    """'done', 'failed', or why the request is lost."""
    status, body = cloud.call('GET', '/servers/%s' % server_id)
    if operation == 'delete':
        return 'done' if status == 404 else _failed_or(
            cloud, server_id, answer, 'still there, %s' % (
                body['server']['status'] if status == 200 else status))
    if status != 200:
        return 'gone (%s)' % status
    server = body['server']
    if operation in MOVES and not _migrations_of(cloud, server_id):
        return 'no migration record'
    if _done(operation, server, before):
        return 'done'
    return _failed_or(cloud, server_id, answer, 'neither done nor failed: '
                      '%s on %s' % (server['status'],
                                    server['OS-EXT-SRV-ATTR:host']))


def _done(operation, server, before):
    status = server['status']
    host = server['OS-EXT-SRV-ATTR:host']
    if operation in ('create', 'unshelve'):
        return status == 'ACTIVE'
    if operation == 'resize':
        return status == 'VERIFY_RESIZE' and \
            server['flavor']['original_name'] == 'chaos-2'
    if operation == 'migrate':
        return status == 'VERIFY_RESIZE'
    if operation in ('live-migrate', 'evacuate'):
        return status == 'ACTIVE' and host != before['OS-EXT-SRV-ATTR:host']
    if operation == 'shelve':
        return status == 'SHELVED_OFFLOADED'
    if operation in ('revert', 'confirm'):
        return status == 'ACTIVE' and server['flavor']['original_name'] == (
            'chaos' if operation == 'revert' else 'chaos-2')
    raise AssertionError(operation)


def _failed_or(cloud, server_id, answer, why):
    """'failed' if the request's action has an event in Error, else
    ``why``."""
    status, body = cloud.call('GET', '/servers/%s/os-instance-actions/%s'
                              % (server_id, answer['request_id']))
    if status != 200:
        return '%s; its action: %s' % (why, status)
    events = body['instanceAction'].get('events', [])
    if any(e['result'] == 'Error' for e in events):
        return 'failed'
    return '%s; its action\'s events: %s' % (
        why, ', '.join('%s %s' % (e['event'], e['result']) for e in events))


def _migrations_of(cloud, server_id):
    status, body = cloud.call('GET', '/os-migrations?instance_uuid=%s'
                              % server_id)
    assert status == 200, body
    return body['migrations']


def quiet(cloud):
    """Every server settled with no task under way."""
    return all(s['status'] in chaos.FINAL and not s['OS-EXT-STS:task_state']
               for s in cloud.servers().values())


def clear(cloud):
    """No server left: each deleted as it is (the delete of a resized
    server confirms its move first, as the API does)."""
    for server_id in cloud.servers():
        cloud.call('DELETE', '/servers/%s' % server_id)
    chaos.wait_for(lambda: not cloud.servers(), 120,
                   'the servers to be deleted')


def boot(cloud, name):
    status, body = cloud.call('POST', '/servers', {'server': {
        'name': name, 'flavorRef': 'chaos', 'networks': 'auto'}})
    assert status == 202, body
    return body['server']['id']


def _status(cloud, server_id):
    return cloud.call('GET', '/servers/%s' % server_id)[1]['server'][
        'status']


def _act(cloud, server_id, body):
    status, answer = cloud.call('POST', '/servers/%s/action' % server_id,
                                body)
    assert status == 202, answer
