# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A host's PCI devices: read from libvirt's node device XML, picked by
the device specs, grouped into placement providers, given to servers by
their allocations, and written into the guest's domain as <hostdev>."""
import pytest

from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.resources.pci import aliases
from nova_lite.resources.pci import assignment
from nova_lite.resources.pci import device_specs
from nova_lite.resources.pci import host_devices
from nova_lite.virt.libvirt import domain_xml
from nova_lite.virt.libvirt import pci_devices

_NODE_DEVICE = """<device>
  <name>pci_0000_{bus:02x}_00_{function}</name>
  <capability type='pci'>
    <domain>0</domain><bus>{bus}</bus><slot>0</slot>
    <function>{function}</function>
    <product id='0x{product}'>x</product>
    <vendor id='0x8086'>Intel</vendor>
    {extra}
  </capability>
</device>"""
_PF = ("<capability type='virt_functions' maxCount='2'>"
       "<address domain='0x0000' bus='0x82' slot='0x00' function='0x1'/>"
       "</capability><numa node='1'/>")
_VF = ("<capability type='phys_function'>"
       "<address domain='0x0000' bus='0x82' slot='0x00' function='0x0'/>"
       "</capability><numa node='-1'/>")


def _node_device(bus, function, product='1520', extra=''):
    return _NODE_DEVICE.format(bus=bus, function=function, product=product,
                               extra=extra)


def test_libvirts_node_devices_read_as_the_drivers_report():
    plain = pci_devices.device_of(_node_device(0x81, 0, '0443',
                                               "<numa node='0'/>"))
    assert plain == {'address': '0000:81:00.0', 'vendor_id': '8086',
                     'product_id': '0443', 'dev_type': 'type-PCI',
                     'parent_addr': None, 'numa_node': 0,
                     'dev_id': 'pci_0000_81_00_0'}
    pf = pci_devices.device_of(_node_device(0x82, 0, extra=_PF))
    assert (pf['dev_type'], pf['parent_addr'], pf['numa_node']) == (
        'type-PF', None, 1)
    vf = pci_devices.device_of(_node_device(0x82, 1, extra=_VF))
    assert (vf['dev_type'], vf['parent_addr'], vf['numa_node']) == (
        'type-VF', '0000:82:00.0', None)
    assert pci_devices.device_of(
        "<device><name>usb_1</name><capability type='usb_device'/>"
        "</device>") is None


def _spec(**spec):
    return device_specs._spec('test', spec)


def _reports(*items):
    return [dict({'vendor_id': '8086', 'product_id': '1520',
                  'dev_type': 'type-PCI'}, **item) for item in items]


def test_virtual_functions_share_their_functions_provider():
    reported = _reports(
        {'address': '0000:82:00.1', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'},
        {'address': '0000:82:00.2', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'},
        {'address': '0000:81:00.0'},
        {'address': '0000:83:00.0', 'product_id': '0001'})
    devices, traits = host_devices.tracked([_spec(product_id='1520')],
                                           reported)
    assert [d.address for d in devices] == [
        '0000:81:00.0', '0000:82:00.1', '0000:82:00.2']
    providers = host_devices.providers(devices, traits)
    assert [(p.key, p.resource_class, len(p.devices)) for p in providers] \
        == [('0000:81:00.0', 'CUSTOM_PCI_8086_1520', 1),
            ('0000:82:00.0', 'CUSTOM_PCI_8086_1520', 2)]


def test_a_function_and_its_virtual_functions_are_not_both_given():
    reported = _reports(
        {'address': '0000:82:00.0', 'dev_type': 'type-PF'},
        {'address': '0000:82:00.1', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'})
    devices, traits = host_devices.tracked([_spec()], reported)
    with pytest.raises(exception.ConfigInvalid) as raised:
        host_devices.providers(devices, traits)
    assert 'physical function 0000:82:00.0 and its virtual function ' \
        '0000:82:00.1' in raised.value.format_message()


def test_virtual_functions_of_one_function_differ_in_nothing():
    reported = _reports(
        {'address': '0000:82:00.1', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'},
        {'address': '0000:82:00.2', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'})
    devices, traits = host_devices.tracked(
        [_spec(address='0000:82:00.1', resource_class='A'),
         _spec(address='0000:82:00.2', resource_class='B')], reported)
    with pytest.raises(exception.ConfigInvalid) as raised:
        host_devices.providers(devices, traits)
    assert 'virtual functions of 0000:82:00.0 different resource classes' \
        in raised.value.format_message()


def _providers():
    devices, traits = host_devices.tracked([_spec()], _reports(
        {'address': '0000:81:00.0'}, {'address': '0000:81:00.1'},
        {'address': '0000:82:00.1', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'},
        {'address': '0000:82:00.2', 'dev_type': 'type-VF',
         'parent_addr': '0000:82:00.0'}))
    return {'rp-%s' % p.key: p
            for p in host_devices.providers(devices, traits)}


RC = 'CUSTOM_PCI_8086_1520'
SERVER = '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1'


def test_a_server_gets_the_devices_its_allocation_names():
    given = assignment.assign(SERVER, _providers(), {
        'rp-0000:82:00.0': {RC: 2}, 'root': {'VCPU': 1}}, set())
    assert given.addresses == ['0000:82:00.1', '0000:82:00.2']
    assert {(d.status, d.instance_uuid) for d in given} == {
        ('allocated', SERVER)}
    given = assignment.assign(SERVER, _providers(), {
        'rp-0000:82:00.0': {RC: 1}}, {'0000:82:00.1'})
    assert given.addresses == ['0000:82:00.2']


def test_an_allocation_the_host_cannot_give_fails_the_claim():
    with pytest.raises(exception.ComputeResourcesUnavailable) as raised:
        assignment.assign(SERVER, _providers(), {
            'rp-0000:82:00.0': {RC: 2}}, {'0000:82:00.1'})
    assert 'PCI device provider 0000:82:00.0 has 1 device(s) free, its ' \
        'allocation holds 2' in raised.value.format_message()
    with pytest.raises(exception.ComputeResourcesUnavailable) as raised:
        assignment.assign(SERVER, _providers(), {'root': {'VCPU': 1}},
                          set())
    assert "holds none of this host's PCI devices" in \
        raised.value.format_message()


def test_the_filters_count_of_a_hosts_free_devices():
    devices = [d for p in _providers().values() for d in p.devices]
    devices[0] = devices[0].given_to(SERVER)
    qat = aliases.Alias('a', '8086', '1520', None, RC)
    pf_only = aliases.Alias('pf', '8086', '1520', 'type-VF', RC)
    assert assignment.shortfall(devices, [aliases.Ask(qat, 3)]) == (None, 0)
    ask = aliases.Ask(qat, 4)
    assert assignment.shortfall(devices, [ask]) == (ask, 3)
    # Asks take distinct devices: two VFs are free, one plain device.
    second = aliases.Ask(pf_only, 2)
    assert assignment.shortfall(
        devices, [aliases.Ask(qat, 2), second]) == (second, 1)


def test_the_guest_has_its_devices_as_hostdevs():
    given = assignment.assign(SERVER, _providers(), {
        'rp-0000:81:00.1': {RC: 1}, 'rp-0000:82:00.0': {RC: 1}}, set())
    instance = instance_obj.Instance(
        uuid=SERVER, display_name='vm', created_at=None, user_id='u',
        project_id='p', vifs=[], pci_devices=given,
        flavor=flavor_obj.Flavor(name='m1', memory_mb=64, vcpus=1,
                                 root_gb=0, swap=0, ephemeral_gb=0))
    xml = domain_xml.build(instance, 'test', 'instance-1', 'h')
    assert domain_xml.pci_addresses_of(xml) == [
        '0000:81:00.1', '0000:82:00.1']
    assert "<hostdev mode=\"subsystem\" type=\"pci\" managed=\"yes\">" \
        "<source><address domain=\"0x0000\" bus=\"0x81\" slot=\"0x00\" " \
        "function=\"0x1\" /></source></hostdev>" in xml
    instance.pci_devices = None
    assert domain_xml.pci_addresses_of(domain_xml.build(
        instance, 'test', 'instance-1', 'h')) == []
