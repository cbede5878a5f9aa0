# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The all-in-one writes a clouds.yaml naming its APIs: with nothing else
set but OS_CLIENT_CONFIG_FILE and OS_CLOUD, the openstack client boots a
server from an image it uploaded (the image looked up by name in the
image API), osc-placement lists the hosts' providers (cloud
nova-lite-placement) and openstacksdk sees the server and the
providers."""
import os

import openstack

from nova_lite.cmd import clouds_file
from tests.functional import compute_calls


def _openstack(env, *args):
    return compute_calls.osc(env, *(args + ('-f', 'json')))


def test_the_clients_find_every_api_from_the_clouds_file(all_in_one,
                                                         tmp_path,
                                                         monkeypatch):
    aio = all_in_one()
    path = str(tmp_path / 'state' / 'clouds.yaml')
    env = {k: v for k, v in os.environ.items() if not k.startswith('OS_')}
    env.update(OS_CLIENT_CONFIG_FILE=path, OS_CLOUD='nova-lite')
    disk = tmp_path / 'tiny.raw'
    disk.write_bytes(b'\0' * 65536)
    image = _openstack(env, 'image', 'create', '--disk-format', 'raw',
                       '--container-format', 'bare', '--public', '--file',
                       str(disk), 'tiny')
    assert image['status'] == 'active'
    _openstack(env, 'flavor', 'create', '--ram', '256', '--vcpus', '1',
               '--disk', '1', 'small')
    server = _openstack(env, 'server', 'create', '--image', 'tiny',
                        '--flavor', 'small', '--nic', 'none', '--wait',
                        'vm1')
    assert server['status'] == 'ACTIVE'
    assert server['image'].startswith('tiny')
    # Each host's provider, its NICs' ('sim-host-1:eth0') and its PCI
    # devices' ('sim-host-1_0000:81:00.0').
    hosts = {'sim-host-1', 'sim-host-2', 'sim-host-3'}
    providers = _openstack(dict(env, OS_CLOUD='nova-lite-placement'),
                           'resource', 'provider', 'list')
    assert hosts <= {p['name'] for p in providers}
    assert {p['name'].split('_')[0].split(':')[0]
            for p in providers} == hosts
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', path)
    conn = openstack.connect(cloud='nova-lite')
    assert [s.name for s in conn.compute.servers()] == ['vm1']
    assert {p.name for p in conn.placement.resource_providers()} == {
        p['name'] for p in providers}
    status, body = aio.client.get('/servers/%s' % server['id'])
    assert (status, body['server']['status']) == (200, 'ACTIVE')


def test_a_wildcard_listen_address_is_reached_on_loopback():
    assert clouds_file.loopback_url('0.0.0.0', 8774, '/v2.1') == \
        'http://127.0.0.1:8774/v2.1'
    assert clouds_file.loopback_url('::', 9292) == 'http://[::1]:9292'
    assert clouds_file.loopback_url('10.0.0.5', 8778) == \
        'http://10.0.0.5:8778'
    assert clouds_file.loopback_url('fd00::5', 8778) == \
        'http://[fd00::5]:8778'
