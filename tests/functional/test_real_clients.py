# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Real OpenStack clients against the all-in-one: OSC, openstacksdk,
python-novaclient, each as a user would call it."""
import json
import os
import subprocess
import sys
import time

from keystoneauth1 import session as ks_session
from keystoneauth1 import token_endpoint
from novaclient import client as nova_client
import openstack
import pytest

from tests.functional import compute_calls


@pytest.fixture
def endpoint(all_in_one):
    aio = all_in_one()
    return 'http://127.0.0.1:%d/v2.1' % aio.api.port


def _run_osc(endpoint, *args):
    command = [os.path.join(os.path.dirname(sys.executable), 'openstack'),
               '--os-auth-type', 'none', '--os-endpoint', endpoint,
               '--os-identity-api-version', '3'] + list(args)
    return subprocess.run(command, capture_output=True, text=True,
                          timeout=120)


def _osc(endpoint, *args):
    result = _run_osc(endpoint, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if '-f' in args and 'json' in args \
        else result.stdout


def test_openstack_cli(endpoint):
    created = _osc(endpoint, 'flavor', 'create', '--ram', '512', '--vcpus',
                   '1', '--disk', '1', '--id', 'tiny', 'm1.tiny', '-f',
                   'json')
    assert (created['name'], created['ram']) == ('m1.tiny', 512)
    _osc(endpoint, 'flavor', 'set', '--property', 'hw:cpu_policy=dedicated',
         'm1.tiny')
    shown = _osc(endpoint, 'flavor', 'show', 'm1.tiny', '-f', 'json')
    assert shown['properties'] == {'hw:cpu_policy': 'dedicated'}
    rejected = _run_osc(endpoint, '--os-compute-api-version', '2.86',
                        'flavor', 'set', '--property',
                        'hw:cpu_policy=sometimes', 'm1.tiny')
    assert rejected.returncode != 0
    assert 'hw:cpu_policy' in rejected.stderr
    assert _osc(endpoint, 'flavor', 'show', 'm1.tiny', '-f', 'json')[
        'properties'] == {'hw:cpu_policy': 'dedicated'}
    _osc(endpoint, 'flavor', 'unset', '--property', 'hw:cpu_policy',
         'm1.tiny')
    assert _osc(endpoint, 'flavor', 'show', 'm1.tiny', '-f',
                'json')['properties'] == {}
    listed = _osc(endpoint, 'flavor', 'list', '-f', 'json')
    assert [f['Name'] for f in listed] == ['m1.tiny']
    hypervisors = _osc(endpoint, 'hypervisor', 'list', '-f', 'json')
    assert sorted(h['Hypervisor Hostname'] for h in hypervisors) == [
        'sim-host-1', 'sim-host-2', 'sim-host-3']

    sdk = _sdk(endpoint)
    server = sdk.compute.wait_for_server(sdk.compute.create_server(
        name='web', flavor_id='tiny', networks='none'), wait=30)
    servers = _osc(endpoint, 'server', 'list', '-f', 'json')
    assert [(s['Name'], s['Status']) for s in servers] == [('web',
                                                            'ACTIVE')]
    shown = _osc(endpoint, 'server', 'show', 'web', '-f', 'json')
    assert shown['OS-EXT-SRV-ATTR:host'].startswith('sim-host-')
    latest = _osc(endpoint, '--os-compute-api-version', '2.86', 'server',
                  'show', 'web', '-f', 'json')
    assert latest['OS-EXT-SRV-ATTR:host'] == shown['OS-EXT-SRV-ATTR:host']
    assert 'm1.tiny' in str(latest['flavor'])
    _osc(endpoint, 'server', 'delete', '--wait', 'web')
    assert _osc(endpoint, 'server', 'list', '-f', 'json') == []
    _osc(endpoint, 'flavor', 'delete', 'm1.tiny')
    assert _osc(endpoint, 'flavor', 'list', '-f', 'json') == []
    assert server.id == shown['id']


def _sdk(endpoint):
    return openstack.connect(auth_type='none', auth={'endpoint': endpoint},
                             compute_endpoint_override=endpoint,
                             identity_api_version='3')


def test_openstacksdk(endpoint):
    conn = _sdk(endpoint)
    flavor = conn.compute.create_flavor(name='m1', ram=512, vcpus=1, disk=1)
    server = conn.compute.create_server(name='sdk', flavor_id=flavor.id,
                                        networks='none')
    server = conn.compute.wait_for_server(server, wait=30)
    assert server.status == 'ACTIVE'
    assert [s.name for s in conn.compute.servers()] == ['sdk']
    conn.compute.delete_server(server)
    conn.compute.wait_for_delete(server, wait=30)
    assert list(conn.compute.servers()) == []


def test_novaclient_with_a_token_endpoint_session(endpoint):
    session = ks_session.Session(auth=token_endpoint.Token(endpoint,
                                                           'admin:admin'))
    nova = nova_client.Client('2.1', session=session)
    flavor = nova.flavors.create('m1', 512, 1, 1, flavorid='m1')
    assert [f.name for f in nova.flavors.list()] == ['m1']
    server = nova.servers.create('nc', image=None, flavor=flavor)
    deadline = time.monotonic() + 30
    while server.status not in ('ACTIVE', 'ERROR'):
        assert time.monotonic() < deadline
        time.sleep(0.05)
        server = nova.servers.get(server.id)
    assert server.status == 'ACTIVE'
    nova.servers.create('many', image=None, flavor=flavor, min_count=2,
                        max_count=3)
    assert sorted(s.name for s in nova.servers.list()) == [
        'many-1', 'many-2', 'many-3', 'nc']
    assert len(nova.hypervisors.list()) == 3
    nova.servers.delete(server)


def test_openstack_client_creates_a_server_as_it_always_does(all_in_one,
                                                             tmp_path):
    """`server create --image --flavor --nic none --wait`: the client sends
    a block device mapping of the image and imageRef; the server boots
    from that image."""
    aio = all_in_one(hosts=1)
    image_id = compute_calls.active_image(aio)
    aio.client.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 512, 'vcpus': 1,
                                            'disk': 1}})
    env = compute_calls.cloud_env(tmp_path, aio)
    command = [os.path.join(os.path.dirname(sys.executable), 'openstack'),
               '--os-compute-api-version', '2.86']
    result = subprocess.run(command + [
        'server', 'create', '--image', 'disk', '--flavor', 'm1', '--nic',
        'none', '--wait', 's1', '-f', 'json'], capture_output=True,
        text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    server = json.loads(result.stdout)
    assert server['status'] == 'ACTIVE'
    assert image_id in server['image']
    result = subprocess.run(command + [
        'server', 'create', '--image', 'disk', '--flavor', 'm1', '--nic',
        'none', '--boot-from-volume', '1', 's2'], capture_output=True,
        text=True, timeout=120, env=env)
    assert result.returncode != 0
    assert 'block-storage service' in result.stderr


def test_openstacksdk_creates_with_security_groups_and_bdm(all_in_one):
    """What the cloud layer, Ansible's server module and dashboards send:
    security_groups (default or none), networks 'none', a boot mapping."""
    aio = all_in_one(hosts=1)
    image_id = compute_calls.active_image(aio)
    aio.client.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 512, 'vcpus': 1,
                                            'disk': 1}})
    conn = openstack.connect(
        auth_type='admin_token',
        auth={'endpoint': 'http://127.0.0.1:%d/v2.1' % aio.api.port,
              'token': 'admin:admin'},
        compute_api_version='2.86')
    server = conn.compute.create_server(
        name='sdk', flavor_id='m1', image_id=image_id, networks='none',
        security_groups=[{'name': 'default'}],
        block_device_mapping=[{'uuid': image_id, 'boot_index': 0,
                               'source_type': 'image',
                               'destination_type': 'local',
                               'delete_on_termination': True}])
    server = conn.compute.wait_for_server(server, wait=30)
    assert server.status == 'ACTIVE'
    assert server.image['id'] == image_id
    assert conn.compute.create_server(
        name='empty-groups', flavor_id='m1', image_id=image_id,
        networks='none', security_groups=[])
    with pytest.raises(openstack.exceptions.BadRequestException) as refused:
        conn.compute.create_server(
            name='web', flavor_id='m1', image_id=image_id, networks='none',
            security_groups=[{'name': 'web'}])
    assert 'Security group web needs the network service' in str(
        refused.value)


def test_the_sdk_cloud_layer_creates_and_waits_for_a_server(
        all_in_one, tmp_path, monkeypatch):
    """``create_server(wait=True)``, which Ansible's server module calls:
    the cloud layer deletes a server that goes ACTIVE without an address
    and raises; here it gets one on the default network."""
    aio = all_in_one(hosts=1)
    compute_calls.active_image(aio, 'cirros')
    aio.client.create_flavor('m1', flavor_id='m1')
    env = compute_calls.cloud_env(tmp_path, aio)
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', env['OS_CLIENT_CONFIG_FILE'])
    conn = openstack.connect(cloud='aio', compute_api_version='2.86')
    server = conn.create_server(name='cloudy', image='cirros', flavor='m1',
                                wait=True, timeout=60)
    assert server.status == 'ACTIVE'
    (entry,) = server.addresses['private']
    assert entry['OS-EXT-IPS:type'] == 'fixed'
    assert server.private_v4 == entry['addr']
    assert conn.delete_server('cloudy', wait=True, timeout=60)
    assert aio.client.get('/servers')[1] == {'servers': []}


def test_quotas_and_limits_through_the_sdk_and_the_cli(endpoint):
    """The SDK's quota calls take the project's id; ``openstack limits
    show`` needs none. (``openstack quota show/set`` looks the project up
    in Keystone: tests/integration/test_keystone.py drives it there.)"""
    conn = _sdk(endpoint)
    conn.compute.create_flavor(name='m1', ram=512, vcpus=2, disk=1,
                               id='m1')
    updated = conn.compute.update_quota_set('admin', instances=1, cores=9)
    assert (updated.instances, updated.cores) == (1, 9)
    quota_set = conn.compute.get_quota_set('admin')
    assert (quota_set.instances, quota_set.cores, quota_set.ram) == (
        1, 9, -1)
    conn.compute.wait_for_server(conn.compute.create_server(
        name='one', flavor_id='m1', networks='none'), wait=30)
    used = conn.compute.get_quota_set('admin', usage=True)
    assert used.usage['instances'] == 1 and used.usage['cores'] == 2
    with pytest.raises(openstack.exceptions.ForbiddenException) as refused:
        conn.compute.create_server(name='two', flavor_id='m1',
                                   networks='none')
    assert 'Quota exceeded for instances' in str(refused.value)
    absolute = {row['Name']: row['Value'] for row in _osc(
        endpoint, 'limits', 'show', '--absolute', '-f', 'json')}
    assert (absolute['instances'], absolute['instances_used'],
            absolute['total_cores_used']) == (1, 1, 2), absolute
    conn.compute.revert_quota_set('admin')
    assert conn.compute.get_quota_set('admin').instances == -1


def test_aggregates_zones_groups_and_usage_through_osc_and_the_sdk(
        endpoint):
    """What an operator and a user of the openstack CLI and openstacksdk
    do with aggregates, zones, server groups and usage."""
    made = _osc(endpoint, 'aggregate', 'create', '--zone', 'az1', 'rack1',
                '-f', 'json')
    assert (made['name'], made['availability_zone']) == ('rack1', 'az1')
    _osc(endpoint, 'aggregate', 'add', 'host', 'rack1', 'sim-host-3')
    _osc(endpoint, 'aggregate', 'set', '--property', 'ssd=true', 'rack1')
    shown = _osc(endpoint, 'aggregate', 'show', 'rack1', '-f', 'json')
    assert shown['hosts'] == ['sim-host-3']
    assert shown['properties'] == {'ssd': 'true'}
    listed = _osc(endpoint, 'aggregate', 'list', '--long', '-f', 'json')
    assert [a['Name'] for a in listed] == ['rack1']
    zones = _osc(endpoint, 'availability', 'zone', 'list', '--compute',
                 '-f', 'json')
    # An admin's list is the detailed one, with the internal zone.
    assert sorted(z['Zone Name'] for z in zones) == ['az1', 'internal',
                                                     'nova']
    long = _osc(endpoint, 'availability', 'zone', 'list', '--compute',
                '--long', '-f', 'json')
    assert {(z['Zone Name'], z['Host Name']) for z in long
            if z['Zone Name'] == 'az1'} == {('az1', 'sim-host-3')}
    hypervisor = _osc(endpoint, 'hypervisor', 'show', 'sim-host-3', '-f',
                      'json')
    assert hypervisor['aggregates'] == ['rack1']

    group = _osc(endpoint, '--os-compute-api-version', '2.64', 'server',
                 'group', 'create', '--policy', 'anti-affinity', 'spread',
                 '-f', 'json')
    assert group['policy'] == 'anti-affinity'
    _osc(endpoint, 'flavor', 'create', '--ram', '64', '--vcpus', '1', '--id',
         'm1', 'm1')
    sdk = _sdk(endpoint)
    assert [g.name for g in sdk.compute.server_groups()] == ['spread']
    server = sdk.compute.wait_for_server(sdk.compute.create_server(
        name='zoned', flavor_id='m1', networks='none',
        availability_zone='az1',
        scheduler_hints={'group': group['id']}), wait=30)
    shown = _osc(endpoint, 'server', 'show', 'zoned', '-f', 'json')
    assert (shown['OS-EXT-AZ:availability_zone'],
            shown['OS-EXT-SRV-ATTR:host']) == ('az1', 'sim-host-3')
    members = _osc(endpoint, 'server', 'group', 'show', 'spread', '-f',
                   'json')['members']
    assert server.id in str(members)
    usage = _osc(endpoint, 'usage', 'list', '-f', 'json')
    assert [u['Project'] for u in usage] == ['admin']
    _osc(endpoint, 'server', 'delete', '--wait', 'zoned')
    _osc(endpoint, 'server', 'group', 'delete', 'spread')
    _osc(endpoint, 'aggregate', 'remove', 'host', 'rack1', 'sim-host-3')
    _osc(endpoint, 'aggregate', 'delete', 'rack1')
    assert _osc(endpoint, 'aggregate', 'list', '-f', 'json') == []
    assert list(sdk.compute.server_groups()) == []


def test_openstack_client_creates_into_a_zone_and_a_group(all_in_one,
                                                          tmp_path):
    """`server create --availability-zone az1 --hint group=ID`, then the
    group refuses a second member on the zone's only host."""
    aio = all_in_one(hosts=3)
    compute_calls.active_image(aio)
    aio.client.create_flavor('m1', flavor_id='m1')
    env = compute_calls.cloud_env(tmp_path, aio)
    command = [os.path.join(os.path.dirname(sys.executable), 'openstack'),
               '--os-compute-api-version', '2.86']

    def osc(*args):
        return subprocess.run(command + list(args), capture_output=True,
                              text=True, timeout=120, env=env)
    assert osc('aggregate', 'create', '--zone', 'az1', 'a1').returncode == 0
    assert osc('aggregate', 'add', 'host', 'a1',
               'sim-host-2').returncode == 0
    made = osc('server', 'group', 'create', '--policy', 'anti-affinity',
               'solo', '-f', 'json')
    group = json.loads(made.stdout)['id']
    created = osc('server', 'create', '--image', 'disk', '--flavor', 'm1',
                  '--nic', 'none', '--availability-zone', 'az1', '--hint',
                  'group=%s' % group, '--wait', 'one', '-f', 'json')
    assert created.returncode == 0, created.stderr
    server = json.loads(created.stdout)
    assert (server['OS-EXT-AZ:availability_zone'],
            server['OS-EXT-SRV-ATTR:host']) == ('az1', 'sim-host-2')
    second = osc('server', 'create', '--image', 'disk', '--flavor', 'm1',
                 '--nic', 'none', '--availability-zone', 'az1', '--hint',
                 'group=%s' % group, '--wait', 'two')
    assert second.returncode != 0
    fault = aio.client.get('/servers/detail?name=two')[1]['servers'][0][
        'fault']['message']
    assert 'anti-affinity' in fault and 'availability zone az1' in fault
