# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's vNICs in its domain XML and in its config drive's
network_data.json, and the demo guest's reading of the latter."""
import json
import subprocess
from xml.etree import ElementTree as ET

from oslo_config import cfg

from nova_lite.conf import networks as networks_conf
from nova_lite.network import fixed_networks
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import virtual_interface
from nova_lite.virt.libvirt import domain_xml
from nova_lite.virt.libvirt import interfaces
from nova_lite.virt.libvirt import network_data
from nova_lite_tools import demo_image

UUID = '3f0c9a5e-0d5e-4a43-9d0e-6d3f8c1c2b7a'


def _vif(index, network, physnet, address, device=None, **plug):
    vif = virtual_interface.VirtualInterface(
        uuid='6a1c4f0e-2b0d-4f7e-9b3a-00000000000%d' % index,
        instance_uuid=UUID, index=index, network=network,
        physical_network=physnet, address=address, device=device,
        mac='fa:16:3e:00:00:0%d' % index, **plug)
    vif.obj_set_defaults()
    return vif


def _networks():
    conf = cfg.ConfigOpts()
    conf.register_opts(networks_conf.opts, group='networks')
    conf([], default_config_files=[])
    return fixed_networks.networks_of(conf)


VIFS = [_vif(0, 'private', 'physnet1', '10.0.0.2', device='eth0',
             inbound_rate=1000, outbound_rate=20001, queues=4),
        _vif(1, 'backend', 'physnet2', '10.0.1.7')]


def _domain(vifs, mappings=None):
    instance = instance_obj.Instance(
        uuid=UUID, display_name='vm', created_at=None, user_id='u',
        project_id='p', vifs=vifs, pci_devices=None,
        flavor=flavor_obj.Flavor(name='f', memory_mb=64, vcpus=1,
                                 root_gb=0, ephemeral_gb=0, swap=0))
    return ET.fromstring(domain_xml.build(instance, 'test', 'instance-1',
                                          'h', None, mappings))


def test_each_vnic_is_a_virtio_interface_on_its_physnets_bridge():
    found = _domain(VIFS, {'physnet2': 'br-backend'}).findall(
        './devices/interface')
    assert [(i.get('type'), i.find('mac').get('address'),
             i.find('source').get('bridge'), i.find('target').get('dev'),
             i.find('model').get('type')) for i in found] == [
        ('bridge', 'fa:16:3e:00:00:00', 'nlbr-physnet1', 'tap6a1c4f0e-2b',
         'virtio'),
        ('bridge', 'fa:16:3e:00:00:01', 'br-backend', 'tap6a1c4f0e-2b',
         'virtio')]


def test_rates_become_libvirt_kilobytes_per_second_and_size_queues():
    shaped, plain = _domain(VIFS).findall('./devices/interface')
    # 1000 kbit/s = 125 kB/s; 20001 kbit/s rounds down to 2500 kB/s.
    assert {e.tag: e.get('average') for e in shaped.find('bandwidth')} == {
        'inbound': '125', 'outbound': '2500'}
    assert shaped.find('driver').get('queues') == '4'
    assert plain.find('bandwidth') is None and plain.find('driver') is None
    assert interfaces.libvirt_average(7) == 1
    assert interfaces.libvirt_average(0) == 0


def test_queues_stop_at_the_tap_devices_limit():
    vif = _vif(0, 'private', 'physnet1', '10.0.0.2', queues=1000)
    assert interfaces.queues_of(vif) == 256


def test_a_long_physnet_name_gives_a_bridge_name_linux_takes():
    assert interfaces.bridge_of('a-very-long-physnet', {}) == 'nlbr-a-very-lon'


def test_network_data_in_openstacks_format():
    data = network_data.build(VIFS, _networks())
    assert [(link['id'], link['ethernet_mac_address'], link['vif_id'])
            for link in data['links']] == [
        ('tap6a1c4f0e-2b', 'fa:16:3e:00:00:00', VIFS[0].uuid),
        ('tap6a1c4f0e-2b', 'fa:16:3e:00:00:01', VIFS[1].uuid)]
    first, second = data['networks']
    assert (first['type'], first['ip_address'], first['netmask']) == (
        'ipv4', '10.0.0.2', '255.255.255.0')
    assert first['routes'] == [{'network': '0.0.0.0', 'netmask': '0.0.0.0',
                                'gateway': '10.0.0.1'}]
    assert second['routes'] == []  # one default route, the first vNIC's
    assert second['network_id'] == _networks().by_name('backend').id


def test_the_demo_guest_reads_each_address_and_its_mac(tmp_path):
    """The /init lines that read network_data.json, run by this
    machine's sh on the same JSON, with ifconfig and the guest's sysfs
    stood in for."""
    vifs = [_vif(0, 'private', 'physnet1', '10.0.0.2'),
            _vif(1, 'backend', 'physnet2', '10.0.1.7')]
    vifs[1].uuid = '7b2d5e1f-3c1e-4a8f-8c4b-000000000001'
    config = tmp_path / 'openstack' / 'latest'
    config.mkdir(parents=True)
    (config / 'network_data.json').write_text(json.dumps(
        network_data.build(vifs, _networks()), sort_keys=True))
    for name, vif in (('eth0', vifs[1]), ('eth1', vifs[0])):
        (tmp_path / 'net' / name).mkdir(parents=True)
        (tmp_path / 'net' / name / 'address').write_text(vif.mac + '\n')
    (tmp_path / 'bin').mkdir()
    (tmp_path / 'bin' / 'ifconfig').write_text(
        '#!/bin/sh\necho "ifconfig $*" >&2\n')
    (tmp_path / 'bin' / 'ifconfig').chmod(0o755)
    init = demo_image.INIT
    start = init.index('  objs=$(')
    block = init[start:init.index('\nfi\n', start)]
    script = 'host=vm\n' + block.replace(
        '/mnt/config', str(tmp_path)).replace('/sys/class/net',
                                              str(tmp_path / 'net'))
    done = subprocess.run(['sh', '-c', script], capture_output=True,
                          text=True, env={'PATH': '%s:/usr/bin:/bin'
                                          % (tmp_path / 'bin')})
    assert done.stdout.splitlines() == ['nova-lite guest vm ip 10.0.0.2',
                                        'nova-lite guest vm ip 10.0.1.7']
    assert sorted(done.stderr.splitlines()) == [
        'ifconfig eth0 10.0.1.7 netmask 255.255.255.0 up',
        'ifconfig eth1 10.0.0.2 netmask 255.255.255.0 up']


def test_network_data_of_an_ipv6_network():
    conf = cfg.ConfigOpts()
    conf.register_opts(networks_conf.opts, group='networks')
    conf([], default_config_files=[])
    conf.set_override('network', ['name=v6, physical_network=physnet1, '
                                  'cidr=fd00:10::/64'], group='networks')
    data = network_data.build([_vif(0, 'v6', 'physnet1', 'fd00:10::2')],
                              fixed_networks.networks_of(conf))
    (network,) = data['networks']
    assert (network['type'], network['netmask']) == (
        'ipv6', 'ffff:ffff:ffff:ffff::')
    assert network['routes'] == [{'network': '::', 'netmask': '::',
                                  'gateway': 'fd00:10::1'}]
