# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""CoreFilter: the host's own count of free vCPUs, which may differ from
placement's while a claim is on its way.
"""
from nova_lite.scheduler import filters


class CoreFilter(filters.BaseHostFilter):
    """Hosts with enough free vCPUs, allocation ratio included."""

    def for_request(self, spec_obj):
        need = spec_obj.flavor.vcpus
        return lambda host_state: host_state.free_vcpus >= need

    def explain(self, spec_obj, rejected):
        best = max(h.free_vcpus for h in rejected)
        return 'need %d vCPUs, best host has %d free' % (
            spec_obj.flavor.vcpus, best)
