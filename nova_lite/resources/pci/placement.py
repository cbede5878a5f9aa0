# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI devices in placement's terms, as Nova reports them.

A provider per device (or per SR-IOV physical function, for its virtual
functions), a child of the host's, named ``<hypervisor hostname>_<ADDRESS>``
with one unit of its class per device, the trait
``COMPUTE_MANAGED_PCI_DEVICE`` and the traits of its device spec. A
flavor's ask of N devices of an alias is N request groups of one unit
each (suffix ``_PCI_<n>``), requiring the alias's traits: placement picks
each device, and a provider is never given more than it has.
"""
import uuid as uuidlib

from nova_lite.placement import request as placement_request
from nova_lite.resources.pci import names

GROUP_PREFIX = '_PCI_'


def provider_uuid(node_uuid, key):
    """The same uuid for the same device of the same node, every run."""
    return str(uuidlib.uuid5(uuidlib.UUID(node_uuid), 'pci:' + key))


def provider_name(hypervisor_hostname, key):
    return '%s_%s' % (hypervisor_hostname, key.upper())


def inventory(provider):
    count = len(provider.devices)
    return {provider.resource_class: {'total': count, 'reserved': 0,
                                      'max_unit': count,
                                      'allocation_ratio': 1.0}}


def traits(provider):
    return sorted({names.MANAGED} | set(provider.traits))


def request_groups(asks):
    """[Group]: one per device asked for."""
    groups = []
    for ask in asks:
        for _ in range(ask.count):
            groups.append(placement_request.Group(
                '%s%d' % (GROUP_PREFIX, len(groups)),
                {ask.alias.resource_class: 1},
                required=[frozenset([t]) for t in ask.alias.traits]))
    return groups
