# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement's names for PCI devices: resource classes and traits as an
operator writes them in ``[pci]``, normalized as Nova does (upper case; a
name that is not standard gets ``CUSTOM_``, its other characters ``_``);
and the form of a vendor or product id an operator writes there.
"""
import re

import os_resource_classes as orc
import os_traits

MANAGED = os_traits.COMPUTE_MANAGED_PCI_DEVICE
# A vendor or product id: hexadecimal, at most 4 digits.
HEX_ID = re.compile(r'^[0-9a-fA-F]{1,4}$')


def resource_class(name):
    """The placement class for ``name``."""
    name = name.strip().upper()
    if name in orc.STANDARDS or orc.is_custom(name):
        return name
    return orc.normalize_name(name)


def default_resource_class(vendor_id, product_id):
    """The class of devices no spec names one for."""
    return ('CUSTOM_PCI_%s_%s' % (vendor_id, product_id)).upper()


def traits(text):
    """The sorted traits of a comma-separated list (empty: none)."""
    names = [name.strip() for name in (text or '').split(',')
             if name.strip()]
    standard, rest = os_traits.check_traits(names)
    found = set(standard)
    for name in rest:
        name = name.upper()
        found.add(name if os_traits.is_custom(name)
                  else os_traits.normalize_name(name))
    return sorted(found)
