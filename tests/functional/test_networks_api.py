# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The network proxy APIs to 2.35 (os-networks, os-tenant-networks) over
the fixed networks, and the nova-network operations answered 410 as Nova
answers them."""
import uuid

import pytest

PRIVATE = str(uuid.uuid5(uuid.NAMESPACE_URL, 'nova-lite:network:private'))


@pytest.fixture
def api(all_in_one):
    return all_in_one(hosts=1).client


def _at(version):
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


def test_os_networks_lists_and_shows_the_fixed_networks(api):
    status, body = api.get('/os-networks', **_at('2.35'))
    assert status == 200
    private, backend = body['networks']
    assert (private['id'], private['label'], private['cidr'],
            private['netmask'], private['gateway'], private['broadcast'],
            private['cidr_v6']) == (
        PRIVATE, 'private', '10.0.0.0/24', '255.255.255.0', '10.0.0.1',
        '10.0.0.255', None)
    assert backend['label'] == 'backend'
    assert private['dhcp_start'] == '10.0.0.2'  # admins see the rest
    assert private['enable_dhcp'] is False
    status, body = api.get('/os-networks/%s' % PRIVATE, **_at('2.1'))
    assert (status, body['network']) == (200, private)
    status, body = api.get('/os-networks/nope', **_at('2.35'))
    assert (status, body['itemNotFound']['message']) == (
        404, 'Network not found')
    assert api.get('/os-networks', **_at('2.36'))[0] == 404


def test_a_project_member_sees_the_common_fields_only(api):
    member = api.as_user('alice:demo')
    status, body = member.get('/os-networks', **_at('2.35'))
    assert status == 200
    assert set(body['networks'][0]) == {
        'id', 'cidr', 'netmask', 'gateway', 'broadcast', 'dns1', 'dns2',
        'cidr_v6', 'gateway_v6', 'label', 'netmask_v6'}


def test_os_tenant_networks(api):
    status, body = api.get('/os-tenant-networks', **_at('2.35'))
    assert status == 200
    assert body['networks'][0] == {'id': PRIVATE, 'label': 'private',
                                   'cidr': '10.0.0.0/24'}
    status, body = api.get('/os-tenant-networks/%s' % PRIVATE)
    assert body == {'network': {'id': PRIVATE, 'label': 'private',
                                'cidr': '10.0.0.0/24'}}
    assert api.get('/os-tenant-networks', **_at('2.36'))[0] == 404


@pytest.mark.parametrize('method, path', [
    ('POST', '/os-networks'), ('POST', '/os-networks/add'),
    ('DELETE', '/os-networks/%s' % PRIVATE),
    ('POST', '/os-networks/%s/action' % PRIVATE),
    ('POST', '/os-tenant-networks'),
    ('DELETE', '/os-tenant-networks/%s' % PRIVATE),
])
def test_nova_network_operations_are_gone(api, method, path):
    body = {'network': {'label': 'x'}} if method == 'POST' else None
    status, answer = api.call(method, '/v2.1' + path, body)
    assert status == 410
    assert answer == {'computeFault': {
        'code': 410, 'message': 'This resource is no longer available.  '
                                'No forwarding address is given.'}}
    assert len(api.get('/os-networks', **_at('2.35'))[1]['networks']) == 2
