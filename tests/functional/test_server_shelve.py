# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""shelve, shelveOffload and unshelve on simulated hosts: the states a
user sees, the placement claim freed by an offload and taken again by
the unshelve, and the refusals."""
import time

import pytest
import requests

from tests.functional import compute_calls

ADMIN = {'X-Auth-Token': 'admin:admin'}


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _act(aio, sid, action, version=None):
    headers = ({'OpenStack-API-Version': 'compute %s' % version}
               if version else None)
    return aio.client.post('/servers/%s/action' % sid, action,
                           **({'headers': headers} if headers else {}))


def _claim(aio, sid):
    return aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations']


def _claim_dropped(aio, sid, timeout=10):
    """Whether the server's claim goes: the offload saves the server
    offloaded, then drops its claim, so a client may see the state an
    instant before the claim is gone."""
    deadline = time.monotonic() + timeout
    while _claim(aio, sid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _images(aio):
    return requests.get(aio.image_url + '/v2/images',
                        headers=ADMIN).json()['images']


def test_shelve_offloads_and_unshelve_schedules_again(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    server = aio.client.boot('m1', name='web')
    sid = server['id']
    assert _claim(aio, sid)
    compute_calls.osc(env, 'server', 'shelve', '--wait', sid)
    shown = aio.client.wait_server(sid, ('SHELVED_OFFLOADED',),
                                   settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] is None
    assert shown['OS-EXT-STS:power_state'] == 0
    assert _claim_dropped(aio, sid)
    image, = _images(aio)
    assert (image['name'], image['status'], image['instance_uuid']) == (
        'web-shelved', 'active', sid)
    compute_calls.osc(env, 'server', 'unshelve', '--wait', sid)
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] is not None
    assert list(_claim(aio, sid))
    assert _images(aio) == []  # the shelved image goes once unshelved
    actions = [a['action'] for a in aio.client.get(
        '/servers/%s/os-instance-actions' % sid)[1]['instanceActions']]
    assert actions == ['unshelve', 'shelve', 'create']


def test_shelved_on_its_host_until_offloaded(aio, overrides):
    overrides('shelved_offload_time', -1, group='compute')
    sid = aio.client.boot('m1')['id']
    assert _act(aio, sid, {'shelve': None})[0] == 202
    shown = aio.client.wait_server(sid, ('SHELVED',), settled=True)
    host = shown['OS-EXT-SRV-ATTR:host']
    assert host and _claim(aio, sid)
    member = aio.client.as_user('bob:admin')
    assert member.post('/servers/%s/action' % sid,
                       {'shelveOffload': None})[0] == 403
    assert _act(aio, sid, {'unshelve': None})[0] == 202
    shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == host
    assert _act(aio, sid, {'shelve': None})[0] == 202
    aio.client.wait_server(sid, ('SHELVED',), settled=True)
    assert _act(aio, sid, {'shelveOffload': None})[0] == 202
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    assert _claim_dropped(aio, sid)


def test_refusals(aio):
    sid = aio.client.boot('m1')['id']
    code, body = _act(aio, sid, {'unshelve': None})
    assert (code, body['conflictingRequest']['message']) == (
        409, "Cannot 'unshelve' instance %s while it is in vm_state active"
        % sid)
    assert _act(aio, sid, {'shelveOffload': None})[0] == 409
    code, body = _act(aio, sid, {'unshelve': {'availability_zone': 'nova'}},
                      '2.77')
    assert code == 409
    assert 'must be SHELVED_OFFLOADED' in body['conflictingRequest'][
        'message']
    _act(aio, sid, {'shelve': None})
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    assert _act(aio, sid, {'shelve': None})[0] == 409
    code, body = _act(aio, sid, {'unshelve': {'availability_zone': 'x'}},
                      '2.77')
    assert (code, body['badRequest']['message']) == (
        400, 'The requested availability zone is not available')
    code, body = _act(aio, sid, {'unshelve': {'zone': 'nova'}}, '2.77')
    assert code == 400
    assert aio.client.get('/servers/%s' % sid)[1]['server'][
        'OS-EXT-STS:task_state'] is None
    assert _act(aio, sid, {'unshelve': {'availability_zone': 'nova'}},
                '2.77')[0] == 202
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)


def test_deleting_an_offloaded_server_removes_its_image(aio):
    sid = aio.client.boot('m1')['id']
    _act(aio, sid, {'shelve': None})
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    assert len(_images(aio)) == 1
    assert aio.client.delete('/servers/%s' % sid)[0] == 204
    aio.client.wait_server(sid, ('DELETED',))
    assert _images(aio) == []


def test_an_unshelve_with_no_room_stays_offloaded(aio):
    sid = aio.client.boot('m1')['id']
    _act(aio, sid, {'shelve': None})
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    for service in aio.client.get('/os-services?binary=nova-compute')[1][
            'services']:
        aio.client.put('/os-services/disable', {
            'host': service['host'], 'binary': 'nova-compute'})
    assert _act(aio, sid, {'unshelve': None})[0] == 202
    shown = aio.client.wait_server(sid, ('SHELVED_OFFLOADED',),
                                   settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] is None
    assert _claim_dropped(aio, sid)
    action = aio.client.get('/servers/%s/os-instance-actions' % sid)[1][
        'instanceActions'][0]
    assert (action['action'], action['message']) == ('unshelve', 'Error')


def _offloaded(aio, **create):
    sid = aio.client.boot('m1', **create)['id']
    _act(aio, sid, {'shelve': None})
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    return sid


def test_an_admin_unshelves_to_a_named_host_from_2_91(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    hosts = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])
    for target in hosts:
        sid = _offloaded(aio)
        compute_calls.osc(env, 'server', 'unshelve', '--host', target,
                          '--wait', sid, version='2.91')
        shown = aio.client.wait_server(sid, ('ACTIVE',), settled=True)
        assert shown['OS-EXT-SRV-ATTR:host'] == target
    # Below 2.91 the client says which version a host needs.
    sid = _offloaded(aio)
    assert '2.91' in compute_calls.osc(env, 'server', 'unshelve', '--host',
                                       hosts[0], sid, fails=True,
                                       version='2.90')


def test_unshelving_to_a_host_is_checked_before_anything_changes(aio):
    hosts = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])
    sid = _offloaded(aio)
    member = aio.client.as_user('bob:admin')
    code, body = member.post('/servers/%s/action' % sid, {'unshelve': {
        'host': hosts[0]}}, headers={'OpenStack-API-Version': 'compute 2.91'})
    assert code == 403, body
    code, body = _act(aio, sid, {'unshelve': {'host': 'nowhere'}}, '2.91')
    assert (code, body['badRequest']['message']) == (
        400, 'Compute host nowhere could not be found.')
    code, body = _act(aio, sid, {'unshelve': {'host': hosts[0]}}, '2.90')
    assert code == 400 and "'host' was unexpected" in body['badRequest'][
        'message']
    code, body = _act(aio, sid, {'unshelve': {'host': 'bad host'}}, '2.91')
    assert code == 400
    # A zone of one host (an aggregate's), and the other host outside it.
    status, agg = aio.client.post('/os-aggregates', {'aggregate': {
        'name': 'z', 'availability_zone': 'zone-a'}})
    aio.client.post('/os-aggregates/%s/action' % agg['aggregate']['id'],
                    {'add_host': {'host': hosts[0]}})
    code, body = _act(aio, sid, {'unshelve': {
        'availability_zone': 'zone-a', 'host': hosts[1]}}, '2.91')
    assert (code, body['conflictingRequest']['message']) == (
        409, 'Host "%s" is not in the availability zone "zone-a".'
        % hosts[1])
    shown = aio.client.get('/servers/%s' % sid)[1]['server']
    assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
        'SHELVED_OFFLOADED', None)
    # A server pinned to a zone goes to a host outside it only once
    # unpinned (a null zone).
    pinned = _offloaded(aio, availability_zone='zone-a')
    code, body = _act(aio, pinned, {'unshelve': {'host': hosts[1]}}, '2.91')
    assert code == 409, body
    assert _act(aio, pinned, {'unshelve': {
        'availability_zone': None, 'host': hosts[1]}}, '2.91')[0] == 202
    shown = aio.client.wait_server(pinned, ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == hosts[1]
    # Only an offloaded server can be sent anywhere.
    code, body = _act(aio, pinned, {'unshelve': {'host': hosts[0]}}, '2.91')
    assert code == 409
    assert body['conflictingRequest']['message'] == (
        'Specifying an availability zone or a host when unshelving server '
        '"%s" with status "active" is not supported. The server status '
        'must be SHELVED_OFFLOADED.' % pinned)


def test_an_unshelve_to_a_host_without_room_stays_offloaded(aio):
    hosts = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])
    sid = _offloaded(aio)
    aio.client.put('/os-services/disable', {'host': hosts[0],
                                            'binary': 'nova-compute'})
    assert _act(aio, sid, {'unshelve': {'host': hosts[0]}}, '2.91')[0] == 202
    shown = aio.client.wait_server(sid, ('SHELVED_OFFLOADED',),
                                   settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] is None
    action = aio.client.get('/servers/%s/os-instance-actions' % sid)[1][
        'instanceActions'][0]
    assert (action['action'], action['message']) == ('unshelve', 'Error')
