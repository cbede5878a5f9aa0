# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[pci] device_spec`` and ``[pci] alias`` as an operator writes them
(Nova's JSON), what they match, and what a flavor asks of them."""
import json

from oslo_config import cfg
import pytest

from nova_lite import exception
from nova_lite.objects import pci_device
from nova_lite.resources.pci import aliases
from nova_lite.resources.pci import conf as pci_conf
from nova_lite.resources.pci import device_specs


def _conf(device_spec=(), alias=()):
    # A group of its own: the module's OptGroup object, and so these
    # overrides, would be shared with every other ConfigOpts (the
    # suite's, whose all-in-ones then saw no PCI device).
    conf = cfg.ConfigOpts()
    conf.register_opts(pci_conf.opts, group='pci')
    conf([], default_config_files=[])
    conf.set_override('device_spec', [json.dumps(s) if not isinstance(
        s, str) else s for s in device_spec], group='pci')
    conf.set_override('alias', [json.dumps(a) if not isinstance(a, str)
                                else a for a in alias], group='pci')
    return conf


def _report(address, vendor='8086', product='0443'):
    return {'address': address, 'vendor_id': vendor, 'product_id': product,
            'dev_type': 'type-PCI'}


def _matched(spec, *addresses):
    specs = device_specs.specs_of(_conf([spec]))
    return [a for a in addresses if any(s.matches(_report(a))
                                        for s in specs)]


ADDRESSES = ('0000:81:00.0', '0000:81:00.1', '0000:82:00.0', '0001:81:01.0')


@pytest.mark.parametrize('spec,matched', [
    ({'vendor_id': '8086'}, ADDRESSES),
    ({'vendor_id': '10de'}, ()),
    ({'vendor_id': '8086', 'product_id': '0443',
      'address': '0000:81:00.1'}, ('0000:81:00.1',)),
    ({'address': '*:81:00.*'}, ('0000:81:00.0', '0000:81:00.1')),
    ({'address': ':81:00.'}, ('0000:81:00.0', '0000:81:00.1')),
    ({'address': '81:01.0'}, ('0001:81:01.0',)),
    ({'address': '0001::'}, ('0001:81:01.0',)),
    ({'address': '81:'}, ('0000:81:00.0', '0000:81:00.1', '0001:81:01.0')),
    ({'address': {'domain': '.*', 'bus': '8[12]', 'slot': '00',
                  'function': '[1-7]'}}, ('0000:81:00.1',)),
    ([{'address': '0000:82:00.0'}, {'address': '0001:81:01.0'}],
     ('0000:82:00.0', '0001:81:01.0')),
])
def test_a_device_spec_matches_as_novas_does(spec, matched):
    assert tuple(_matched(spec, *ADDRESSES)) == tuple(matched)


@pytest.mark.parametrize('line,words', [
    ('{"vendor_id": ', 'not JSON'),
    ('"8086"', 'expected a JSON object'),
    ({'devname': 'eth0'}, "'devname' is for SR-IOV network ports"),
    ({'physical_network': 'physnet1'}, "'physical_network' is for SR-IOV"),
    ({'vendorid': '8086'}, "unknown key 'vendorid'"),
    ({'vendor_id': '80861'}, "'vendor_id' must be hexadecimal"),
    ({'address': '0000:81:00:00.0'}, 'more than three'),
    ({'address': '0000:81:20.0'}, "address slot '20' is not hexadecimal "
     "up to 1f"),
    ({'address': '0000:81:00.8'}, "address function '8'"),
    ({'address': {'bus': '('}}, 'address bus is not a regular expression'),
    ({'address': {'bus': '81', 'port': '1'}}, "unknown address key 'port'"),
])
def test_a_bad_device_spec_is_refused_naming_it(line, words):
    with pytest.raises(exception.ConfigInvalid) as raised:
        device_specs.specs_of(_conf([line]))
    message = raised.value.format_message()
    assert message.startswith('Invalid configuration: [pci] device_spec = ')
    assert words in message, message


def test_a_spec_names_its_devices_class_and_traits():
    spec, = device_specs.specs_of(_conf([{
        'vendor_id': '1002', 'resource_class': 'my gpu',
        'traits': 'HW_GPU_API_VULKAN,fast-one'}]))
    assert spec.resource_class_of(_report('0000:81:00.0', '1002')) == \
        'CUSTOM_MY_GPU'
    assert spec.traits == ('CUSTOM_FAST_ONE', 'HW_GPU_API_VULKAN')
    plain, = device_specs.specs_of(_conf([{'vendor_id': '8086'}]))
    assert plain.resource_class_of(_report('0000:81:00.0', '8086',
                                           '15b3')) == 'CUSTOM_PCI_8086_15B3'


QAT = {'name': 'qat', 'vendor_id': '8086', 'product_id': '0443',
       'device_type': 'type-PCI'}


def test_a_flavors_asks_read_against_the_aliases():
    defined = aliases.aliases_of(_conf(alias=[QAT, {
        'name': 'gpu', 'resource_class': 'PGPU', 'traits': 'fast'}]))
    asks = aliases.asks_of({'pci_passthrough:alias': 'qat:2, gpu : 1'},
                           defined)
    assert [(a.alias.name, a.alias.resource_class, a.alias.traits,
             a.count) for a in asks] == [
        ('qat', 'CUSTOM_PCI_8086_0443', (), 2),
        ('gpu', 'PGPU', ('CUSTOM_FAST',), 1)]
    assert aliases.asks_of({}, defined) == []
    assert aliases.asks_of({'pci_passthrough:alias': 'qat:0'}, defined) == []
    with pytest.raises(exception.PciRequestAliasNotDefined) as raised:
        aliases.asks_of({'pci_passthrough:alias': 'qat:1,nic:1'}, defined)
    assert raised.value.format_message() == 'PCI alias nic is not defined'
    assert raised.value.code == 400


def test_whether_a_flavor_asks_needs_no_alias():
    assert aliases.asks_devices({'pci_passthrough:alias': 'x:1'})
    assert not aliases.asks_devices({'pci_passthrough:alias': 'x:0'})
    assert not aliases.asks_devices({'hw:cpu_policy': 'shared'})


@pytest.mark.parametrize('alias,words', [
    ('[', 'is not JSON'),
    ({'vendor_id': '8086'}, 'an alias needs a name'),
    ({'name': 'a:b', 'resource_class': 'X'}, 'an alias needs a name'),
    ({'name': 'a', 'vendor_id': '8086'}, "alias 'a' needs a resource_class"),
    ({'name': 'a', 'vendor_id': 'xyz', 'product_id': '1'},
     "vendor_id 'xyz' is not hexadecimal"),
    ({'name': 'a', 'device_type': 'type-X', 'resource_class': 'X'},
     "device_type 'type-X' is none of type-PCI, type-PF, type-VF"),
    ({'name': 'a', 'numa_policy': 'strict', 'resource_class': 'X'},
     "numa_policy 'strict'"),
    ({'name': 'a', 'resource_class': 'X', 'colour': 'red'},
     "unknown key 'colour'"),
])
def test_a_bad_alias_is_novas_invalid_alias(alias, words):
    with pytest.raises(exception.PciInvalidAlias) as raised:
        aliases.aliases_of(_conf(alias=[alias]))
    message = raised.value.format_message()
    assert message.startswith('Invalid PCI alias definition: ')
    assert words in message, message


def test_an_alias_defined_twice_is_refused():
    with pytest.raises(exception.PciInvalidAlias) as raised:
        aliases.aliases_of(_conf(alias=[QAT, QAT]))
    assert "alias 'qat' is defined twice" in raised.value.format_message()


def test_an_alias_matches_its_kind_of_device():
    qat = aliases.aliases_of(_conf(alias=[QAT]))['qat']
    device = pci_device.PciDevice(
        address='0000:81:00.0', vendor_id='8086', product_id='0443',
        dev_type='type-PCI', label='l', resource_class='CUSTOM_PCI_8086_0443')
    assert qat.matches(device)
    device.dev_type = 'type-PF'
    assert not qat.matches(device)
    device.dev_type = 'type-PCI'
    device.resource_class = 'PGPU'  # the spec gave it another class
    assert not qat.matches(device)
