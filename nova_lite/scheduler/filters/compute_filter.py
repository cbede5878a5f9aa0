# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ComputeFilter: a host whose service is down or disabled takes no new
servers, whatever placement says it has free.
"""
from nova_lite.scheduler import filters


class ComputeFilter(filters.BaseHostFilter):
    """Hosts whose compute service is up and enabled."""

    def host_passes(self, host_state, spec_obj):
        return host_state.service_up and not host_state.service_disabled

    def explain(self, spec_obj, rejected):
        down = sum(1 for h in rejected if not h.service_up)
        disabled = sum(1 for h in rejected
                       if h.service_up and h.service_disabled)
        return '%d down, %d disabled' % (down, disabled)
