# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Node files for libvirt's test driver: one simulated host per file.

``test:///path/node.xml`` opens a private host described by that file, so
hosts in one process do not share state as ``test:///default`` would. A
host may have PCI devices (node devices, as a real host's libvirt lists
them), described by ``[all_in_one] simulated_pci_devices`` lines.
"""
import dataclasses
import os

from nova_lite import exception
from nova_lite.text import key_value_lines

_NODE = """<node>
  <cpu>
    <mhz>2400</mhz>
    <model>x86_64</model>
    <active>{vcpus}</active>
    <nodes>1</nodes>
    <sockets>1</sockets>
    <cores>{vcpus}</cores>
    <threads>1</threads>
  </cpu>
  <memory>{memory_kib}</memory>
  <pool type='dir'>
    <name>default</name>
    <target><path>{pool_path}</path></target>
  </pool>
{devices}</node>
"""
# A PCI device on bus 0x81 of domain 0, eight functions a slot.
_PCI_DEVICE = """  <device>
    <name>pci_0000_81_{slot:02x}_{function}</name>
    <parent>computer</parent>
    <capability type='pci'>
      <class>0x120000</class>
      <domain>0</domain>
      <bus>129</bus>
      <slot>{slot}</slot>
      <function>{function}</function>
      <product id='0x{product_id}'>Simulated device</product>
      <vendor id='0x{vendor_id}'>Simulated vendor</vendor>
      <numa node='0'/>
    </capability>
  </device>
"""
_DEVICE_KEYS = {'host', 'vendor_id', 'product_id', 'count'}


@dataclasses.dataclass(frozen=True)
class SimulatedDevices:
    """``count`` PCI devices of one vendor and product."""
    vendor_id: str
    product_id: str
    count: int = 1


def pci_devices_of(lines, host):
    """[SimulatedDevices] of ``host`` in ``[all_in_one]
    simulated_pci_devices`` lines, or ConfigInvalid naming the line."""
    found = []
    for line in lines:
        values = key_value_lines.pairs(line, _DEVICE_KEYS, _invalid)
        key_value_lines.required(line, values, ('host', 'vendor_id',
                                                'product_id'), _invalid)
        if values['host'] != host:
            continue
        ids = [_hex_id(line, values, key)
               for key in ('vendor_id', 'product_id')]
        count = values.get('count', '1')
        if not count.isdigit():
            raise _invalid(line, "'count' must be a whole number, got "
                           "'%s'" % count)
        found.append(SimulatedDevices(ids[0], ids[1], int(count)))
    return found


def _hex_id(line, values, key):
    value = values[key].lower()
    if len(value) != 4 or any(c not in '0123456789abcdef' for c in value):
        raise _invalid(line, "'%s' must be 4 hexadecimal digits, got '%s'"
                       % (key, values[key]))
    return value


def _invalid(line, reason):
    return exception.ConfigInvalid(
        reason='[all_in_one] simulated_pci_devices = %s: %s' % (line,
                                                                reason))


def _devices_xml(pci_devices):
    slots = [(d.vendor_id, d.product_id) for d in pci_devices
             for _ in range(d.count)]
    if len(slots) > 256:
        raise exception.ConfigInvalid(
            reason='[all_in_one] simulated_pci_devices: at most 256 '
                   'devices a host (one bus), not %d' % len(slots))
    return ''.join(_PCI_DEVICE.format(slot=index // 8, function=index % 8,
                                      vendor_id=vendor, product_id=product)
                   for index, (vendor, product) in enumerate(slots))


def write_node_file(directory, host, vcpus, memory_mb, pci_devices=()):
    """Write the host's node file and return its ``test://`` URI;
    ``pci_devices``: [SimulatedDevices] it has."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.abspath(os.path.join(directory, '%s.xml' % host))
    with open(path, 'w') as node_file:
        node_file.write(_NODE.format(vcpus=vcpus, memory_kib=memory_mb * 1024,
                                     pool_path=os.path.dirname(path),
                                     devices=_devices_xml(pci_devices)))
    return 'test://' + path
