# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""min_count/max_count: the servers of one request are built all or
none; with room for only some, every one ends in ERROR and no claim is
left in placement."""
import pytest


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    # Each simulated host (16 GB, 512 MB reserved) has room for one.
    aio.client.create_flavor('big', ram=10240, flavor_id='big')
    return aio


def _servers(aio, reservation_id):
    return aio.client.get('/servers/detail?reservation_id=%s'
                          % reservation_id)[1]['servers']


def _create(aio, count):
    code, body = aio.client.post('/servers', {'server': {
        'name': 'many', 'flavorRef': 'big', 'min_count': count,
        'max_count': count, 'return_reservation_id': True}})
    assert code == 202, body
    servers = _servers(aio, body['reservation_id'])
    assert len(servers) == count
    return [aio.client.wait_server(s['id'], settled=True) for s in servers]


def test_with_room_for_all_all_are_built(aio):
    servers = _create(aio, 2)
    assert {s['status'] for s in servers} == {'ACTIVE'}
    assert len({s['OS-EXT-SRV-ATTR:host'] for s in servers}) == 2


def test_without_room_for_all_none_is_built(aio):
    servers = _create(aio, 3)
    assert {s['status'] for s in servers} == {'ERROR'}
    for server in servers:
        assert 'No valid host' in server['fault']['message']
        assert aio.placement_client.get('/allocations/%s' % server['id'])[
            1]['allocations'] == {}
    # The room is still there for a request that fits.
    assert {s['status'] for s in _create(aio, 2)} == {'ACTIVE'}
