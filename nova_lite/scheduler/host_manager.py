"""HostManager: builds HostStates from compute nodes and services.

A compute node counts an instance once its agent has claimed it; between
the scheduler's choice and that claim the instance is in flight. The host
manager remembers its placements until the instance is claimed (it has a
host), has failed, or is gone, and counts the ones still in flight against
their hosts, so that a burst of requests spreads as if each had landed.
"""
import threading

from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import service as service_obj
from nova_lite.scheduler import host_state as host_state_mod


class HostManager:

    def __init__(self, conf):
        self.conf = conf
        self._in_flight = {}  # instance uuid -> (compute node uuid, usage)
        self.lock = threading.Lock()

    def get_all_host_states(self, context):
        return self.get_host_states(context)

    def get_host_states(self, context, node_uuids=None):
        """States of every host, or of the hosts of these compute nodes."""
        # Landed placements first, nodes after: a compute saves its node's
        # usage before it gives the instance its host, so a node read after
        # an instance is seen landed already counts that instance.
        self._forget_landed(context)
        if node_uuids is None:
            nodes = compute_node_obj.ComputeNodeList.get_all(context)
            services = service_obj.ServiceList.get_all(
                context, binary=service_obj.COMPUTE_BINARY)
        else:
            nodes = compute_node_obj.ComputeNodeList.get_by_uuids(
                context, node_uuids)
            services = service_obj.ServiceList.get_by_hosts(
                context, sorted({n.host for n in nodes}),
                service_obj.COMPUTE_BINARY)
        services = {s.host: s for s in services}
        states = [self._state_for(node, services.get(node.host))
                  for node in nodes]
        by_uuid = {state.uuid: state for state in states}
        for node_uuid, usage in self._in_flight.values():
            if node_uuid in by_uuid:
                by_uuid[node_uuid].consume(usage)
        return states

    def _state_for(self, node, service):
        up = service is not None and service.is_up(
            self.conf.service_down_time)
        disabled = service is None or service.disabled
        return host_state_mod.HostState(node, up, disabled)

    def record_placement(self, instance_uuid, state, usage):
        """Count the instance on the chosen host until it lands there."""
        self._in_flight[instance_uuid] = (state.uuid, usage)
        state.consume(usage)

    def _forget_landed(self, context):
        """Drop placements whose instance was claimed, failed or is gone."""
        if not self._in_flight:
            return
        instances = instance_obj.InstanceList.get_by_filters(
            context, {'uuid': list(self._in_flight), 'read_deleted': True})
        for instance in instances:
            if (instance.host is not None or instance.deleted or
                    instance.vm_state != fields.VMState.BUILDING):
                self._in_flight.pop(instance.uuid, None)
