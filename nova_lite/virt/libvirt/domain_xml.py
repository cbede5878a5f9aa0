# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Builds the libvirt domain XML of an instance.

The ``<metadata>`` element carries nova_lite's own record of the guest in
our XML namespace, so a hypervisor-side tool can tell which instance, flavor
and owner a domain belongs to without asking the control plane, and the
compute agent which domains of a shared libvirtd are its own (``host``).
"""
import collections
from xml.etree import ElementTree as ET

from nova_lite.virt.libvirt import interfaces
from nova_lite.virt.libvirt import pci_devices

NAMESPACE = 'http://nova-lite.dev/xmlns/libvirt/instance/1.0'
# A real guest's interactive consoles: the address its VNC server listens
# on (None: no VNC), the host address and port of its serial console (a
# port of None: the serial port only logs).
Consoles = collections.namedtuple(
    'Consoles', 'vnc_listen serial_host serial_port')
PREFIX = 'nova_lite'


def _sub(parent, tag, text=None, **attrs):
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = str(text)
    return element


def _metadata(parent, instance, host):
    ns = '{%s}' % NAMESPACE
    root = _sub(parent, ns + 'instance')
    _sub(root, ns + 'name', instance.display_name or '')
    _sub(root, ns + 'host', host)
    _sub(root, ns + 'creationTime',
         instance.created_at.strftime('%Y-%m-%d %H:%M:%S')
         if instance.created_at else '')
    flavor = instance.flavor
    flavor_el = _sub(root, ns + 'flavor', name=flavor.name)
    for tag, value in (('memory', flavor.memory_mb), ('disk', flavor.root_gb),
                       ('swap', flavor.swap),
                       ('ephemeral', flavor.ephemeral_gb),
                       ('vcpus', flavor.vcpus)):
        _sub(flavor_el, ns + tag, value)
    owner = _sub(root, ns + 'owner')
    _sub(owner, ns + 'user', instance.user_id or '', uuid=instance.user_id
         or '')
    _sub(owner, ns + 'project', instance.project_id or '',
         uuid=instance.project_id or '')


def _os(domain, boot):
    os_el = _sub(domain, 'os')
    _sub(os_el, 'type', 'hvm')
    if boot is not None and boot.kernel:
        _sub(os_el, 'kernel', boot.kernel)
        if boot.ramdisk:
            _sub(os_el, 'initrd', boot.ramdisk)
        _sub(os_el, 'cmdline', boot.command_line)
    elif boot is not None:
        _sub(os_el, 'boot', dev='hd')


def _disk(devices, path, dev, kind, read_only=False):
    disk = _sub(devices, 'disk', type='file', device='disk')
    _sub(disk, 'driver', name='qemu', type=kind)
    _sub(disk, 'source', file=path)
    _sub(disk, 'target', dev=dev, bus='virtio')
    if read_only:
        _sub(disk, 'readonly')


def _devices(domain, boot, vifs, bridge_mappings, bandwidth, ovs_bridge,
             consoles, pci_addresses):
    """The vNICs and the host's PCI devices given to the guest; on a real
    host the disk, a rescued guest's own disk, the config drive (a
    read-only virtio disk, which a guest finds by its label), the serial
    console written to the console log and, as ``consoles`` asks, on a
    TCP port and a VNC server."""
    devices = _sub(domain, 'devices')
    interfaces.add(devices, vifs, bridge_mappings, bandwidth, ovs_bridge)
    for address in pci_addresses:
        _hostdev(devices, address)
    if boot is None:
        return
    _disk(devices, boot.disk, 'vda', 'qcow2')
    more = []
    if boot.data_disk:  # a rescued guest's own disk
        more.append((boot.data_disk, 'qcow2', False))
    if boot.config_drive:
        more.append((boot.config_drive, 'raw', True))
    for dev, (path, kind, read_only) in zip(('vdb', 'vdc'), more):
        _disk(devices, path, dev, kind, read_only)
    _serial(devices, boot.console_log, consoles)
    if consoles is not None and consoles.vnc_listen:
        _sub(devices, 'graphics', type='vnc', autoport='yes',
             listen=consoles.vnc_listen)


def _hostdev(devices, address):
    """A host PCI device (``0000:81:00.0``) passed through whole, libvirt
    taking it from its host driver for the guest's life (managed)."""
    domain, bus, slot_function = address.split(':')
    slot, function = slot_function.split('.')
    hostdev = _sub(devices, 'hostdev', mode='subsystem', type='pci',
                   managed='yes')
    _sub(_sub(hostdev, 'source'), 'address', domain='0x' + domain,
         bus='0x' + bus, slot='0x' + slot, function='0x' + function)


def pci_addresses_of(domain_xml):
    """The host PCI addresses of a domain's passed-through devices."""
    return [pci_devices.address_of(address) for address in
            ET.fromstring(domain_xml).findall(
                "./devices/hostdev[@type='pci']/source/address")]


def _serial(devices, console_log, consoles):
    """The guest's first serial port: its log file, or (an interactive
    serial console) a TCP port on the host that also logs to it."""
    if consoles is None or consoles.serial_port is None:
        serial = _sub(devices, 'serial', type='file')
        _sub(serial, 'source', path=console_log, append='on')
    else:
        serial = _sub(devices, 'serial', type='tcp')
        _sub(serial, 'source', mode='bind', host=consoles.serial_host,
             service=str(consoles.serial_port))
        _sub(serial, 'protocol', type='raw')
        _sub(serial, 'log', file=console_log, append='on')
    _sub(serial, 'target', port='0')


def console_port(domain_xml, kind):
    """The host port of a domain's console of ``kind`` ('vnc' or
    'serial'), as libvirt reports it (-1: a VNC server not started), or
    None if the domain has none."""
    domain = ET.fromstring(domain_xml)
    if kind == 'vnc':
        element = domain.find("./devices/graphics[@type='vnc']")
        port = None if element is None else element.get('port')
    else:
        element = domain.find("./devices/serial[@type='tcp']/source")
        port = None if element is None else element.get('service')
    return None if port is None else int(port)


def disk_targets(domain_xml):
    """The target devices of a domain's disks (vda, vdb...)."""
    return [target.get('dev') for target in
            ET.fromstring(domain_xml).findall('./devices/disk/target')]


def interface_targets(domain_xml):
    """The tap devices of a domain's interfaces."""
    return [tap for tap, _mac in interfaces_of(domain_xml)]


def interfaces_of(domain_xml):
    """(tap device, MAC address) of each of a domain's interfaces that
    has a tap."""
    found = []
    for interface in ET.fromstring(domain_xml).findall(
            './devices/interface'):
        target, mac = interface.find('target'), interface.find('mac')
        if target is not None and target.get('dev'):
            found.append((target.get('dev'),
                          mac.get('address') if mac is not None else None))
    return found


def host_of(metadata_xml):
    """The compute host named in a domain's nova_lite metadata, as the
    domain XML has it or as libvirt's metadata call gives it (without
    its namespace)."""
    root = ET.fromstring(metadata_xml)
    for tag in ('{%s}host' % NAMESPACE, 'host'):
        host = root.findtext(tag)
        if host is not None:
            return host
    return None


def with_host(domain_xml, host):
    """The domain XML with ``host`` as the compute in its nova_lite
    metadata: a guest moving away, as its destination will know it."""
    ET.register_namespace(PREFIX, NAMESPACE)
    domain = ET.fromstring(domain_xml)
    element = domain.find('./metadata/{%s}instance/{%s}host' % (
        NAMESPACE, NAMESPACE))
    if element is not None:
        element.text = host
    return ET.tostring(domain, encoding='unicode')


def with_consoles(domain_xml, consoles):
    """The domain XML with its VNC server and TCP serial port where
    ``consoles`` says (another host's addresses and port: a guest moving
    there); as it is if ``consoles`` is None."""
    if consoles is None:
        return domain_xml
    ET.register_namespace(PREFIX, NAMESPACE)
    domain = ET.fromstring(domain_xml)
    graphics = (domain.findall("./devices/graphics[@type='vnc']")
                if consoles.vnc_listen else [])
    for element in graphics:
        element.set('listen', consoles.vnc_listen)
        for listen in element.findall("listen[@type='address']"):
            listen.set('address', consoles.vnc_listen)
    source = domain.find("./devices/serial[@type='tcp']/source")
    if source is not None and consoles.serial_port is not None:
        source.set('host', consoles.serial_host)
        source.set('service', str(consoles.serial_port))
    return ET.tostring(domain, encoding='unicode')


def build(instance, virt_type, name, host, boot=None, bridge_mappings=None,
          bandwidth=True, ovs_bridge=interfaces.OVS_BRIDGE, consoles=None):
    """The domain XML; ``boot`` (guest_files.BootFiles) gives a real
    guest its disk, kernel and console, a test-driver guest has none;
    both get the instance's vNICs (``instance.vifs``) and PCI devices
    (``instance.pci_devices``), the vNICs on the bridges of
    ``bridge_mappings`` (interfaces.bridge_of), shaped by libvirt unless
    not ``bandwidth``, a network service's ports on ``ovs_bridge``; a
    real guest the consoles of ``consoles`` (Consoles)."""
    ET.register_namespace(PREFIX, NAMESPACE)
    domain = ET.Element('domain', type=virt_type)
    _sub(domain, 'name', name)
    _sub(domain, 'uuid', instance.uuid)
    _metadata(_sub(domain, 'metadata'), instance, host)
    _sub(domain, 'memory', instance.flavor.memory_mb, unit='MiB')
    _sub(domain, 'vcpu', instance.flavor.vcpus)
    _os(domain, boot)
    _sub(domain, 'on_poweroff', 'destroy')
    _sub(domain, 'on_reboot', 'restart')
    _sub(domain, 'on_crash', 'destroy')
    _devices(domain, boot, instance.vifs, bridge_mappings or {}, bandwidth,
             ovs_bridge, consoles, _pci_addresses(instance))
    return ET.tostring(domain, encoding='unicode')


def _pci_addresses(instance):
    """The addresses of the host PCI devices the instance was given."""
    record = instance.pci_devices
    return record.addresses if record else []
