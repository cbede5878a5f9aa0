# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /os-server-external-events, as the network service calls it: by
the service role only, each event answered with its own code, 200 when
all were handed on, 207 when some were not, 404 when none was; the event
names each microversion takes; bad bodies refused naming the field."""
import uuid

import pytest

SERVICE = 'neutron:service:service'
PATH = '/os-server-external-events'


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    aio.client.create_flavor('huge', flavor_id='huge', ram=10 ** 7)
    return aio


@pytest.fixture
def service(aio):
    return aio.client.as_user(SERVICE)


def _at(version):
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


def _event(server_id, name='network-vif-plugged', **more):
    return dict({'server_uuid': server_id, 'name': name}, **more)


def test_only_services_send_events(aio):
    server = aio.client.boot('m1')
    body = {'events': [_event(server['id'])]}
    code, answer = aio.client.post(PATH, body)
    assert code == 403
    assert 'os-server-external-events:create' in answer['forbidden'][
        'message']
    code, answer = aio.client.as_user('demo:demo').post(PATH, body)
    assert code == 403


def test_each_event_gets_its_code(aio, service):
    server = aio.client.boot('m1')
    unplaced = aio.client.boot('huge', name='nowhere')
    assert unplaced['status'] == 'ERROR'
    port = str(uuid.uuid4())
    code, answer = service.post(PATH, {'events': [
        _event(server['id'], tag=port)]})
    assert (code, answer) == (200, {'events': [{
        'server_uuid': server['id'], 'name': 'network-vif-plugged',
        'tag': port, 'status': 'completed', 'code': 200}]})

    missing = str(uuid.uuid4())
    code, answer = service.post(PATH, {'events': [
        _event(server['id'], 'network-changed', status='failed'),
        _event(missing, tag=port),
        _event(unplaced['id'], 'network-vif-deleted', tag=port)]})
    assert code == 207
    assert [(e['server_uuid'], e['code'], e['status'])
            for e in answer['events']] == [
        (server['id'], 200, 'completed'), (missing, 404, 'failed'),
        (unplaced['id'], 422, 'failed')]

    code, answer = service.post(PATH, {'events': [
        _event(missing), _event(unplaced['id'])]})
    assert (code, answer['itemNotFound']['message']) == (
        404, 'No instances found for any event')
    assert aio.client.get('/servers/%s' % server['id'])[1]['server'][
        'status'] == 'ACTIVE'


def test_event_names_follow_the_microversion(aio, service):
    server = aio.client.boot('m1')
    for name, since in (('volume-extended', '2.51'),
                        ('power-update', '2.76'),
                        ('accelerator-request-bound', '2.82')):
        before = '2.%d' % (int(since.split('.')[1]) - 1)
        code, answer = service.post(PATH, {'events': [
            _event(server['id'], name, tag='x')]}, **_at(before))
        assert code == 400, (name, before)
        assert 'name' in answer['badRequest']['message']
        code, answer = service.post(PATH, {'events': [
            _event(server['id'], name, tag='x')]}, **_at(since))
        assert (code, answer['events'][0]['code']) == (200, 200), name
    code, answer = service.post(PATH, {'events': [
        _event(server['id'], 'volume-extended'),
        _event(server['id'], 'network-changed')]}, **_at('2.51'))
    assert code == 207
    assert [e['code'] for e in answer['events']] == [400, 200]


@pytest.mark.parametrize('body, field', [
    ({}, 'events'),
    ({'events': []}, 'events'),
    ({'events': [{'name': 'network-changed'}]}, 'server_uuid'),
    ({'events': [{'server_uuid': 'not-a-uuid',
                  'name': 'network-changed'}]}, 'not-a-uuid'),
    ({'events': [{'server_uuid': str(uuid.uuid4()),
                  'name': 'network-exploded'}]}, 'network-exploded'),
    ({'events': [{'server_uuid': str(uuid.uuid4()),
                  'name': 'network-changed', 'status': 'done'}]}, 'done'),
    ({'events': [{'server_uuid': str(uuid.uuid4()),
                  'name': 'network-changed', 'tag': 'x' * 256}]}, 'x' * 20),
    ({'events': [{'server_uuid': str(uuid.uuid4()),
                  'name': 'network-changed', 'color': 'red'}]}, 'color'),
])
def test_bad_bodies_are_refused_naming_the_field(service, body, field):
    code, answer = service.post(PATH, body)
    assert code == 400, answer
    assert field in answer['badRequest']['message']
