# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""HostState: the scheduler's view of one compute host.

What is free comes from placement: its capacity (``(total - reserved) *
allocation_ratio``) less what is allocated, claims of a moment ago
included, so there is one account of each host's resources. A host whose
compute has not reported its provider yet has nothing free.
"""


def _free(summary, resource_class):
    entry = (summary or {}).get(resource_class)
    return entry['capacity'] - entry['used'] if entry else 0


class HostState:

    def __init__(self, node, service_up, service_disabled, summary,
                 stat_readers=None):
        self.host = node.host
        self.nodename = node.hypervisor_hostname
        self.uuid = node.uuid
        self.service_up = service_up
        self.service_disabled = service_disabled
        self.free_vcpus = _free(summary, 'VCPU')
        self.free_ram_mb = _free(summary, 'MEMORY_MB')
        self.free_disk_gb = _free(summary, 'DISK_GB')
        self.num_instances = node.running_vms
        self._node = node
        # {plugin name: plugin.host_stat}, read when a filter asks.
        self._stat_readers = stat_readers or {}
        self._stats = {}

    @property
    def metrics(self):
        """{metric name: value} of what the host's compute monitors last
        read (empty without monitors)."""
        found = self._node.metrics
        return found.values() if found is not None else {}

    def resource_stat(self, name):
        """What resource plugin ``name`` counts of the host, as its compute
        last saved it (None without that plugin; read only: shared with
        other decisions)."""
        if name not in self._stats:
            reader = self._stat_readers.get(name)
            self._stats[name] = reader(self._node) if reader else None
        return self._stats[name]

    def __repr__(self):
        return '(%s, %s) ram: %dMB disk: %dGB vcpus: %d' % (
            self.host, self.nodename, self.free_ram_mb, self.free_disk_gb,
            self.free_vcpus)
