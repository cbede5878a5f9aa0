# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack in placement's terms.

Each NIC is a child provider of its host, with one custom class per
direction and unit (``CUSTOM_VIETSTACK_OUTBOUND_RATE`` ...) and traits for
its physical network and the vNIC types it serves; each vNIC that asks for
anything is a request group of its own (suffix ``_VIETSTACK_VNIC{i}``)
requiring those traits, so placement picks a NIC per vNIC and no NIC's
capacity is ever exceeded. Where a network service holds the NICs'
bandwidth in placement (``nova_lite.network``), the rates are its, on its
own providers, and only the sizes are VietStack's here (``units``).
"""
import re
import uuid as uuidlib

from nova_lite.objects import vietstack as vietstack_obj
from nova_lite.placement import request as placement_request

UNITS = ('rate', 'size')
SIZES_ONLY = ('size',)
GROUP_PREFIX = '_VIETSTACK_VNIC'
_NOT_TRAIT = re.compile('[^A-Z0-9_]')


def resource_class(direction, unit):
    return 'CUSTOM_VIETSTACK_%s_%s' % (direction.upper(), unit.upper())


def physnet_trait(physical_network):
    return 'CUSTOM_VIETSTACK_PHYSNET_' + _NOT_TRAIT.sub(
        '_', physical_network.upper())


def vnic_type_trait(vnic_type):
    return 'CUSTOM_VIETSTACK_VNIC_TYPE_' + _NOT_TRAIT.sub(
        '_', vnic_type.upper())


def nic_provider_uuid(node_uuid, nic_name):
    """The same uuid for the same NIC of the same node, every run."""
    return str(uuidlib.uuid5(uuidlib.UUID(node_uuid),
                             'vietstack-nic:' + nic_name))


def nic_inventory(nic, units=UNITS):
    """The NIC's inventory records; a class it has none of is left out."""
    records = {}
    for direction in vietstack_obj.DIRECTIONS:
        for unit in units:
            total = getattr(nic, '%s_%s' % (direction, unit))
            if total > 0:
                reserved = min(getattr(nic, 'reserved_%s' % unit), total)
                records[resource_class(direction, unit)] = {
                    'total': total, 'reserved': reserved,
                    'max_unit': total, 'allocation_ratio': 1.0}
    return records


def nic_traits(nic):
    return sorted({physnet_trait(nic.physical_network)} |
                  {vnic_type_trait(t) for t in nic.vnic_types})


def vnic_resources(vnic, units=UNITS):
    """{class: amount} one vNIC asks for (classes of amount 0 left out)."""
    return {resource_class(direction, unit): amount
            for (direction, unit), amount in vnic.amounts().items()
            if amount > 0 and unit in units}


def request_groups(request, units=UNITS):
    """[Group]: one per vNIC that asks for some capacity (a vNIC that asks
    for none needs only a NIC that serves it, which the compute's claim
    finds), requiring its NIC's traits."""
    groups = []
    for index, vnic in enumerate(request.vnics if request else []):
        resources = vnic_resources(vnic, units)
        if not resources:
            continue
        traits = {vnic_type_trait(vnic.type)}
        if vnic.physical_network is not None:  # None: any network
            traits.add(physnet_trait(vnic.physical_network))
        groups.append(placement_request.Group(
            '%s%d' % (GROUP_PREFIX, index), resources,
            required=[frozenset([t]) for t in sorted(traits)]))
    return groups
