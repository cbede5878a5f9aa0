# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's history (os-instance-actions), as the openstack client's
``server event list/show`` reads it and per microversion."""
import pytest

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _at(version):
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


def _actions(aio, sid, version='2.86', api=None):
    return (api or aio.client).get('/servers/%s/os-instance-actions' % sid,
                                   **_at(version))[1]['instanceActions']


def _stopped_and_started(aio):
    server = aio.client.boot('m1')
    sid = server['id']
    aio.client.post('/servers/%s/action' % sid, {'os-stop': None})
    aio.client.wait_server(sid, ('SHUTOFF',), settled=True)
    aio.client.post('/servers/%s/action' % sid, {'lock': None})
    return sid


def test_the_openstack_client_lists_and_shows_events(aio, tmp_path):
    sid = _stopped_and_started(aio)
    env = compute_calls.cloud_env(tmp_path, aio)
    listed = compute_calls.osc(env, 'server', 'event', 'list', sid, '-f',
                               'json')
    assert [e['Action'] for e in listed] == ['lock', 'stop', 'create']
    create = [e for e in listed if e['Action'] == 'create'][0]
    shown = compute_calls.osc(env, 'server', 'event', 'show', sid,
                              create['Request ID'], '-f', 'json')
    events = {e['event']: e for e in shown['events']}
    assert set(events) == {'conductor_schedule_and_build_instances',
                           'compute__do_build_and_run_instance'}
    assert {e['result'] for e in events.values()} == {'Success'}
    assert events['compute__do_build_and_run_instance']['host'] == \
        'sim-host-1'


def test_bodies_per_version(aio):
    sid = _stopped_and_started(aio)
    old = _actions(aio, sid, '2.1')
    assert set(old[0]) == {'action', 'instance_uuid', 'request_id',
                           'user_id', 'project_id', 'start_time', 'message'}
    assert 'updated_at' in _actions(aio, sid, '2.58')[0]
    stop = [a for a in old if a['action'] == 'stop'][0]
    path = '/servers/%s/os-instance-actions/%s' % (sid, stop['request_id'])
    member = aio.client.as_user('bob:admin')
    # Before 2.51 only admins see events; from 2.51 the owner too, without
    # the traceback; 2.62 adds hostId (host for admins), 2.84 details.
    assert 'events' not in member.get(path, **_at('2.50'))[1][
        'instanceAction']
    event = member.get(path, **_at('2.51'))[1]['instanceAction']['events'][0]
    assert set(event) == {'event', 'start_time', 'finish_time', 'result'}
    event = member.get(path, **_at('2.62'))[1]['instanceAction']['events'][0]
    assert 'hostId' in event and 'host' not in event
    event = aio.client.get(path, **_at('2.84'))[1]['instanceAction'][
        'events'][0]
    assert set(event) == {'event', 'start_time', 'finish_time', 'result',
                          'traceback', 'hostId', 'host', 'details'}
    assert event['event'] == 'compute_stop_instance'
    code, body = aio.client.get('/servers/%s/os-instance-actions/req-nope'
                                % sid)
    assert (code, body['itemNotFound']['message']) == (
        404, 'Action req-nope not found')


def test_paging_and_changes_since_from_2_58(aio):
    sid = _stopped_and_started(aio)
    path = '/servers/%s/os-instance-actions' % sid
    code, body = aio.client.get(path + '?limit=2', **_at('2.58'))
    assert [a['action'] for a in body['instanceActions']] == ['lock', 'stop']
    marker = body['instanceActions'][-1]['request_id']
    assert 'marker=%s' % marker in body['links'][0]['href']
    code, body = aio.client.get(path + '?limit=2&marker=%s' % marker,
                                **_at('2.58'))
    assert [a['action'] for a in body['instanceActions']] == ['create']
    assert aio.client.get(path + '?marker=req-x', **_at('2.58'))[0] == 400
    assert aio.client.get(path + '?changes-since=2999-01-01T00:00:00Z',
                          **_at('2.58'))[1]['instanceActions'] == []
    assert aio.client.get(path + '?changes-since=yesterday',
                          **_at('2.58'))[0] == 400
    assert aio.client.get(path + '?changes-before=2000-01-01T00:00:00Z',
                          **_at('2.58'))[0] == 400
    assert aio.client.get(path + '?changes-before=2000-01-01T00:00:00Z',
                          **_at('2.66'))[1]['instanceActions'] == []


def test_a_deleted_servers_history_stays_from_2_21(aio):
    server = aio.client.boot('m1')
    sid = server['id']
    aio.client.delete('/servers/%s' % sid)
    aio.client.wait_server(sid, ('DELETED',))
    assert aio.client.get('/servers/%s/os-instance-actions' % sid,
                          **_at('2.20'))[0] == 404
    actions = _actions(aio, sid, '2.21')
    assert [a['action'] for a in actions] == ['delete', 'create']


def test_a_failed_build_is_an_error_event(aio):
    hosts = aio.client.get('/os-services?binary=nova-compute')[1]['services']
    aio.client.put('/os-services/disable', {'host': hosts[0]['host'],
                                            'binary': 'nova-compute'})
    server = aio.client.boot('m1')
    assert server['status'] == 'ERROR'
    action = _actions(aio, server['id'])[0]
    assert action['message'] == 'Error'
    shown = aio.client.get('/servers/%s/os-instance-actions/%s' % (
        server['id'], action['request_id']), **_at('2.84'))[1]
    event = shown['instanceAction']['events'][0]
    assert (event['event'], event['result']) == (
        'conductor_schedule_and_build_instances', 'Error')
    assert 'No valid host' in event['details']
    assert 'NoValidHost' in event['traceback']
    # The server's owner sees the event, not what it says of the hosts:
    # details, like tracebacks, are an admin's (by policy).
    seen = aio.client.as_user('bob:admin').get(
        '/servers/%s/os-instance-actions/%s' % (
            server['id'], action['request_id']), **_at('2.84'))[1]
    event = seen['instanceAction']['events'][0]
    assert (event['event'], event['result']) == (
        'conductor_schedule_and_build_instances', 'Error')
    assert not {'details', 'traceback', 'host'} & set(event)
