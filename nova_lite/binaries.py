# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Service binaries by Nova's names.

The daemons register as nova-lite-compute, -conductor, -scheduler (their
command names); clients and scripts look services up as nova-compute,
nova-conductor, nova-scheduler. The API shows Nova's names and takes
either.
"""
_OURS = 'nova-lite-'
_NOVA = 'nova-'


def shown(binary):
    """The name the API shows for a registered binary."""
    if binary and binary.startswith(_OURS):
        return _NOVA + binary[len(_OURS):]
    return binary


def registered(binary):
    """The registered binary a request names (by either name)."""
    if binary and binary.startswith(_NOVA) and not binary.startswith(_OURS):
        return _OURS + binary[len(_NOVA):]
    return binary
