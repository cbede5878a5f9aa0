# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""RamFilter: the host's own count of free RAM, which may differ from
placement's while a claim is on its way.
"""
from nova_lite.scheduler import filters


class RamFilter(filters.BaseHostFilter):
    """Hosts with enough free RAM, allocation ratio included."""

    def for_request(self, spec_obj):
        need = spec_obj.flavor.memory_mb
        return lambda host_state: host_state.free_ram_mb >= need

    def explain(self, spec_obj, rejected):
        best = max(h.free_ram_mb for h in rejected)
        return 'need %d MB, best host has %d MB free' % (
            spec_obj.flavor.memory_mb, best)
