# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``cpu.virt_driver``: the host's CPU as its hypervisor driver reads it
(libvirt's CPU times and the CPU's frequency), the busy percentages
since the previous update (Nova's monitor of that name)."""
from nova_lite.compute.monitors.cpu import busy_shares
from nova_lite import exception


class Monitor:

    def __init__(self, tracker):
        self.driver = tracker.driver
        self.source = tracker.conf.compute.compute_driver
        self._before = {}

    def metrics(self):
        try:
            stats = self.driver.get_host_cpu_stats()
        except (NotImplementedError, KeyError, TypeError) as e:
            raise exception.ResourceMonitorError(
                monitor='cpu.virt_driver', reason=str(e) or
                'the driver reads no CPU times')
        found = busy_shares.metrics(stats, self._before)
        self._before = stats
        return found
