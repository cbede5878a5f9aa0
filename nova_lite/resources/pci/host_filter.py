# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PciPassthroughFilter: hosts that have the PCI devices the flavor asks
for free, as their compute last counted them (Nova's filter of that
name). The PCI plugin contributes it to the scheduler.
"""
from nova_lite.resources.pci import assignment
from nova_lite.text import host_lists


class PciPassthroughFilter:

    name = 'PciPassthroughFilter'

    def __init__(self, asks_of):
        self.asks_of = asks_of  # RequestSpec -> [Ask]

    def host_passes(self, host_state, spec_obj):
        return self.for_request(spec_obj)(host_state)

    def for_request(self, spec_obj):
        """The test for one request: its asks read once, not per host."""
        asks = self.asks_of(spec_obj)
        if not asks:
            return lambda host_state: True
        return lambda host_state: assignment.shortfall(
            self._devices(host_state), asks)[0] is None

    def explain(self, spec_obj, rejected):
        asks = self.asks_of(spec_obj)
        reasons = {}
        for host in rejected:
            ask, free = assignment.shortfall(self._devices(host), asks)
            reason = '%d free of PCI alias %s, %d asked' % (
                free, ask.alias.describe(), ask.count)
            reasons.setdefault(reason, []).append(host.host)
        return '; '.join('%s: %s' % (host_lists.some(hosts), reason)
                         for reason, hosts in sorted(reasons.items()))

    @staticmethod
    def _devices(host_state):
        stat = host_state.resource_stat('pci')
        return stat.objects if stat is not None else []
