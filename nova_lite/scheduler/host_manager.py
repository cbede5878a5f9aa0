# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""HostManager: builds HostStates from compute nodes, services and
placement.

A host's free resources are placement's: the scheduler's own claims count
there the moment they are made, so a burst of requests spreads without
the scheduler keeping its own account of placements in flight.
"""
import threading

from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import service as service_obj
from nova_lite.scheduler import host_state as host_state_mod


class HostManager:

    def __init__(self, conf, plugins=()):
        self.conf = conf
        self.lock = threading.Lock()
        self._stat_readers = {plugin.name: plugin.host_stat
                              for plugin in plugins}
        # The objects of the last node rows read, by node uuid.
        self._nodes = {}

    def get_all_host_states(self, context):
        return self.get_host_states(context)

    def get_host_states(self, context, node_uuids=None):
        """States of every host, or of the hosts of these compute nodes.

        The node objects of rows that have not changed since the last
        request are kept (a host of a thousand is rarely asked about twice
        between two of its writes); each service's liveness and
        placement's usage are read afresh each time."""
        nodes = compute_node_obj.ComputeNodeList.read_keeping(
            context, self._nodes, node_uuids)
        services = service_obj.ServiceList.liveness_of(
            context, service_obj.COMPUTE_BINARY,
            None if node_uuids is None else sorted({n.host for n in nodes}))
        if node_uuids is None:  # all of them: forget those gone
            self._nodes = {}
        self._nodes.update((n.uuid, n) for n in nodes)
        summaries = placement_obj.Placement.usage_of(
            context, [n.uuid for n in nodes])
        down_time = self.conf.service_down_time  # once, not per host
        return [self._state_for(node, services.get(node.host),
                                summaries.get(node.uuid), down_time)
                for node in nodes]

    def _state_for(self, node, liveness, summary, down_time):
        up = liveness is not None and liveness.is_up(down_time)
        disabled = liveness is None or liveness.disabled
        return host_state_mod.HostState(node, up, disabled, summary,
                                        self._stat_readers)
