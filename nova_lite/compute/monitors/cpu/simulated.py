# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``cpu.simulated``: the CPU of a simulated host, whose test-driver CPU
times never move, as if its guests' vCPUs were busy: its busy share is
the vCPUs its servers hold over its CPUs (all of it, when
overcommitted), the rest idle; the times add up from the wall clock
since the previous update, the frequency is the node file's."""
import time

from nova_lite.compute.monitors.cpu import busy_shares

_NS = 10 ** 9


class Monitor:

    source = 'simulated'

    def __init__(self, tracker):
        self.tracker = tracker
        self._before = {}
        self._clock = time.monotonic()

    def _busy_share(self):
        node = self.tracker.compute_node
        if node is None or not node.vcpus:
            return 0.0
        return min(node.vcpus_used / node.vcpus, 1.0)

    def _frequency(self):
        try:
            return self.tracker.driver.get_host_cpu_stats()['frequency']
        except NotImplementedError:
            return 0

    def metrics(self):
        now = time.monotonic()
        node = self.tracker.compute_node
        cpus = node.vcpus if node is not None else 1
        passed = max(now - self._clock, 1e-3) * cpus * _NS
        busy = self._busy_share()
        stats = {'user': self._before.get('user', 0) + busy * passed,
                 'kernel': self._before.get('kernel', 0),
                 'iowait': self._before.get('iowait', 0),
                 'idle': self._before.get('idle', 0) + (1 - busy) * passed,
                 'frequency': self._frequency()}
        found = busy_shares.metrics(stats, self._before)
        self._before, self._clock = stats, now
        return found
