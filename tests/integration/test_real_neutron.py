# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Real guests on a real Neutron network: a lab brought up with
``nova-lite-lab up --real --neutron`` (two computes, each with its own
libvirtd, which plugs each guest's port into its compute's chassis as a
tap on ``br-int``). Driven with the openstack client, two demo guests on
one network, on different hosts (an anti-affinity group), get their
ports' addresses from OVN's DHCP, and one reaches the other through the
geneve tunnel between the hosts' chassis (the demo guest pings the
address its ``ping`` metadata names and prints what came of it on its
console)."""
import pytest

from nova_lite_tools import demo_image
from nova_lite_tools import ports
from tests.functional import compute_calls
from tests.integration import labs
from tests.integration import test_real_moves

pytestmark = pytest.mark.integration


@pytest.fixture(scope='module')
def lab(tmp_path_factory, demo_files):
    state = tmp_path_factory.mktemp('real-neutron-lab')
    with labs.running(str(state / 'lab'), '--real', '--neutron',
                      '--neutron-port', str(ports.free_port()),
                      '--computes', '2') as layout:
        demo_image.upload(demo_files, 'http://127.0.0.1:%d' %
                          layout['image_port'], 'admin:admin')
        env = compute_calls.cloud_env_at(
            state, layout['api_port'],
            'http://127.0.0.1:%d' % layout['image_port'])
        with open(env['OS_CLIENT_CONFIG_FILE'], 'a') as out:
            out.write('    network_endpoint_override: '
                      'http://127.0.0.1:%d\n' % layout['neutron_port'])
        real = test_real_moves.RealLab(layout, env)
        real.api.create_flavor('demo', ram=256, vcpus=1, disk=1,
                               flavor_id='demo')
        yield real


def _address(real, server_id):
    [port] = real.osc('port', 'list', '--device-id', server_id, '-f',
                      'json')
    return port['Fixed IP Addresses'][0]['ip_address'], port['ID']


def test_two_guests_on_two_hosts_get_dhcp_addresses_and_reach_each_other(
        lab):
    lab.osc('network', 'create', 'guests', '-f', 'json')
    lab.osc('subnet', 'create', '--network', 'guests', '--subnet-range',
            '10.79.0.0/24', 'guests-subnet', '-f', 'json')
    group = lab.osc('server', 'group', 'create', '--policy',
                    'anti-affinity', 'apart', '-f', 'json')
    first = lab.osc('server', 'create', '--image', demo_image.NAME,
                    '--flavor', 'demo', '--nic', 'net-id=guests',
                    '--hint', 'group=%s' % group['id'], '--wait',
                    '-f', 'json', 'first')
    address, port_id = _address(lab, first['id'])
    lab.wait_console(first['id'], demo_image.GUEST_IP % ('first', address),
                     timeout=180)
    assert lab.osc('port', 'show', port_id, '-f', 'json')['status'] == \
        'ACTIVE'
    second = lab.osc('server', 'create', '--image', demo_image.NAME,
                     '--flavor', 'demo', '--nic', 'net-id=guests',
                     '--hint', 'group=%s' % group['id'],
                     '--property', 'ping=%s' % address, '--wait', '-f',
                     'json', 'second')
    assert second['OS-EXT-SRV-ATTR:host'] != first['OS-EXT-SRV-ATTR:host']
    other, _ = _address(lab, second['id'])
    console = lab.wait_console(second['id'], demo_image.GUEST_UP,
                               timeout=180)
    assert demo_image.GUEST_IP % ('second', other) in console
    assert demo_image.GUEST_REACHED % ('second', address) in console
