# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where a server's ports are bound, on the network service.

A port is bound to the host of its server (``binding:host_id``), with,
for a port whose QoS policy guarantees bandwidth, the provider of each of
its request groups in the server's claim (``binding:profile``
``allocation``). A live migration binds each port on its destination
too, inactive until the guest has moved, then activates it and drops the
source's (the service's port-binding extension, as Nova uses it).
"""
from nova_lite import exception
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import port_placement

FAILED_BINDINGS = ('binding_failed', 'unbound')
# A port's bindings, one per host (the port-binding extension).
_BINDINGS = 'ports/%s/bindings'


class PortBindings:

    def __init__(self, client):
        self.client = client

    def bind(self, context, instance, host):
        """Bind the server's ports to ``host``, or unbind them from any
        host (None); PortBindingFailed if the host cannot take one. The
        ports bound anew that are not wired yet (the host's plugging is
        to be reported)."""
        ports = self._ports(instance)
        asking = asking_of(ports)
        groups = claimed_groups(context, instance, asking) if host else {}
        waiting = []
        for uuid, port in sorted(ports.items()):
            if host and self._activated(uuid, host):
                continue  # a live migration's: bound there already
            profile = profile_with(
                port.get('binding:profile') or {}, uuid,
                asking.get(uuid) if host else None, groups)
            port = self.client.update('ports', uuid, {
                'binding:host_id': host or '', 'binding:profile': profile})
            if host and port.get('binding:vif_type') in FAILED_BINDINGS:
                raise exception.PortBindingFailed(port_id=uuid)
            if host and port.get('status') != 'ACTIVE':
                waiting.append(uuid)
        return waiting

    def bind_inactive(self, context, instance, host):
        """An inactive binding of each of the server's ports on ``host``
        (a live migration's destination), beside the active one until the
        guest has moved (with the destination's providers of the port's
        requests); PortBindingFailed if the host cannot take one."""
        ports = self._ports(instance)
        asking = asking_of(ports)
        groups = claimed_groups(context, instance, asking)
        for uuid, port in sorted(ports.items()):
            try:
                binding = self.client.create(_BINDINGS % uuid, {
                    'host': host,
                    'vnic_type': port.get('binding:vnic_type') or 'normal',
                    'profile': profile_with({}, uuid, asking.get(uuid),
                                            groups)})
            except exception.NetworkServiceError as e:
                if e.code != 409:
                    raise
                continue  # made by an earlier try of this move
            if binding.get('vif_type') in FAILED_BINDINGS:
                raise exception.PortBindingFailed(port_id=uuid)

    def drop_inactive(self, context, instance, host):
        """The inactive bindings on ``host`` gone (a live migration that
        did not happen)."""
        for uuid in sorted(self._ports(instance)):
            self.client.delete(_BINDINGS % uuid, host)

    def _activated(self, port_id, host):
        """Whether the port had an inactive binding on ``host``, made
        active now (and its other bindings dropped)."""
        try:
            bindings = self.client.list(_BINDINGS % port_id)
        except exception.NetworkServiceError as e:
            if e.code == 404:
                return False  # the service has no port-binding extension
            raise
        if not any(b['host'] == host and b['status'] == 'INACTIVE'
                   for b in bindings):
            return False
        self.client.act('/%s/%s/activate' % (_BINDINGS % port_id, host))
        for binding in bindings:
            if binding['host'] != host:
                self.client.delete(_BINDINGS % port_id, binding['host'])
        return True

    def _ports(self, instance):
        """{port id: port} of the server's recorded ports the service
        still has."""
        ports = {vif.uuid: self.client.show('ports', vif.uuid)
                 for vif in instance.vifs if vif.is_port}
        return {uuid: port for uuid, port in ports.items() if port}


def asking_of(ports):
    """{port id: resource request} of the ports ({id: port}) that have
    one."""
    return {uuid: port['resource_request'] for uuid, port in ports.items()
            if port.get('resource_request')}


def claimed_groups(context, instance, asking):
    """{group id: provider uuid} of the ports ``asking`` ({port id:
    resource request}) in the server's claim ({} if none asks)."""
    if not asking:
        return {}
    allocations = placement_obj.Placement.allocations_of(context,
                                                         instance.uuid)
    return port_placement.mapping(
        asking, allocations,
        placement_obj.Placement.traits_of(context, sorted(allocations)))


def profile_with(profile, port_id, resource_request, groups):
    """The binding profile with the providers serving the port's groups
    (``allocation``; none if it asks for nothing), as the service reads
    it: by group, or the one provider of a port of the older form."""
    profile = {k: v for k, v in profile.items() if k != 'allocation'}
    if resource_request:
        found = port_placement.groups_of(port_id, resource_request)[0]
        if 'request_groups' in resource_request:
            profile['allocation'] = {g['id']: groups[g['id']] for g in found
                                     if g['id'] in groups}
        elif port_id in groups:
            profile['allocation'] = groups[port_id]
    return profile
