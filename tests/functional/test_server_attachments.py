# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's volume and port attachments, virtual interfaces, admin
password and topology, with no block-storage or network service: what
Nova answers of a server that has none."""
import uuid

import pytest


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


@pytest.fixture
def server(aio):
    return aio.client.boot('m1')


VOLUME = '4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1'


def _at(version):
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


def test_volume_attachments(aio, server):
    path = '/servers/%s/os-volume_attachments' % server['id']
    assert aio.client.get(path) == (200, {'volumeAttachments': []})
    code, body = aio.client.post(path, {'volumeAttachment': {
        'volumeId': VOLUME}})
    assert (code, body['badRequest']['message']) == (
        400, 'Attaching volume %s needs the block-storage service, which '
        'this deployment does not have.' % VOLUME)
    code, body = aio.client.post(path, {'volumeAttachment': {
        'volumeId': VOLUME, 'tag': 'x'}}, **_at('2.48'))
    assert code == 400 and "'tag' was unexpected" in body['badRequest'][
        'message']
    code, body = aio.client.post(path, {'volumeAttachment': {
        'volumeId': 'nope'}})
    assert code == 400 and 'volumeId' in body['badRequest']['message']
    for method in ('get', 'delete'):
        code, body = getattr(aio.client, method)(path + '/' + VOLUME)
        assert (code, body['itemNotFound']['message']) == (
            404, 'No volume Block Device Mapping with id %s.' % VOLUME)


def test_port_interfaces(aio, server):
    path = '/servers/%s/os-interface' % server['id']
    assert aio.client.get(path) == (200, {'interfaceAttachments': []})
    code, body = aio.client.post(path, {'interfaceAttachment': {}})
    assert code == 400
    assert 'needs the network service' in body['badRequest']['message']
    for method in ('get', 'delete'):
        code, body = getattr(aio.client, method)(path + '/' + VOLUME)
        assert (code, body['itemNotFound']['message']) == (
            404, 'Port id %s could not be found.' % VOLUME)
    code, body = aio.client.post(path, {'interfaceAttachment': {
        'tag': 'eth1'}}, **_at('2.48'))
    assert code == 400 and "'tag' was unexpected" in body['badRequest'][
        'message']
    code, body = aio.client.post(path, {'interfaceAttachment': {
        'net_id': VOLUME, 'fixed_ips': [{'ip_address': 'not-an-ip'}]}})
    assert code == 400 and 'not-an-ip' in body['badRequest']['message']


def test_virtual_interfaces_until_2_43(aio, server):
    """The server's vNIC, as Nova listed nova-network's: with the
    network's id from 2.12, gone at 2.44."""
    path = '/servers/%s/os-virtual-interfaces' % server['id']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    mac = shown['addresses']['private'][0]['OS-EXT-IPS-MAC:mac_addr']
    code, body = aio.client.get(path, **_at('2.11'))
    (vif,) = body['virtual_interfaces']
    assert code == 200 and set(vif) == {'id', 'mac_address'}
    assert vif['mac_address'] == mac
    code, body = aio.client.get(path, **_at('2.43'))
    (vif,) = body['virtual_interfaces']
    assert vif['OS-EXT-VIF-NET:net_id'] == str(uuid.uuid5(
        uuid.NAMESPACE_URL, 'nova-lite:network:private'))
    assert aio.client.get(path, **_at('2.44'))[0] == 404


def test_password_and_topology(aio, server):
    path = '/servers/%s' % server['id']
    assert aio.client.get(path + '/os-server-password') == (
        200, {'password': ''})
    assert aio.client.delete(path + '/os-server-password')[0] == 204
    assert aio.client.get(path + '/topology', **_at('2.77'))[0] == 404
    assert aio.client.get(path + '/topology', **_at('2.78')) == (
        200, {'nodes': [], 'pagesize_kb': None})
    other = aio.client.as_user('alice:demo')
    assert other.get(path + '/os-server-password')[0] == 404


def test_diagnostics_per_version(aio, server):
    path = '/servers/%s/diagnostics' % server['id']
    code, body = aio.client.get(path, **_at('2.48'))
    assert code == 200, body
    assert (body['state'], body['driver'], body['num_cpus']) == (
        'running', 'libvirt', 1)
    assert body['memory_details']['maximum'] == 256
    assert [c['id'] for c in body['cpu_details']] == [0]
    assert body['config_drive'] is False and body['uptime'] >= 0
    macs = [address['OS-EXT-IPS-MAC:mac_addr']
            for addresses in server['addresses'].values()
            for address in addresses]
    assert body['num_nics'] == 1
    assert [nic['mac_address'] for nic in body['nic_details']] == macs
    assert (body['nic_details'][0]['rx_rate'],
            body['nic_details'][0]['tx_rate']) == (None, None)
    code, flat = aio.client.get(path, **_at('2.47'))
    assert code == 200
    assert flat['memory'] == 256 * 1024 and 'cpu0_time' in flat
    received = [key for key in flat if key.endswith('_rx_packets')]
    assert len(received) == 1 and received[0].startswith('tap'), flat
    assert aio.client.as_user('bob:admin').get(path)[0] == 403
    aio.client.post('/servers/%s/action' % server['id'], {'os-stop': None})
    aio.client.wait_server(server['id'], ('SHUTOFF',), settled=True)
    assert aio.client.get(path, **_at('2.48'))[1]['state'] == 'shutdown'
