"""HostManager: builds HostStates from compute nodes and services.

States are kept between requests. A state is refreshed from its compute
node only when the node reports something newer than what the scheduler
last consumed on it, so two requests placed in a row both count against
the host before its compute agent has recorded either.
"""
import threading

from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import service as service_obj
from nova_lite.scheduler import host_state as host_state_mod



class HostManager:

    def __init__(self, conf):
        self.conf = conf
        self._states = {}
        self.lock = threading.Lock()

    def get_all_host_states(self, context):
        nodes = compute_node_obj.ComputeNodeList.get_all(context)
        services = {s.host: s for s in service_obj.ServiceList.get_all(
            context, binary=service_obj.COMPUTE_BINARY)}
        states = []
        for node in nodes:
            states.append(self._state_for(node, services.get(node.host)))
        return states

    def _state_for(self, node, service):
        up = service is not None and service.is_up(
            self.conf.service_down_time)
        disabled = service is None or service.disabled
        state = self._states.get(node.uuid)
        if state is None:
            state = host_state_mod.HostState(node, up, disabled)
            self._states[node.uuid] = state
        else:
            state.service_up = up
            state.service_disabled = disabled
            reported = host_state_mod.reported_at(node)
            if state.updated is None or (reported and
                                         reported > state.updated):
                state.update_from_node(node)
        return state
