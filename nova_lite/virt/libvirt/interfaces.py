# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's vNICs as libvirt interfaces.

Each vNIC is a virtio interface (a tap device named after the vNIC) on
the Linux bridge of its physical network, with the MAC the control plane
gave it. A shaped vNIC gets a ``<bandwidth>`` element: libvirt takes
rates in kilobytes per second and hands them to tc as ``kbps`` (1000
bytes, 8 kbit, per second), so a claimed rate of R kbit/s becomes an
average of R / 8, rounded down so the guest never gets more than it
claimed (at least 1); libvirt's inbound is traffic into the guest, its
outbound traffic out of it, as a resource plugin's vNIC rates are. A
vNIC's queues (the queue slots its plugin claimed) become virtio-net
queues, ``<driver queues=N>``, at most 256, Linux's limit for a tap
device.

A network service's port is a tap on the host's Open vSwitch integration
bridge instead, which libvirt plugs with the port's id (``<virtualport
type='openvswitch'>``): the network service wires it and shapes it.
"""
from xml.etree import ElementTree as ET

BRIDGE_PREFIX = 'nlbr-'
# The integration bridge a network service's ports go on by default
# (``[neutron] ovs_bridge``).
OVS_BRIDGE = 'br-int'
MAX_QUEUES = 256
_IFNAMSIZ = 15  # the longest Linux interface name


def bridge_of(physical_network, mappings):
    return mappings.get(physical_network) or (
        BRIDGE_PREFIX + physical_network)[:_IFNAMSIZ]


def tap_name(vif):
    return ('tap' + vif.uuid)[:14]


def libvirt_average(kbit_per_second):
    """libvirt's average (kilobytes/s) for a rate in kbit/s (0: none)."""
    if not kbit_per_second:
        return 0
    return max(kbit_per_second // 8, 1)


def queues_of(vif):
    return min(max(vif.queues or 1, 1), MAX_QUEUES)


def add(devices, vifs, mappings, bandwidth=True, ovs_bridge=OVS_BRIDGE):
    """Append an ``<interface>`` per vNIC to ``devices`` (without
    ``bandwidth``, no ``<bandwidth>``: the compute shapes the taps)."""
    for vif in vifs:
        interface = ET.SubElement(devices, 'interface', type='bridge')
        ET.SubElement(interface, 'mac', address=vif.mac)
        if vif.is_port:
            ET.SubElement(interface, 'source', bridge=ovs_bridge)
            port = ET.SubElement(interface, 'virtualport',
                                 type='openvswitch')
            ET.SubElement(port, 'parameters', interfaceid=vif.uuid)
        else:
            ET.SubElement(interface, 'source', bridge=bridge_of(
                vif.physical_network, mappings))
        ET.SubElement(interface, 'target', dev=tap_name(vif))
        ET.SubElement(interface, 'model', type='virtio')
        if queues_of(vif) > 1:
            ET.SubElement(interface, 'driver', queues=str(queues_of(vif)))
        if bandwidth and not vif.is_port:
            _bandwidth(interface, vif)


def _bandwidth(interface, vif):
    rates = [(direction, libvirt_average(rate)) for direction, rate in
             (('inbound', vif.inbound_rate), ('outbound', vif.outbound_rate))
             if rate]
    if not rates:
        return
    bandwidth = ET.SubElement(interface, 'bandwidth')
    for direction, average in rates:
        ET.SubElement(bandwidth, direction, average=str(average))
