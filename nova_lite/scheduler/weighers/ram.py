# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""RAMWeigher: spreads servers over hosts by free RAM (a negative
multiplier stacks them instead).
"""
from nova_lite.scheduler import weighers


class RAMWeigher(weighers.BaseHostWeigher):
    """More free RAM weighs more: instances spread over hosts."""

    def multiplier(self):
        return self.conf.filter_scheduler.ram_weight_multiplier

    def weigh(self, host_state, spec_obj):
        return host_state.free_ram_mb
