# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The data plane under the network service's ports: endpoints plugged
into the chassis of two hosts as libvirt plugs a guest (a device on
``br-int`` carrying its port's id and MAC), each in a network namespace
of its own as a guest is on its own, get their ports' addresses from
OVN's DHCP (busybox's udhcpc, as a small guest runs it) and reach each
other: on one host through its ``br-int``, across hosts through the
geneve tunnel between their chassis. What a real guest on a Neutron port
rides on."""
import os
import subprocess
import time
import uuid

import pytest

from nova_lite_tools import demo_image
from tests.integration import network_service

pytestmark = pytest.mark.integration

HOSTS = ['dataplane-a', 'dataplane-b']
LEASE_SCRIPT = """#!/bin/sh
[ "$1" = bound ] || exit 0
ip addr add $ip/24 dev $interface
echo "lease $ip"
"""


def _neutron(stack, method, path, body=None):
    return network_service.request(stack, method, path, body)


def _ip(*args):
    subprocess.run(['ip'] + list(args), check=True, capture_output=True)


@pytest.fixture
def stack(tmp_path):
    started = network_service.start(tmp_path / 'network', HOSTS)
    yield started
    network_service.stack_mod.down(started)


@pytest.fixture
def guests():
    names = ['nldp-%s-%d' % (uuid.uuid4().hex[:6], i) for i in (1, 2, 3)]
    yield names
    for name in names:
        subprocess.run(['ip', 'netns', 'delete', name], capture_output=True)


def _plug(stack, host, guest, port, tap):
    """What libvirt does for a guest's port: a device on br-int with the
    port's id, the guest's end carrying the port's MAC."""
    chassis = stack.chassis(host)
    _ip('netns', 'add', guest)
    _ip('-n', chassis.namespace, 'link', 'add', tap, 'type', 'veth', 'peer',
        'name', 'eth0', 'netns', guest)
    _ip('-n', guest, 'link', 'set', 'eth0', 'address', port['mac_address'])
    _ip('-n', guest, 'link', 'set', 'eth0', 'up')
    _ip('-n', chassis.namespace, 'link', 'set', tap, 'up')
    chassis.vsctl('add-port', 'br-int', tap, '--', 'set', 'Interface', tap,
                  'external_ids:iface-id=%s' % port['id'],
                  'external_ids:attached-mac="%s"' % port['mac_address'],
                  'external_ids:iface-status=active')


def _in(guest, busybox, *args):
    return subprocess.run(['ip', 'netns', 'exec', guest, busybox] +
                          list(args), capture_output=True, text=True,
                          timeout=60)


def test_endpoints_get_dhcp_addresses_and_reach_each_other_across_hosts(
        stack, guests, tmp_path):
    """Two endpoints on the first host, one on the second."""
    hosts = [HOSTS[0], HOSTS[0], HOSTS[1]]
    busybox = demo_image.busybox(str(tmp_path))
    script = tmp_path / 'lease.sh'
    script.write_text(LEASE_SCRIPT)
    os.chmod(script, 0o755)
    network = _neutron(stack, 'POST', '/networks', {'network': {
        'name': 'dataplane'}})['network']
    _neutron(stack, 'POST', '/subnets', {'subnet': {
        'network_id': network['id'], 'ip_version': 4,
        'cidr': '10.78.0.0/24'}})
    ports = [_neutron(stack, 'POST', '/ports', {'port': {
        'network_id': network['id'], 'device_id': guest,
        'device_owner': 'compute:nova', 'binding:host_id': host}})['port']
        for guest, host in zip(guests, hosts)]
    for index, (host, guest, port) in enumerate(zip(hosts, guests, ports)):
        _plug(stack, host, guest, port, 'tapdp%d' % index)
    deadline = time.monotonic() + 30
    while any(_neutron(stack, 'GET', '/ports/' + p['id'])['port'][
            'status'] != 'ACTIVE' for p in ports):
        assert time.monotonic() < deadline, 'ports not wired'
        time.sleep(0.2)
    for guest, port in zip(guests, ports):
        leased = _in(guest, busybox, 'udhcpc', '-i', 'eth0', '-n', '-q',
                     '-t', '10', '-s', str(script))
        assert 'lease %s' % port['fixed_ips'][0]['ip_address'] in \
            leased.stdout, leased.stdout + leased.stderr
    for other in ports[1:]:
        address = other['fixed_ips'][0]['ip_address']
        # The first packet to a chassis not heard from yet may be lost
        # while Open vSwitch asks for its tunnel address's MAC.
        answered = [_in(guests[0], busybox, 'ping', '-c', '1', '-W', '2',
                        address) for _ in range(2)]
        assert any(' 0% packet loss' in one.stdout for one in answered), \
            answered[-1].stdout
        pinged = _in(guests[0], busybox, 'ping', '-c', '3', '-W', '2',
                     address)
        assert ' 0% packet loss' in pinged.stdout, pinged.stdout
