# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""DiskFilter: the host's own count of free disk, which may differ from
placement's while a claim is on its way.
"""
from nova_lite.scheduler import filters


class DiskFilter(filters.BaseHostFilter):
    """Hosts with enough free local disk for root, ephemeral and swap."""

    def for_request(self, spec_obj):
        need = spec_obj.flavor.usage()['local_gb']
        return lambda host_state: host_state.free_disk_gb >= need

    def explain(self, spec_obj, rejected):
        best = max(h.free_disk_gb for h in rejected)
        return 'need %d GB, best host has %d GB free' % (
            spec_obj.flavor.usage()['local_gb'], best)
