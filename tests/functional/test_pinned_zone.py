# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The zone a server is pinned to (2.96's ``pinned_availability_zone``):
the one its create or an unshelve asked for, none otherwise, as the
openstack client shows it in ``server show`` and ``server list --long``."""
import pytest

from tests.functional import compute_calls


def at(version):
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    hosts = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])
    status, body = aio.client.post('/os-aggregates', {'aggregate': {
        'name': 'a', 'availability_zone': 'zone-a'}})
    assert status == 200, body
    aio.client.post('/os-aggregates/%s/action' % body['aggregate']['id'],
                    {'add_host': {'host': hosts[0]}})
    return aio


def test_the_client_shows_the_zone_a_server_is_pinned_to(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    pinned = aio.client.boot('m1', name='pinned',
                             availability_zone='zone-a')
    free = aio.client.boot('m1', name='free')
    shown = compute_calls.osc(env, 'server', 'show', pinned['id'], '-f',
                              'json', version='2.96')
    assert (shown['pinned_availability_zone'],
            shown['OS-EXT-AZ:availability_zone']) == ('zone-a', 'zone-a')
    shown = compute_calls.osc(env, 'server', 'show', free['id'], '-f',
                              'json', version='2.96')
    assert shown['pinned_availability_zone'] is None
    listed = compute_calls.osc(env, 'server', 'list', '--long', '-f',
                               'json', version='2.96')
    assert {s['Name']: s['Pinned Availability Zone'] for s in listed} == {
        'pinned': 'zone-a', 'free': None}


def test_the_field_comes_with_2_96_in_every_server_body(aio):
    api = aio.client
    server = api.boot('m1', availability_zone='zone-a')
    path = '/servers/%s' % server['id']
    assert 'pinned_availability_zone' not in api.get(path, **at('2.95'))[1][
        'server']
    assert api.get(path, **at('2.96'))[1]['server'][
        'pinned_availability_zone'] == 'zone-a'
    assert api.get('/servers/detail', **at('2.96'))[1]['servers'][0][
        'pinned_availability_zone'] == 'zone-a'
    assert 'pinned_availability_zone' not in api.get(
        '/servers', **at('2.96'))[1]['servers'][0]
    assert api.put(path, {'server': {'name': 'renamed'}}, **at('2.96'))[1][
        'server']['pinned_availability_zone'] == 'zone-a'


def test_an_unshelve_pins_and_unpins(aio):
    api = aio.client
    server = api.boot('m1')
    path = '/servers/%s' % server['id']

    def offload():
        api.post(path + '/action', {'shelve': None})
        api.wait_server(server['id'], ('SHELVED_OFFLOADED',), settled=True)

    def unshelve(body, version):
        status, answer = api.post(path + '/action', {'unshelve': body},
                                  **at(version))
        assert status == 202, answer
        return api.wait_server(server['id'], ('ACTIVE',), settled=True)

    def pinned():
        return api.get(path, **at('2.96'))[1]['server'][
            'pinned_availability_zone']
    offload()
    assert unshelve({'availability_zone': 'zone-a'}, '2.77')[
        'OS-EXT-AZ:availability_zone'] == 'zone-a'
    assert pinned() == 'zone-a'
    offload()
    unshelve({'availability_zone': None}, '2.91')
    assert pinned() is None
