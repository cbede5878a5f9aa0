# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's PCI devices as libvirt lists them (its node devices), in
the driver's report: address, vendor and product, kind (a plain device,
an SR-IOV physical function, or a virtual function of one and its
function's address), NUMA node and libvirt's name for it.

A real host lists every device it has (bridges, controllers...); the
compute's ``[pci] device_spec`` picks those guests may have. A simulated
host lists the devices of its node file.
"""
from xml.etree import ElementTree as ET

import libvirt

from nova_lite.objects import fields


def _address(domain, bus, slot, function):
    return '%04x:%02x:%02x.%x' % (domain, bus, slot, function)


def _number(element, tag):
    return int(element.findtext(tag), 0)


def address_of(element):
    """An ``<address domain= bus= slot= function=/>``'s address (libvirt
    writes them so in node devices and domains alike)."""
    return _address(*(int(element.get(part), 16)
                      for part in ('domain', 'bus', 'slot', 'function')))


def _hex_id(capability, tag):
    element = capability.find(tag)
    return '%04x' % int(element.get('id'), 16)


def _kind(capability):
    """(dev_type, parent address or None)."""
    parent = capability.find(
        "capability[@type='phys_function']/address")
    if parent is not None:
        return fields.PciDeviceType.SRIOV_VF, address_of(parent)
    if capability.find("capability[@type='virt_functions']") is not None:
        return fields.PciDeviceType.SRIOV_PF, None
    return fields.PciDeviceType.STANDARD, None


def device_of(xml):
    """The report of one node device's XML, or None if it is no PCI
    device."""
    device = ET.fromstring(xml)
    capability = device.find("capability[@type='pci']")
    if capability is None:
        return None
    dev_type, parent = _kind(capability)
    numa = capability.find('numa')
    return {'address': _address(*(_number(capability, tag) for tag in
                                  ('domain', 'bus', 'slot', 'function'))),
            'vendor_id': _hex_id(capability, 'vendor'),
            'product_id': _hex_id(capability, 'product'),
            'dev_type': dev_type, 'parent_addr': parent,
            'numa_node': int(numa.get('node')) if numa is not None and
            int(numa.get('node')) >= 0 else None,
            'dev_id': device.findtext('name')}


def host_devices(conn):
    """[report] of the host's PCI devices."""
    found = []
    for device in conn.listAllDevices(
            libvirt.VIR_CONNECT_LIST_NODE_DEVICES_CAP_PCI_DEV):
        report = device_of(device.XMLDesc())
        if report is not None:
            found.append(report)
    return found
