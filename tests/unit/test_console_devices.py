# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real guest's consoles in its domain XML: a VNC server and a TCP
serial port that also logs, where a move rewrites them for the
destination, and the host ports serial consoles take."""
import socket
from xml.etree import ElementTree as ET

import pytest

from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.virt.libvirt import domain_xml
from nova_lite.virt.libvirt import guest_files
from nova_lite.virt.libvirt import serial_ports

UUID = '3f0c9a5e-0d5e-4a43-9d0e-6d3f8c1c2b7a'


def _xml(consoles):
    instance = instance_obj.Instance(
        uuid=UUID, display_name='vm', created_at=None, user_id='u',
        project_id='p', vifs=[], pci_devices=None,
        flavor=flavor_obj.Flavor(name='f', memory_mb=64, vcpus=1,
                                 root_gb=0, ephemeral_gb=0, swap=0))
    boot = guest_files.BootFiles(directory='/d', disk='/d/disk',
                                 console_log='/d/log')
    return domain_xml.build(instance, 'qemu', 'instance-1', 'h', boot,
                            consoles=consoles)


def test_a_serial_console_listens_on_its_port_and_still_logs():
    xml = _xml(domain_xml.Consoles('10.0.0.5', '10.0.0.5', 10007))
    serial = ET.fromstring(xml).find('./devices/serial')
    assert serial.get('type') == 'tcp'
    assert serial.find('source').attrib == {
        'mode': 'bind', 'host': '10.0.0.5', 'service': '10007'}
    assert serial.find('log').get('file') == '/d/log'
    assert domain_xml.console_port(xml, 'serial') == 10007
    graphics = ET.fromstring(xml).find('./devices/graphics')
    assert (graphics.get('type'), graphics.get('listen')) == (
        'vnc', '10.0.0.5')
    assert domain_xml.console_port(xml, 'vnc') is None  # not started


def test_without_consoles_the_serial_port_only_logs():
    xml = _xml(domain_xml.Consoles(None, '10.0.0.5', None))
    devices = ET.fromstring(xml).find('./devices')
    assert devices.find('serial').get('type') == 'file'
    assert devices.find('graphics') is None
    assert domain_xml.console_port(xml, 'serial') is None


def test_a_guest_moving_gets_the_destinations_console_addresses():
    domain = ET.fromstring(_xml(
        domain_xml.Consoles('10.0.0.5', '10.0.0.5', 10007)))
    # As libvirt reports a running guest's VNC server.
    graphics = domain.find('./devices/graphics')
    graphics.set('port', '5900')
    ET.SubElement(graphics, 'listen', type='address', address='10.0.0.5')
    xml = ET.tostring(domain, encoding='unicode')
    assert domain_xml.console_port(xml, 'vnc') == 5900
    moved = ET.fromstring(domain_xml.with_consoles(
        xml, domain_xml.Consoles('10.0.0.6', '10.0.0.6', 10001)))
    graphics = moved.find('./devices/graphics')
    assert graphics.get('listen') == '10.0.0.6'
    assert graphics.find('listen').get('address') == '10.0.0.6'
    assert moved.find('./devices/serial/source').attrib == {
        'mode': 'bind', 'host': '10.0.0.6', 'service': '10001'}
    assert domain_xml.with_consoles(xml, None) == xml


def test_serial_ports_are_free_ones_of_the_range_held_until_released():
    holder = socket.create_server(('127.0.0.1', 0))
    taken = holder.getsockname()[1]
    ports = range(taken, taken + 3)
    in_use = {taken + 1}  # another guest's
    first = serial_ports.acquire('127.0.0.1', ports, in_use)
    assert first == taken + 2
    with pytest.raises(exception.SocketPortRangeExhausted) as raised:
        serial_ports.acquire('127.0.0.1', ports, in_use)
    assert raised.value.format_message() == (
        'Not able to acquire a free port for 127.0.0.1')
    serial_ports.release('127.0.0.1', first)
    assert serial_ports.acquire('127.0.0.1', ports, in_use) == first
    serial_ports.release('127.0.0.1', first)
    holder.close()
