# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's devices guests may have: those of the hypervisor's report
that a ``[pci] device_spec`` matches, each with its placement class, and
the placement providers they make.

A device, or an SR-IOV physical function's virtual functions together,
is one provider; a physical function and one of its virtual functions
cannot both be given (one would take the other), nor can the virtual
functions of one provider differ in class or traits: such a match stops
the report with ConfigInvalid naming the devices, as Nova's does.
"""
import dataclasses

from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import pci_device


@dataclasses.dataclass
class Provider:
    """One provider's devices: their address key, class and traits."""
    key: str
    resource_class: str
    traits: tuple
    devices: list


def tracked(specs, reported):
    """[PciDevice] (available) of the ``reported`` devices (the driver's
    dicts) a spec of ``specs`` matches, in address order; and {address:
    traits} of the spec each matched."""
    devices, traits = [], {}
    for report in sorted(reported, key=lambda r: r['address']):
        spec = next((s for s in specs if s.matches(report)), None)
        if spec is None:
            continue
        device = pci_device.PciDevice(
            address=report['address'], vendor_id=report['vendor_id'],
            product_id=report['product_id'], dev_type=report['dev_type'],
            dev_id=report.get('dev_id'),
            label='label_%s_%s' % (report['vendor_id'],
                                   report['product_id']),
            numa_node=report.get('numa_node'),
            parent_addr=report.get('parent_addr'),
            resource_class=spec.resource_class_of(report))
        device.obj_set_defaults()
        devices.append(device)
        traits[device.address] = spec.traits
    return devices, traits


def providers(devices, traits):
    """[Provider] of the tracked devices, in address order; ConfigInvalid
    for a physical function given with its virtual functions, or virtual
    functions of one function that differ."""
    found = {}
    addresses = {device.address for device in devices}
    for device in devices:
        key = device.provider_key
        if device.dev_type == fields.PciDeviceType.SRIOV_VF and \
                key in addresses:
            raise _both(key, device.address)
        provider = found.setdefault(key, Provider(
            key, device.resource_class, traits[device.address], []))
        if (provider.resource_class, provider.traits) != (
                device.resource_class, traits[device.address]):
            raise exception.ConfigInvalid(
                reason='[pci] device_spec gives the virtual functions of '
                       '%s different resource classes or traits (%s: %s '
                       '%s; %s: %s %s)' % (
                           key, provider.devices[0].address,
                           provider.resource_class,
                           ','.join(provider.traits), device.address,
                           device.resource_class,
                           ','.join(traits[device.address])))
        provider.devices.append(device)
    return [found[key] for key in sorted(found)]


def _both(parent, child):
    return exception.ConfigInvalid(
        reason='[pci] device_spec matches the physical function %s and '
               'its virtual function %s: a guest can be given one or the '
               'other, so match only one of them' % (parent, child))
