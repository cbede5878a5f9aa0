# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which devices a server gets, and whether a host has them.

The compute gives the devices its allocation names: so many of each of
the host's device providers, those the host's other servers do not hold,
in address order. The scheduler's filter asks the same of the host's
count as its compute last saved it (placement's claim stays the final
word).
"""
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import pci_device


def held(records):
    """The addresses of the devices ``records`` (PciDeviceLists) hold."""
    return {address for record in records if record
            for address in record.addresses}


def assign(instance_uuid, providers, allocations, taken):
    """The PciDeviceList given to the instance: for each of ``providers``
    ({provider uuid: Provider}) ``allocations`` ({provider uuid:
    resources}) holds units of, that many devices not in ``taken``
    (addresses); ComputeResourcesUnavailable if the allocation holds none
    of them or more than are free. The devices are in address order."""
    given = []
    for uuid, resources in sorted((allocations or {}).items()):
        provider = providers.get(uuid)
        if provider is None:
            continue
        amount = resources.get(provider.resource_class, 0)
        free = [d for d in provider.devices if d.address not in taken]
        if len(free) < amount:
            raise exception.ComputeResourcesUnavailable(
                reason='PCI device provider %s has %d device(s) free, its '
                       'allocation holds %d' % (provider.key, len(free),
                                                amount))
        given += [d.given_to(instance_uuid) for d in free[:amount]]
    if not given:
        raise exception.ComputeResourcesUnavailable(
            reason="the server's allocation holds none of this host's PCI "
                   "devices")
    return pci_device.PciDeviceList.of(sorted(given,
                                              key=lambda d: d.address))


def shortfall(devices, asks):
    """The first ask the host's devices (PciDevices, as its compute
    counted them) cannot meet, with the devices of its kind free; (None,
    0) if they meet every one. Asks take distinct devices, in order."""
    free = [d for d in devices or []
            if d.status == fields.PciDeviceStatus.AVAILABLE]
    for ask in asks:
        matching = [d for d in free if ask.alias.matches(d)]
        if len(matching) < ask.count:
            return ask, len(matching)
        for device in matching[:ask.count]:
            free.remove(device)
    return None, 0
