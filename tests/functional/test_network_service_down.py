# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A network service that does not answer: the compute API says so (503,
naming the service) instead of failing inside, and makes nothing."""
import pytest

from tests.integration import network_service


@pytest.fixture
def aio(all_in_one, overrides):
    network_service.away(overrides)
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


@pytest.mark.parametrize('networks', [
    'auto', [{'uuid': '4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1'}],
    [{'port': '4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1'}]])
def test_a_create_is_503_and_makes_nothing(aio, networks):
    code, body = aio.client.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'm1', 'networks': networks}},
        headers={'OpenStack-API-Version': 'compute 2.37'})
    assert code == 503, body
    assert body['serviceUnavailable']['message'].startswith(
        'The network service is unavailable')
    assert aio.client.get('/servers')[1]['servers'] == []


def test_a_server_without_ports_still_lives_and_goes(aio):
    """networks none needs no network service: the server boots, its
    ports list is the service's (503 while it is away), and its delete
    goes through (it has no port to free)."""
    server = aio.client.boot('m1', version='2.37', networks='none')
    assert server['status'] == 'ACTIVE'
    code, body = aio.client.get('/servers/%s/os-interface' % server['id'])
    assert code == 503
    assert aio.client.delete('/servers/%s' % server['id'])[0] == 204
    aio.client.wait_server(server['id'], ('DELETED',))


def test_a_move_is_refused_not_failed_while_it_is_away(aio):
    """A move asks the network service for the server's ports' resource
    requests: with it away the move finds no host (400, saying why) and
    the server stays as it was, never a 500."""
    server = aio.client.boot('m1', version='2.37', networks='none')
    status, body = aio.client.post('/servers/%s/action' % server['id'],
                                   {'migrate': None})
    assert status == 400, body
    assert "the server's ports could not be read" in \
        body['badRequest']['message']
    shown = aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == server['OS-EXT-SRV-ATTR:host']
