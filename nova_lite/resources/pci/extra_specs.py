# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``pci_passthrough:``: the PCI devices a flavor's servers are given.

The value's form is checked here (from 2.86, as every namespace's); that
each name is a ``[pci] alias`` the API defines is the PCI plugin's check
of a flavor (``check_flavor``), at every version.
"""
from nova_lite.resources.extra_specs import Validator
from nova_lite.resources.pci import aliases

VALIDATORS = [
    Validator(aliases.EXTRA_SPEC,
              'The PCI devices of each [pci] alias the server is given, '
              'as ALIAS:COUNT pairs joined by commas.',
              {'type': str,
               'pattern': r'^[^:,]+:[0-9]+(\s*,\s*[^:,]+:[0-9]+)*$'}),
]


def register():
    return VALIDATORS
