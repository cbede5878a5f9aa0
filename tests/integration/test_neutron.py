# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers on a real Neutron (ML2/OVN) network, driven with the openstack
client: the ports are made (or the user's taken), bound to the server's
host, plugged by the simulated host into its chassis and reported wired
by Neutron (``network-vif-plugged``) before the server is ACTIVE; the
server shows Neutron's addresses; its delete deletes the ports made for
it and unbinds the user's own; bad networks and ports are refused as
Nova refuses them, nothing made."""
import contextlib
import json
import os
import subprocess
import sys
import time
import uuid

import pytest

from nova_lite.cmd import clouds_file
from nova_lite.cmd import placement_audit
from nova_lite.conductor import heal
from nova_lite import conf as nl_conf
from nova_lite import context as nl_context
from nova_lite.network import backend as network_backend
from nova_lite_tools.network_service import daemons
from nova_lite_tools.network_service import install
from tests.functional import compute_calls
from tests.functional import live_moves
from tests.integration import network_service

pytestmark = pytest.mark.integration


@pytest.fixture(scope='module')
def neutron(tmp_path_factory):
    stack = network_service.start(tmp_path_factory.mktemp('network'))
    yield stack
    network_service.stack_mod.down(stack)


@pytest.fixture
def cloud(all_in_one, overrides, neutron, tmp_path):
    network_service.use(overrides, neutron, vif_plugging_timeout=30)
    aio = all_in_one(hosts=2)
    compute_calls.active_image(aio)
    aio.client.create_flavor('m1', flavor_id='m1')
    path = clouds_file.write(
        str(tmp_path), 'aio', 'http://127.0.0.1:%d/v2.1' % aio.api.port,
        image_url=aio.image_url,
        placement_url='http://127.0.0.1:%d' % aio.placement.port,
        network_url=neutron.url)
    env = dict(os.environ, OS_CLIENT_CONFIG_FILE=path, OS_CLOUD='aio')
    yield aio, env
    for port in _neutron(neutron, 'GET', '/ports')['ports']:
        _neutron(neutron, 'DELETE', '/ports/' + port['id'])
    for network in _neutron(neutron, 'GET', '/networks')['networks']:
        _neutron(neutron, 'DELETE', '/networks/' + network['id'])


def _neutron(stack, method, path, body=None):
    return network_service.request(stack, method, path, body)


def osc(env, *args, fails=False):
    return compute_calls.osc(env, *args, fails=fails)


def _service_network(neutron, name, cidr):
    """A network with a subnet, made in Neutron directly (the service
    user's)."""
    network = _neutron(neutron, 'POST', '/networks', {'network': {
        'name': name}})['network']
    _neutron(neutron, 'POST', '/subnets', {'subnet': {
        'network_id': network['id'], 'ip_version': 4, 'cidr': cidr}})
    return network


def _network(env, name, cidr):
    network = osc(env, 'network', 'create', name, '-f', 'json')
    osc(env, 'subnet', 'create', '--network', name, '--subnet-range', cidr,
        name + '-subnet', '-f', 'json')
    return network


def _physnet_network(env, name, cidr, *subnet_options):
    """A flat network on physnet1 (where the hosts' bandwidth is) with a
    subnet."""
    network = osc(env, 'network', 'create', '--provider-network-type',
                  'flat', '--provider-physical-network', 'physnet1', name,
                  '-f', 'json')
    osc(env, 'subnet', 'create', '--network', name, '--subnet-range', cidr,
        *subnet_options, name + '-subnet', '-f', 'json')
    return network


def _ports_of(env, server_id):
    return osc(env, 'port', 'list', '--device-id', server_id, '-f', 'json')


def test_a_server_gets_a_bound_active_port_and_loses_it(cloud, neutron):
    aio, env = cloud
    network = _network(env, 'net1', '10.20.0.0/24')
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'net-id=%s' % network['id'], '--wait', 's1',
                 '-f', 'json')
    assert server['status'] == 'ACTIVE'
    ports = _ports_of(env, server['id'])
    assert len(ports) == 1
    port = osc(env, 'port', 'show', ports[0]['ID'], '-f', 'json')
    assert port['status'] == 'ACTIVE'
    assert port['binding_host_id'] == server['OS-EXT-SRV-ATTR:host']
    assert port['device_owner'] == 'compute:nova'
    address = port['fixed_ips'][0]['ip_address']
    assert server['addresses'] == {'net1': [address]}
    status, body = aio.client.get('/servers/%s' % server['id'])
    assert body['server']['addresses'] == {'net1': [{
        'version': 4, 'addr': address, 'OS-EXT-IPS:type': 'fixed',
        'OS-EXT-IPS-MAC:mac_addr': port['mac_address']}]}
    # Its guest off, its port is down, as a real host's tap goes with it.
    osc(env, 'server', 'stop', server['id'])
    _wait_binding(neutron, server['id'], [(port['binding_host_id'], 'DOWN')])
    osc(env, 'server', 'start', server['id'])
    _wait_binding(neutron, server['id'], [(port['binding_host_id'],
                                           'ACTIVE')])
    osc(env, 'server', 'delete', '--wait', server['id'])
    assert _ports_of(env, server['id']) == []


def test_a_users_port_is_taken_and_given_back(cloud, neutron):
    aio, env = cloud
    network = _network(env, 'net2', '10.21.0.0/24')
    port = osc(env, 'port', 'create', '--network', network['id'], 'mine',
               '-f', 'json')
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'port-id=%s' % port['id'], '--wait', 's2',
                 '-f', 'json')
    assert server['status'] == 'ACTIVE'
    shown = osc(env, 'port', 'show', port['id'], '-f', 'json')
    assert (shown['status'], shown['device_id']) == ('ACTIVE', server['id'])
    # A port in use is refused to a second server, which is not made.
    error = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                'm1', '--nic', 'port-id=%s' % port['id'], 's3', fails=True)
    assert 'Port %s is still in use.' % port['id'] in error
    assert '409' in error
    osc(env, 'server', 'delete', '--wait', server['id'])
    shown = osc(env, 'port', 'show', port['id'], '-f', 'json')
    assert (shown['device_id'], shown['binding_host_id']) == ('', '')
    names = [s['Name'] for s in osc(env, 'server', 'list', '-f', 'json')]
    assert names == []


def test_networks_auto_takes_the_only_network(cloud, neutron):
    aio, env = cloud
    code, body = aio.client.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'm1', 'networks': 'auto'}},
        headers={'OpenStack-API-Version': 'compute 2.37'})
    assert (code, body['badRequest']['message']) == (
        400, 'Unable to automatically allocate a network for project admin')
    network = _network(env, 'only', '10.22.0.0/24')
    server = aio.client.boot('m1', version='2.37', networks='auto')
    assert server['status'] == 'ACTIVE'
    assert list(server['addresses']) == ['only']
    assert _ports_of(env, server['id'])[0]['Status'] == 'ACTIVE'
    _network(env, 'second', '10.23.0.0/24')
    code, body = aio.client.post('/servers', {'server': {
        'name': 'b', 'flavorRef': 'm1', 'networks': 'auto'}},
        headers={'OpenStack-API-Version': 'compute 2.37'})
    assert (code, body['conflictingRequest']['message']) == (
        409, 'Multiple possible networks found, use a Network ID to be '
        'more specific.')
    assert [p['network_id'] for p in _neutron(
        neutron, 'GET', '/ports?device_id=%s' % server['id'])['ports']] == [
        network['id']]


def test_bad_networks_and_ports_are_refused(cloud, neutron):
    aio, env = cloud
    network = _network(env, 'net3', '10.24.0.0/24')
    port = osc(env, 'port', 'create', '--network', network['id'], 'p',
               '-f', 'json')
    missing = str(uuid.uuid4())
    cases = [
        ({'networks': [{'uuid': missing}]},
         400, 'Network %s could not be found.' % missing),
        ({'networks': [{'port': missing}]},
         400, 'Port id %s could not be found.' % missing),
        ({'networks': [{'port': port['id']}], 'min_count': 2},
         400, 'Unable to launch multiple instances with a single '
              'configured port ID. Please launch your instance one by one '
              'with different ports.'),
    ]
    for extra, code, message in cases:
        status, body = aio.client.post('/servers', {'server': dict(
            {'name': 'bad', 'flavorRef': 'm1'}, **extra)})
        assert status == code, body
        assert list(body.values())[0]['message'] == message
    # Another project's network and port are not found for a member.
    member = aio.client.as_user('demo:demo')
    for extra, message in (
            ({'uuid': network['id']},
             'Network %s could not be found.' % network['id']),
            ({'port': port['id']},
             'Port id %s could not be found.' % port['id'])):
        status, body = member.post('/servers', {'server': {
            'name': 'bad', 'flavorRef': 'm1', 'networks': [extra]}})
        assert (status, body['badRequest']['message']) == (400, message)
    assert aio.client.get('/servers')[1]['servers'] == []
    assert [p['id'] for p in _neutron(neutron, 'GET', '/ports?device_owner='
                                      'compute:nova')['ports']] == []


def test_a_port_never_plugged_fails_the_build_and_is_freed(
        all_in_one, overrides, neutron, tmp_path):
    """Without its plugging (a simulated host with no chassis to plug
    into) no network-vif-plugged comes: the build fails after
    vif_plugging_timeout, its port deleted; with vif_plugging_is_fatal
    off it goes on."""
    network_service.use(overrides, neutron, vif_plugging_timeout=3)
    overrides('simulated_host_ovsdb', None, group='neutron')
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    network = _service_network(neutron, 'unplugged', '10.25.0.0/24')
    server = aio.client.boot('m1', networks=[{'uuid': network['id']}])
    assert server['status'] == 'ERROR'
    assert 'network-vif-plugged' in server['fault']['message']
    assert _neutron(neutron, 'GET', '/ports?device_id=%s'
                    % server['id'])['ports'] == []
    overrides('vif_plugging_is_fatal', False, group='compute')
    aio.client.delete('/servers/%s' % server['id'])
    aio.client.wait_server(server['id'], ('DELETED',))
    all_in_one.stop(aio)
    aio = all_in_one(hosts=1)
    server = aio.client.boot('m1', networks=[{'uuid': network['id']}])
    assert server['status'] == 'ACTIVE'
    ports = _neutron(neutron, 'GET', '/ports?device_id=%s'
                     % server['id'])['ports']
    assert [p['status'] for p in ports] == ['DOWN']
    aio.client.delete('/servers/%s' % server['id'])
    aio.client.wait_server(server['id'], ('DELETED',))
    assert _neutron(neutron, 'GET', '/ports?device_id=%s'
                    % server['id'])['ports'] == []
    _neutron(neutron, 'DELETE', '/networks/' + network['id'])


def _binding(neutron, server_id):
    ports = _neutron(neutron, 'GET', '/ports?device_id=%s'
                     % server_id)['ports']
    return [(p['binding:host_id'], p['status']) for p in ports]


def _wait_binding(neutron, server_id, wanted, timeout=30):
    deadline = time.monotonic() + timeout
    while _binding(neutron, server_id) != wanted:
        assert time.monotonic() < deadline, _binding(neutron, server_id)
        time.sleep(0.2)


def test_ports_follow_their_server_when_it_moves(cloud, neutron):
    """Cold migration and its revert, live migration, shelve offload and
    unshelve: the port is bound wherever the server is (none while it is
    offloaded) and goes ACTIVE there."""
    aio, env = cloud
    network = _network(env, 'moving', '10.26.0.0/24')
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'net-id=%s' % network['id'], '--wait', 'mv',
                 '-f', 'json')
    first = server['OS-EXT-SRV-ATTR:host']
    other = next(h for h in network_service.HOSTS if h != first)
    _wait_binding(neutron, server['id'], [(first, 'ACTIVE')])

    osc(env, 'server', 'migrate', '--wait', server['id'])
    shown = osc(env, 'server', 'show', server['id'], '-f', 'json')
    assert (shown['status'], shown['OS-EXT-SRV-ATTR:host']) == (
        'VERIFY_RESIZE', other)
    # The move's end waited for its port to be wired there.
    assert _binding(neutron, server['id']) == [(other, 'ACTIVE')]
    osc(env, 'server', 'resize', 'revert', server['id'])
    aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    assert _binding(neutron, server['id']) == [(first, 'ACTIVE')]

    osc(env, 'server', 'migrate', '--live-migration', '--wait',
        server['id'])
    shown = osc(env, 'server', 'show', server['id'], '-f', 'json')
    assert shown['OS-EXT-SRV-ATTR:host'] == other
    _wait_binding(neutron, server['id'], [(other, 'ACTIVE')])

    osc(env, 'server', 'shelve', '--offload', '--wait', server['id'])
    _wait_binding(neutron, server['id'], [('', 'DOWN')])
    osc(env, 'server', 'unshelve', '--wait', server['id'])
    shown = osc(env, 'server', 'show', server['id'], '-f', 'json')
    assert shown['status'] == 'ACTIVE'
    # The unshelve waited for its port to be wired where it landed.
    assert _binding(neutron, server['id']) == [
        (shown['OS-EXT-SRV-ATTR:host'], 'ACTIVE')]
    assert list(shown['addresses']) == ['moving']


def test_a_migration_whose_port_is_never_wired_ends_in_error(
        all_in_one, overrides, neutron, tmp_path):
    """A destination whose chassis never wires the port (its OVN
    controller is down): no network-vif-plugged comes, and the move's end
    fails after vif_plugging_timeout, the server in ERROR where it is
    with a fault that says why."""
    network_service.use(overrides, neutron, vif_plugging_timeout=4)
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    network = _service_network(neutron, 'unwired', '10.37.0.0/24')
    server = aio.client.boot('m1', version='2.74', host='sim-host-1',
                             networks=[{'uuid': network['id']}])
    assert server['status'] == 'ACTIVE'
    chassis = neutron.chassis('sim-host-2')
    daemons.stop(chassis.directory, 'ovn-controller')
    try:
        status, body = aio.client.post(
            '/servers/%s/action' % server['id'], {'migrate': None})
        assert status == 202, body
        failed = aio.client.wait_server(server['id'], ('ERROR',),
                                        timeout=60)
    finally:
        daemons.start(chassis.directory, 'ovn-controller', [
            'ovn-controller', chassis.ovsdb], chassis.namespace)
    assert failed['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    assert 'network-vif-plugged' in failed['fault']['message'], failed
    aio.client.delete('/servers/%s' % server['id'])
    aio.client.wait_server(server['id'], ('DELETED',))
    _neutron(neutron, 'DELETE', '/networks/' + network['id'])


@contextlib.contextmanager
def _stopped_controllers(neutron):
    """Every chassis's OVN controller stopped for the block (no port is
    wired anywhere), then started again."""
    chassis = [neutron.chassis(host) for host in network_service.HOSTS]
    for one in chassis:
        daemons.stop(one.directory, 'ovn-controller')
    try:
        yield
    finally:
        for one in chassis:
            daemons.start(one.directory, 'ovn-controller', [
                'ovn-controller', one.ovsdb], one.namespace)


def test_an_unshelve_whose_port_is_never_wired_stays_offloaded(
        all_in_one, overrides, neutron, tmp_path):
    """No chassis wires the port (their OVN controllers are down): the
    unshelve fails after vif_plugging_timeout and the server is offloaded
    again as it was, its guest gone, its port bound to no host, nothing
    held in placement; the action's event says why."""
    network_service.use(overrides, neutron, vif_plugging_timeout=4)
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    network = _service_network(neutron, 'unwired-unshelve', '10.38.0.0/24')
    server = aio.client.boot('m1', networks=[{'uuid': network['id']}])
    sid = server['id']
    assert aio.client.post('/servers/%s/action' % sid, {'shelve': None})[
        0] == 202
    aio.client.wait_server(sid, ('SHELVED_OFFLOADED',), settled=True)
    with _stopped_controllers(neutron):
        assert aio.client.post('/servers/%s/action' % sid,
                               {'unshelve': None})[0] == 202
        deadline = time.monotonic() + 60
        while _unshelve_event(aio, sid).get('finish_time') is None:
            assert time.monotonic() < deadline, _unshelve_event(aio, sid)
            time.sleep(0.2)
    event = _unshelve_event(aio, sid)
    assert event['result'] == 'Error', event
    shown = aio.client.wait_server(sid, ('SHELVED_OFFLOADED',),
                                   settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] is None
    assert _binding(neutron, sid) == [('', 'DOWN')]
    assert aio.placement_client.get('/allocations/%s' % sid)[1][
        'allocations'] == {}
    for svc in aio.services:
        driver = getattr(svc.manager, 'driver', None)
        if driver is not None:
            assert sid not in driver.list_instance_uuids()
    aio.client.delete('/servers/%s' % sid)
    aio.client.wait_server(sid, ('DELETED',))
    _neutron(neutron, 'DELETE', '/networks/' + network['id'])


def _unshelve_event(aio, sid):
    """The compute's event of the server's last unshelve ({} until it
    starts)."""
    actions = aio.client.get('/servers/%s/os-instance-actions' % sid)[1][
        'instanceActions']
    unshelve = next(a for a in actions if a['action'] == 'unshelve')
    events = aio.client.get('/servers/%s/os-instance-actions/%s' % (
        sid, unshelve['request_id']))[1]['instanceAction']['events']
    return next((e for e in events
                 if e['event'] == 'compute_unshelve_instance'), {})


def test_ports_are_attached_and_detached_while_the_server_lives(
        cloud, neutron):
    """`server add port|network`, `server remove port|network`: the port
    is bound and wired on the server's host, listed by os-interface with
    Nova's keys (its tag from 2.70), shown in the server's addresses, and
    freed on detach (the user's own unbound); bad attaches are refused."""
    aio, env = cloud
    first = _network(env, 'first', '10.27.0.0/24')
    second = _network(env, 'second-net', '10.28.0.0/24')
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'net-id=%s' % first['id'], '--wait', 'if',
                 '-f', 'json')
    mine = osc(env, 'port', 'create', '--network', second['id'], 'mine',
               '-f', 'json')
    osc(env, 'server', 'add', 'port', server['id'], mine['id'])
    osc(env, 'server', 'add', 'network', server['id'], first['id'])
    path = '/servers/%s/os-interface' % server['id']
    code, body = aio.client.get(path, headers={
        'OpenStack-API-Version': 'compute 2.70'})
    assert code == 200
    attached = body['interfaceAttachments']
    assert len(attached) == 3
    assert {a['net_id'] for a in attached} == {first['id'], second['id']}
    assert all(set(a) == {'net_id', 'port_id', 'mac_addr', 'port_state',
                          'fixed_ips', 'tag'} for a in attached)
    _wait_binding(neutron, server['id'], [
        (server['OS-EXT-SRV-ATTR:host'], 'ACTIVE')] * 3)
    code, body = aio.client.get(path + '/' + mine['id'])
    assert 'tag' not in body['interfaceAttachment']
    assert body['interfaceAttachment']['port_id'] == mine['id']
    assert _interface_keys_by_version(aio, path, mine['id']) == {}
    shown = osc(env, 'server', 'show', server['id'], '-f', 'json')
    assert sorted(shown['addresses']) == ['first', 'second-net']
    assert len(shown['addresses']['first']) == 2

    osc(env, 'server', 'remove', 'port', server['id'], mine['id'])
    deadline = time.monotonic() + 30
    while len(aio.client.get(path)[1]['interfaceAttachments']) != 2:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    kept = osc(env, 'port', 'show', mine['id'], '-f', 'json')
    assert (kept['device_id'], kept['binding_host_id']) == ('', '')

    missing = str(uuid.uuid4())
    for body, code, message in (
            ({'net_id': missing}, 404,
             'Network %s could not be found.' % missing),
            ({'port_id': missing}, 404,
             'Port id %s could not be found.' % missing),
            ({'net_id': first['id'], 'port_id': mine['id']}, 400,
             'Must not input both network_id and port_id'),
            ({'port_id': mine['id'], 'fixed_ips': [
                {'ip_address': '10.28.0.9'}]}, 400,
             'Must input network_id when request IP address')):
        status, answer = aio.client.post(path, {'interfaceAttachment': body})
        assert status == code, answer
        assert list(answer.values())[0]['message'] == message
    taken = attached[0]['fixed_ips'][0]['ip_address']
    status, answer = aio.client.post(path, {'interfaceAttachment': {
        'net_id': attached[0]['net_id'],
        'fixed_ips': [{'ip_address': taken}]}})
    assert (status, answer['conflictingRequest']['message']) == (
        409, 'Fixed IP address %s is already in use on instance %s.'
        % (taken, server['id']))
    status, answer = aio.client.post(path, {'interfaceAttachment': {
        'net_id': first['id'], 'fixed_ips': [{'ip_address': '10.99.9.9'}]}})
    assert status == 400, answer
    assert '10.99.9.9' in answer['badRequest']['message']
    used = _ports_of(env, server['id'])[0]['ID']
    other = aio.client.boot('m1', networks=[{'uuid': first['id']}])
    status, answer = aio.client.post(
        '/servers/%s/os-interface' % other['id'],
        {'interfaceAttachment': {'port_id': used}})
    assert (status, answer['conflictingRequest']['message']) == (
        409, 'Port %s is still in use.' % used)
    status, answer = aio.client.delete(path + '/' + missing)
    assert (status, answer['itemNotFound']['message']) == (
        404, 'Port id %s could not be found.' % missing)
    assert len(aio.client.get(path)[1]['interfaceAttachments']) == 2


INTERFACE = dict.fromkeys(('net_id', 'port_id', 'mac_addr', 'port_state',
                           'fixed_ips'), compute_calls.ALWAYS)
INTERFACE['tag'] = (70, None)


def _interface_keys_by_version(aio, path, port_id):
    """What os-interface's list and show answer at each version from 2.1
    to the newest, where it differs from Nova's keys (a port's tag from
    2.70)."""
    wrong = {}
    for minor in range(1, compute_calls.NEWEST_MINOR + 1):
        at = compute_calls.at('2.%d' % minor)
        want = compute_calls.keys_at(INTERFACE, minor)
        listed = aio.client.get(path, **at)[1]['interfaceAttachments']
        shown = aio.client.get(path + '/' + port_id, **at)[1][
            'interfaceAttachment']
        for what, keys in (('list', set().union(*map(set, listed))),
                           ('show', set(shown))):
            if keys != want:
                wrong['2.%d %s' % (minor, what)] = (keys, want)
    return wrong


NETWORK_PLAYBOOK = """
- hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: %(python)s
  tasks:
    - openstack.cloud.network:
        cloud: aio
        name: anet
    - openstack.cloud.subnet:
        cloud: aio
        name: asub
        network_name: anet
        cidr: 10.30.0.0/24
    - openstack.cloud.port:
        cloud: aio
        name: aport
        network: anet
    - name: a server on the network, waited for with its address
      openstack.cloud.server:
        cloud: aio
        name: aweb
        image: disk
        flavor: m1
        network: anet
        wait: true
        timeout: 120
      register: on_network
    - name: a server on the user's port
      openstack.cloud.server:
        cloud: aio
        name: aport-server
        image: disk
        flavor: m1
        nics:
          - port-name: aport
        wait: true
        timeout: 120
      register: on_port
    - copy:
        dest: "%(out)s"
        content: "{{ {'on_network': on_network,
                      'on_port': on_port} | to_json }}"
    - openstack.cloud.server:
        cloud: aio
        name: "{{ item }}"
        state: absent
        wait: true
      loop: [aweb, aport-server]
    - openstack.cloud.port:
        cloud: aio
        name: aport
        state: absent
"""


def test_ansible_and_the_sdk_boot_on_networks_by_name(cloud, neutron,
                                                      tmp_path, monkeypatch):
    """Ansible's network, subnet, port and server modules (``network:``,
    ``nics: port-name``) and openstacksdk's ``create_server(network=)``:
    each looks the network up by name in Neutron and boots on it."""
    import openstack

    from tests.functional import test_ansible
    aio, env = cloud
    env = dict(env, ANSIBLE_LOCALHOST_WARNING='false',
               ANSIBLE_INVENTORY_UNPARSED_WARNING='false')
    playbook, out = tmp_path / 'play.yml', tmp_path / 'out.json'
    playbook.write_text(NETWORK_PLAYBOOK % {
        'python': test_ansible._modules_python(), 'out': out})
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'ansible-playbook'),
         str(playbook)], capture_output=True, text=True, env=env,
        timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    done = json.loads(out.read_text())
    for name, server in (('on_network', done['on_network']['server']),
                         ('on_port', done['on_port']['server'])):
        assert server['status'] == 'ACTIVE', name
        assert list(server['addresses']) == ['anet'], name
    assert aio.client.get('/servers')[1]['servers'] == []

    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', env['OS_CLIENT_CONFIG_FILE'])
    conn = openstack.connect(cloud='aio')
    server = conn.create_server('sdk', image='disk', flavor='m1',
                                network='anet', wait=True, timeout=120)
    assert server.status == 'ACTIVE'
    assert list(server.addresses) == ['anet']
    port = next(conn.network.ports(device_id=server.id))
    assert (port.status, port.binding_host_id) == (
        'ACTIVE', server.compute_host)
    conn.delete_server(server.id, wait=True, timeout=60)
    assert list(conn.network.ports(device_id=server.id)) == []


def test_security_groups_are_the_ports_groups(cloud, neutron):
    """`server create --security-group`, `server add|remove security
    group`: the server's ports are in the groups, which the server shows
    and os-security-groups lists with their ingress rules; unknown groups
    are refused in Nova's words, nothing made."""
    aio, env = cloud
    network = _network(env, 'guarded', '10.31.0.0/24')
    web = osc(env, 'security', 'group', 'create', 'web', '-f', 'json')
    osc(env, 'security', 'group', 'rule', 'create', '--protocol', 'tcp',
        '--dst-port', '80', '--remote-ip', '192.0.2.0/24', 'web')
    # The client finds no such group in Neutron; the API says so too.
    error = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                'm1', '--nic', 'net-id=%s' % network['id'],
                '--security-group', 'nope', 'refused', fails=True)
    assert 'nope' in error
    code, body = aio.client.post('/servers', {'server': {
        'name': 'refused', 'flavorRef': 'm1', 'security_groups': [
            {'name': 'nope'}], 'networks': [{'uuid': network['id']}]}})
    assert (code, body['badRequest']['message']) == (
        400, 'Security group nope not found.')
    assert aio.client.get('/servers')[1]['servers'] == []

    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'net-id=%s' % network['id'],
                 '--security-group', 'web', '--wait', 'sg', '-f', 'json')
    port = _neutron(neutron, 'GET', '/ports?device_id=%s'
                    % server['id'])['ports'][0]
    assert port['security_groups'] == [web['id']]
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['security_groups'] == [{'name': 'web'}]

    osc(env, 'server', 'add', 'security', 'group', server['id'], 'default')
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['security_groups'] == [{'name': 'default'},
                                        {'name': 'web'}]
    code, body = aio.client.get('/servers/%s/os-security-groups'
                                % server['id'])
    assert code == 200
    assert [g['name'] for g in body['security_groups']] == ['default',
                                                            'web']
    [rule] = body['security_groups'][1]['rules']
    assert {k: rule[k] for k in ('ip_protocol', 'from_port', 'to_port',
                                 'ip_range', 'group')} == {
        'ip_protocol': 'tcp', 'from_port': 80, 'to_port': 80,
        'ip_range': {'cidr': '192.0.2.0/24'}, 'group': {}}

    path = '/servers/%s/action' % server['id']
    code, body = aio.client.post(path, {'addSecurityGroup': {
        'name': 'web'}})
    assert (code, body['badRequest']['message']) == (
        400, 'Security group web is already associated with the instance '
        '%s' % server['id'])
    code, body = aio.client.post(path, {'addSecurityGroup': {
        'name': 'nope'}})
    assert (code, body['itemNotFound']['message']) == (
        404, 'Security group nope is not found for project admin')
    osc(env, 'server', 'remove', 'security', 'group', server['id'], 'web')
    code, body = aio.client.post(path, {'removeSecurityGroup': {
        'name': 'web'}})
    assert (code, body['badRequest']['message']) == (
        400, 'Security group web not associated with the instance %s'
        % server['id'])
    port = _neutron(neutron, 'GET', '/ports/%s' % port['id'])['port']
    assert web['id'] not in port['security_groups']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['security_groups'] == [{'name': 'default'}]


def test_a_burst_of_builds_is_not_held_up_by_its_own_events(cloud, neutron):
    """More builds at once than a compute has RPC threads (4 per host in
    the all-in-one): each waits for its port's event, which must still
    get through (on the events topic) rather than queue behind them until
    the builds time out."""
    aio, env = cloud
    network = _network(env, 'burst', '10.32.0.0/24')
    started = time.monotonic()
    code, body = aio.client.post('/servers', {'server': {
        'name': 'burst', 'flavorRef': 'm1', 'min_count': 12,
        'networks': [{'uuid': network['id']}],
        'return_reservation_id': True}})
    assert code == 202, body
    deadline = started + 25  # below the fixture's vif_plugging_timeout
    while True:
        servers = aio.client.get('/servers/detail')[1]['servers']
        states = sorted(s['status'] for s in servers)
        if states == ['ACTIVE'] * 12 or 'ERROR' in states:
            break
        assert time.monotonic() < deadline, states
        time.sleep(0.5)
    assert states == ['ACTIVE'] * 12
    ports = _neutron(neutron, 'GET', '/ports?network_id=%s'
                     % network['id'])['ports']
    assert sorted(p['status'] for p in ports
                  if p['device_owner'] == 'compute:nova') == ['ACTIVE'] * 12


def test_a_failed_binding_gives_the_users_port_back(all_in_one, overrides,
                                                    neutron):
    """A host with no chassis cannot bind a port: the build on it fails
    (an admin sent it there, so there is no other host to try) with
    Nova's words, and the user's port it took is unbound, not deleted."""
    network_service.use(overrides, neutron, vif_plugging_timeout=10)
    aio = all_in_one(hosts=3)  # the stack has chassis for two of them
    aio.client.create_flavor('m1', flavor_id='m1')
    network = _neutron(neutron, 'POST', '/networks', {'network': {
        'name': 'unbindable', 'project_id': 'admin'}})['network']
    _neutron(neutron, 'POST', '/subnets', {'subnet': {
        'network_id': network['id'], 'ip_version': 4,
        'cidr': '10.33.0.0/24', 'project_id': 'admin'}})
    port = _neutron(neutron, 'POST', '/ports', {'port': {
        'network_id': network['id'], 'project_id': 'admin'}})['port']
    server = aio.client.boot('m1', version='2.74', host='sim-host-3',
                             networks=[{'port': port['id']}])
    assert server['status'] == 'ERROR'
    assert server['fault']['message'] == (
        'Binding failed for port %s, please check neutron logs for more '
        'information.' % port['id'])
    kept = _neutron(neutron, 'GET', '/ports/' + port['id'])['port']
    assert (kept['device_id'], kept['binding:host_id']) == ('', '')
    made = aio.client.boot('m1', version='2.74', host='sim-host-3',
                           networks=[{'uuid': network['id']}])
    assert made['status'] == 'ERROR'
    assert [p['id'] for p in _neutron(neutron, 'GET', '/ports?network_id='
                                      + network['id'])['ports']
            if p['device_owner'].startswith('compute:')] == []
    _neutron(neutron, 'DELETE', '/ports/' + port['id'])
    _neutron(neutron, 'DELETE', '/networks/' + network['id'])


def _placement(env, *args):
    return osc(env, '--os-cloud', 'aio-placement',
               '--os-placement-api-version', '1.39', *args)


def _bandwidth_providers(env, timeout=60):
    """{host: provider uuid} of Neutron's bridge providers of physnet1,
    once it has reported what each host told its chassis."""
    deadline = time.monotonic() + timeout
    while True:
        found = {p['name'].split(':')[0]: p['uuid'] for p in _placement(
            env, 'resource', 'provider', 'list', '-f', 'json')
            if p['name'].endswith(':br-physnet1')}
        if len(found) == len(network_service.HOSTS):
            return found
        assert time.monotonic() < deadline, found
        time.sleep(0.5)


def _qos_port(env, network, name, kbps):
    osc(env, 'network', 'qos', 'policy', 'create', name, '-f', 'json')
    osc(env, 'network', 'qos', 'rule', 'create', '--type',
        'minimum-bandwidth', '--min-kbps', str(kbps), '--egress', name,
        '-f', 'json')
    return osc(env, 'port', 'create', '--network', network['id'],
               '--qos-policy', name, name, '-f', 'json')


def _allocations(env, consumer):
    return {a['resource_provider']: a['resources'] for a in _placement(
        env, 'resource', 'provider', 'allocation', 'show', consumer,
        '-f', 'json')}


def test_guaranteed_bandwidth_is_claimed_with_the_server(cloud, neutron):
    """A port whose QoS policy guarantees bandwidth: the host's bandwidth
    is what its compute told its chassis (sim-host-1's two 10 Gbit/s
    NICs, sim-host-2's one of 1 Gbit/s on physnet1) and Neutron reported
    to placement; the server goes where the port's share fits, claimed
    with it in one allocation that the port's binding names, moved with
    it and freed with it; a share no host has is the scheduler's
    explained refusal."""
    aio, env = cloud
    bridges = _bandwidth_providers(env)
    inventory = _placement(env, 'resource', 'provider', 'inventory', 'list',
                           bridges['sim-host-2'], '-f', 'json')
    assert {i['resource_class']: i['total'] for i in inventory} == {
        'NET_BW_EGR_KILOBIT_PER_SEC': 1000000,
        'NET_BW_IGR_KILOBIT_PER_SEC': 1000000}
    network = _physnet_network(env, 'pn1', '10.31.0.0/24')

    wide = _qos_port(env, network, 'wide', 5000000)
    assert wide['resource_request']['request_groups'][0]['resources'] == {
        'NET_BW_EGR_KILOBIT_PER_SEC': 5000000}
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'port-id=%s' % wide['id'], '--wait', 'w',
                 '-f', 'json')
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-1')  # the only host with 5 Gbit/s
    group = wide['resource_request']['request_groups'][0]['id']
    port = osc(env, 'port', 'show', wide['id'], '-f', 'json')
    assert port['binding_profile'] == {
        'allocation': {group: bridges['sim-host-1']}}
    assert port['status'] == 'ACTIVE'
    held = _allocations(env, server['id'])
    assert held[bridges['sim-host-1']] == {
        'NET_BW_EGR_KILOBIT_PER_SEC': 5000000}
    # Nowhere else has the share: the move is refused, nothing changed.
    error = osc(env, 'server', 'migrate', server['id'], fails=True)
    assert 'No valid host' in error and 'NET_BW_EGR_KILOBIT_PER_SEC' in error
    assert _allocations(env, server['id']) == held

    # More than any host has: ERROR, saying which port asked for what.
    huge = _qos_port(env, network, 'huge', 30000000)
    failed = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'port-id=%s' % huge['id'], 'h', '-f', 'json')
    failed = aio.client.wait_server(failed['id'], ('ERROR',))
    message = failed['fault']['message']
    assert 'port %s: NET_BW_EGR_KILOBIT_PER_SEC:30000000 with ' \
        'CUSTOM_PHYSNET_PHYSNET1, CUSTOM_VNIC_TYPE_NORMAL' % huge['id'] \
        in message, message
    port = osc(env, 'port', 'show', huge['id'], '-f', 'json')
    assert (port['device_id'], port['binding_host_id'],
            port['binding_profile']) == ('', '', {})
    assert _allocations(env, failed['id']) == {}

    # A small share moves with its server, to the other host's bridge.
    narrow = _qos_port(env, network, 'narrow', 300000)
    small = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                'm1', '--nic', 'port-id=%s' % narrow['id'], '--wait',
                '--host', 'sim-host-1', 'n', '-f', 'json')
    osc(env, 'server', 'migrate', '--wait', small['id'])
    osc(env, 'server', 'resize', 'confirm', small['id'])
    aio.client.wait_server(small['id'], ('ACTIVE',), settled=True)
    group = narrow['resource_request']['request_groups'][0]['id']
    port = osc(env, 'port', 'show', narrow['id'], '-f', 'json')
    assert (port['binding_host_id'], port['binding_profile']) == (
        'sim-host-2', {'allocation': {group: bridges['sim-host-2']}})
    assert _allocations(env, small['id'])[bridges['sim-host-2']] == {
        'NET_BW_EGR_KILOBIT_PER_SEC': 300000}
    # Such a port is not attached to a running server (as Nova before
    # it could extend a server's allocation).
    spare = _qos_port(env, network, 'spare', 1000)
    error = osc(env, 'server', 'add', 'port', small['id'], spare['id'],
                fails=True)
    assert 'Attaching interfaces with QoS policy is not supported' in error

    for each in (server, small, failed):
        osc(env, 'server', 'delete', '--wait', each['id'])
    for each in (server, small):
        assert _allocations(env, each['id']) == {}
    port = osc(env, 'port', 'show', wide['id'], '-f', 'json')
    assert (port['device_id'], port['binding_profile']) == ('', {})
    usage = _placement(env, 'resource', 'provider', 'usage', 'show',
                       bridges['sim-host-1'], '-f', 'json')
    assert {u['resource_class']: u['usage'] for u in usage}[
        'NET_BW_EGR_KILOBIT_PER_SEC'] == 0


def test_a_vietstack_rate_is_a_qos_policy_on_its_vnics_port(cloud, neutron):
    """With Neutron, a VietStack vNIC's rate is guaranteed as Neutron
    guarantees any port's: a port made for the vNIC before the server is
    scheduled, with a QoS minimum-bandwidth policy of its rates, whose
    resource request is claimed on Neutron's provider of the vNIC's
    physical network. The VietStack NICs' own providers then hold no
    rate, so no bandwidth is counted twice."""
    aio, env = cloud
    bridges = _bandwidth_providers(env)
    nics = {p['name']: p['uuid'] for p in _placement(
        env, 'resource', 'provider', 'list', '-f', 'json')}
    classes = {i['resource_class'] for i in _placement(
        env, 'resource', 'provider', 'inventory', 'list',
        nics['sim-host-1:eth0'], '-f', 'json')}
    assert classes == {'CUSTOM_VIETSTACK_OUTBOUND_SIZE',
                       'CUSTOM_VIETSTACK_INBOUND_SIZE'}
    _physnet_network(env, 'vs1', '10.32.0.0/24')
    for name, rate in (('vs', 4000000), ('vs-huge', 30000000)):
        osc(env, 'flavor', 'create', '--vcpus', '1', '--ram', '64',
            '--disk', '1', '--property', 'vietstack:vnics=1',
            '--property', 'vietstack:vnic0:physical_network=physnet1',
            '--property', 'vietstack:vnic0:outbound:rate=%d' % rate,
            '--property', 'vietstack:vnic0:inbound:rate=%d' % (rate // 2),
            name, '-f', 'json')

    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'vs', '--wait', 'v', '-f', 'json')
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-1')  # the only host with 4 Gbit/s
    [port] = [osc(env, 'port', 'show', p['ID'], '-f', 'json')
              for p in _ports_of(env, server['id'])]
    assert (port['name'], port['status']) == ('vietstack-vnic-0', 'ACTIVE')
    policy = osc(env, 'network', 'qos', 'policy', 'show',
                 port['qos_policy_id'], '-f', 'json')
    assert sorted((r['direction'], r['min_kbps']) for r in policy['rules']
                  if r['type'] == 'minimum_bandwidth') == [
        ('egress', 4000000), ('ingress', 2000000)]
    assert sorted((r['direction'], r['max_kbps']) for r in policy['rules']
                  if r['type'] == 'bandwidth_limit') == [
        ('egress', 4000000), ('ingress', 2000000)]
    group = port['resource_request']['request_groups'][0]['id']
    assert port['binding_profile'] == {
        'allocation': {group: bridges['sim-host-1']}}
    assert _allocations(env, server['id'])[bridges['sim-host-1']] == {
        'NET_BW_EGR_KILOBIT_PER_SEC': 4000000,
        'NET_BW_IGR_KILOBIT_PER_SEC': 2000000}
    assert list(server['addresses']) == ['vs1']
    details = aio.client.get('/servers/%s' % server['id'])[1]['server']
    vnic = details['addresses']['vs1'][0]
    assert vnic['OS-EXT-IPS-MAC:mac_addr'] == port['mac_address']

    failed = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'vs-huge', 'vh', '-f', 'json')
    failed = aio.client.wait_server(failed['id'], ('ERROR',))
    assert 'NET_BW_EGR_KILOBIT_PER_SEC:30000000' in failed['fault'][
        'message'], failed['fault']
    assert _allocations(env, failed['id']) == {}
    for each in (server, failed):
        osc(env, 'server', 'delete', '--wait', each['id'])
        assert _ports_of(env, each['id']) == []
    assert _allocations(env, server['id']) == {}


def test_the_audit_frees_the_ports_a_delete_could_not(cloud, neutron):
    """A server deleted at the API (its compute is down) while Neutron is
    away keeps its ports recorded as the deleted server's: the audit
    names them, and ``--heal`` frees them once Neutron answers (the port
    made for the server deleted, the user's own unbound); while Neutron
    is away they stay named."""
    aio, env = cloud
    network = _network(env, 'audited', '10.33.0.0/24')
    mine = osc(env, 'port', 'create', '--network', network['id'], 'mine',
               '-f', 'json')
    made = osc(env, 'server', 'create', '--image', 'disk', '--flavor', 'm1',
               '--nic', 'net-id=%s' % network['id'], '--wait', 'made',
               '-f', 'json')
    given = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                'm1', '--nic', 'port-id=%s' % mine['id'], '--wait', 'given',
                '-f', 'json')
    [made_port] = [p['ID'] for p in _ports_of(env, made['id'])]
    made_mac = osc(env, 'port', 'show', made_port, '-f',
                   'json')['mac_address']
    for host in network_service.HOSTS:
        osc(env, 'compute', 'service', 'set', '--down', host, 'nova-compute')
    api = neutron.api(install.venv_dir())
    api.stop()
    try:
        for server in (made, given):
            osc(env, 'server', 'delete', '--wait', server['id'])
        context = nl_context.get_admin_context()
        backend = network_backend.load(nl_conf.CONF)
        lines = []
        assert placement_audit.audit(context, False, lines.append) == 2
        assert sorted(lines[:-1]) == sorted(
            'orphaned port %s on %s (%s) of %s (its server is deleted or '
            'in ERROR without a host)' % (port, network['id'], mac, server)
            for port, mac, server in (
                (made_port, made_mac, made['id']),
                (mine['id'], mine['mac_address'], given['id'])))
        lines = []
        placement_audit.audit(context, True, lines.append, (), backend)
        assert len([line for line in lines if 'not freed' in line]) == 2
        # The conductor's periodic heal frees addresses, never the
        # record of a port it cannot free.
        heal.heal(context)
        assert placement_audit.audit(context, False, lines.append) == 2
    finally:
        api.start()
        api.wait_ready(network_service.HOSTS)
        for host in network_service.HOSTS:
            osc(env, 'compute', 'service', 'set', '--up', host,
                'nova-compute')
    lines = []
    assert placement_audit.audit(context, True, lines.append, (),
                                 backend) == 2
    assert lines[-1] == '2 findings, healed'
    assert _neutron(neutron, 'GET', '/ports?id=%s' % made_port)[
        'ports'] == []
    port = osc(env, 'port', 'show', mine['id'], '-f', 'json')
    assert (port['device_id'], port['binding_host_id']) == ('', '')
    assert placement_audit.audit(context, False, lines.append) == 0


def _bindings(neutron, port_id):
    return sorted((b['host'], b['status']) for b in _neutron(
        neutron, 'GET', '/ports/%s/bindings' % port_id)['bindings'])


def _wait_migration_status(env, server_id, status, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        found = osc(env, 'server', 'migration', 'list', '--server',
                    server_id, '-f', 'json')
        if found and found[0]['Status'] == status:
            return found[0]
        assert time.monotonic() < deadline, found
        time.sleep(0.2)


def test_a_live_migration_binds_the_ports_on_both_hosts_until_it_ends(
        cloud, neutron, monkeypatch):
    """Neutron's port-binding extension, as Nova uses it: while the guest
    moves, each port has an inactive binding on the destination (with the
    destination's provider of its bandwidth) beside the active one; when
    it has moved, the destination's is active and the source's gone; an
    aborted move drops the destination's."""
    aio, env = cloud
    bridges = _bandwidth_providers(env)
    network = _physnet_network(env, 'lm', '10.34.0.0/24')
    port = _qos_port(env, network, 'lm', 200000)
    group = port['resource_request']['request_groups'][0]['id']
    server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                 'm1', '--nic', 'port-id=%s' % port['id'], '--wait',
                 '--host', 'sim-host-1', 'lm', '-f', 'json')
    release, _aborted = live_moves.hold(aio, monkeypatch)

    osc(env, 'server', 'migrate', '--live-migration', server['id'])
    _wait_migration_status(env, server['id'], 'running')
    assert _bindings(neutron, port['id']) == [
        ('sim-host-1', 'ACTIVE'), ('sim-host-2', 'INACTIVE')]
    inactive = [b for b in _neutron(neutron, 'GET', '/ports/%s/bindings'
                                    % port['id'])['bindings']
                if b['host'] == 'sim-host-2'][0]
    assert inactive['profile'] == {
        'allocation': {group: bridges['sim-host-2']}}
    release.set()
    aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    assert _bindings(neutron, port['id']) == [('sim-host-2', 'ACTIVE')]
    shown = osc(env, 'port', 'show', port['id'], '-f', 'json')
    assert shown['binding_profile'] == {
        'allocation': {group: bridges['sim-host-2']}}

    release, aborted = live_moves.hold(aio, monkeypatch)
    osc(env, 'server', 'migrate', '--live-migration', server['id'])
    migration = _wait_migration_status(env, server['id'], 'running')
    assert _bindings(neutron, port['id']) == [
        ('sim-host-1', 'INACTIVE'), ('sim-host-2', 'ACTIVE')]
    osc(env, 'server', 'migration', 'abort', server['id'],
        str(migration['Id']))
    _wait_migration_status(env, server['id'], 'cancelled')
    shown = aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    assert _bindings(neutron, port['id']) == [('sim-host-2', 'ACTIVE')]
    osc(env, 'server', 'delete', '--wait', server['id'])


# A TCP flow for the cap test: the receiver counts what arrives for as
# long as the sender sends (until it closes), then prints kbit/s.
RECEIVER = """
import socket, sys, time
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind((sys.argv[1], 5001))
listener.listen(1)
listener.settimeout(30)
connection, _ = listener.accept()
received, start = 0, time.monotonic()
while True:
    data = connection.recv(65536)
    if not data:
        break
    received += len(data)
print(int(received * 8 / 1000 / (time.monotonic() - start)))
"""
SENDER = """
import socket, sys, time
connection = socket.create_connection((sys.argv[2], 5001), timeout=10,
                                      source_address=(sys.argv[1], 0))
chunk, deadline = b'x' * 16384, time.monotonic() + 4
while time.monotonic() < deadline:
    connection.sendall(chunk)
connection.close()
"""


def _flow(sender_ns, sender_ip, receiver_ns, receiver_ip):
    """kbit/s of a 4-second TCP flow from one namespace to the other."""
    receiver = subprocess.Popen(
        ['ip', 'netns', 'exec', receiver_ns, sys.executable, '-c', RECEIVER,
         receiver_ip], stdout=subprocess.PIPE, text=True)
    time.sleep(0.5)
    subprocess.run(['ip', 'netns', 'exec', sender_ns, sys.executable, '-c',
                    SENDER, sender_ip, receiver_ip], check=True, timeout=60)
    return int(receiver.communicate(timeout=60)[0])


def test_a_vietstack_vnic_is_held_to_its_rate_in_the_data_plane(
        cloud, neutron, tmp_path):
    """The bandwidth-limit half of a VietStack vNIC's policy, enforced by
    OVN: a meter at the vNIC's inbound rate on the host's integration
    bridge, and a TCP flow into the vNIC (the simulated host's interface
    of its port, with the port's address) from a machine on its physical
    network stays under the rate, while the flow out of it (it asks for
    no outbound rate) is not held to it."""
    aio, env = cloud
    _bandwidth_providers(env)
    _physnet_network(env, 'cap', '10.35.0.0/24', '--allocation-pool',
                     'start=10.35.0.10,end=10.35.0.100')
    osc(env, 'flavor', 'create', '--vcpus', '1', '--ram', '64', '--disk',
        '1', '--property', 'vietstack:vnics=1', '--property',
        'vietstack:vnic0:physical_network=physnet1', '--property',
        'vietstack:vnic0:inbound:rate=8000', 'capped', '-f', 'json')
    chassis = neutron.chassis('sim-host-1')
    outside = 'nlcap-%s' % uuid.uuid4().hex[:6]
    try:
        _uplink(chassis, 'br-physnet1', 'nicphys1', outside, '10.35.0.250')
        server = osc(env, 'server', 'create', '--image', 'disk', '--flavor',
                     'capped', '--host', 'sim-host-1', '--wait', 'c', '-f',
                     'json')
        [vnic] = [osc(env, 'port', 'show', p['ID'], '-f', 'json')
                  for p in _ports_of(env, server['id'])]
        policy = osc(env, 'network', 'qos', 'policy', 'show',
                     vnic['qos_policy_id'], '-f', 'json')
        assert sorted((r['type'], r['direction']) for r in policy[
            'rules']) == [('bandwidth_limit', 'ingress'),
                          ('minimum_bandwidth', 'ingress')]
        # The vNIC as its guest would use it: the simulated host's
        # interface of the port, with the port's address, its checksums
        # made in software (as a guest's virtio NIC gives them to the
        # userspace datapath; a kernel interface would leave them to a
        # NIC that is not there).
        tap = 'tap' + vnic['id'][:11]
        vnic_ip = vnic['fixed_ips'][0]['ip_address']
        _in_namespace(chassis.namespace, 'addr', 'add', vnic_ip + '/24',
                      'dev', tap)
        _in_namespace(chassis.namespace, 'link', 'set', tap, 'up')
        for namespace, device in ((chassis.namespace, tap),
                                  (outside, 'eth0')):
            subprocess.run(['ip', 'netns', 'exec', namespace, 'ethtool',
                            '-K', device, 'tx', 'off'], check=True,
                           capture_output=True)
        # The flow into the vNIC is let in by its security group.
        osc(env, 'security', 'group', 'rule', 'create', '--protocol', 'tcp',
            '--dst-port', '5001', vnic['security_group_ids'][0], '-f',
            'json')
        meters = _meters(chassis)
        into = _flow(outside, '10.35.0.250', chassis.namespace, vnic_ip)
        out = _flow(chassis.namespace, vnic_ip, outside, '10.35.0.250')
    finally:
        subprocess.run(['ip', 'netns', 'delete', outside],
                       capture_output=True)
        chassis.vsctl('--if-exists', 'del-port', 'br-physnet1', 'nicphys1')
    assert 'rate=8000' in meters, meters
    assert 0 < into <= 8000 * 1.3, (into, out)  # a burst over the rate
    assert out > 3 * 8000, (into, out)
    osc(env, 'server', 'delete', '--wait', server['id'])


def _meters(chassis, timeout=30):
    """The meters of the chassis's integration bridge, once OVN has set
    one."""
    deadline = time.monotonic() + timeout
    while True:
        meters = subprocess.run(
            ['ovs-ofctl', '-O', 'OpenFlow15', 'dump-meters', 'br-int'],
            capture_output=True, text=True, env=dict(
                os.environ, OVS_RUNDIR=chassis.directory)).stdout
        if 'rate=' in meters or time.monotonic() > deadline:
            return meters
        time.sleep(0.5)


def _in_namespace(namespace, *args):
    subprocess.run(['ip', '-n', namespace] + list(args), check=True)


def _uplink(chassis, bridge, nic, outside, address):
    """The physical network of ``bridge``: a NIC of the chassis (a veth
    end, the interface OVN shapes its egress on) whose other end is a
    machine on that network, in a namespace of its own at ``address``."""
    subprocess.run(['ip', 'netns', 'add', outside], check=True)
    _in_namespace(chassis.namespace, 'link', 'add', nic, 'type', 'veth',
                  'peer', 'name', 'eth0', 'netns', outside)
    _in_namespace(outside, 'addr', 'add', address + '/24', 'dev', 'eth0')
    for namespace, device in ((outside, 'eth0'), (outside, 'lo'),
                              (chassis.namespace, nic)):
        _in_namespace(namespace, 'link', 'set', device, 'up')
    chassis.vsctl('add-port', bridge, nic, '--', 'set', 'Interface', nic,
                  'external_ids:ovn-egress-iface=true')
