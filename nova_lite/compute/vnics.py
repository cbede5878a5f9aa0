# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which vNICs a server gets, on which networks, once its claim is made.

The resource plugins' vNICs first (each on the host NIC its plugin's claim
chose), each on the network of its physical network; a server given none
by its flavor gets one vNIC on the default network, unless its create
asked for ``networks: none``.
"""
from nova_lite import exception
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import virtual_interface


def wanted(networks, plugins, records, networks_asked):
    """[VirtualInterface] with ``network`` and how to plug it, by index,
    for an instance the plugins' claims gave ``records`` ({plugin name:
    record}); NoNetworkOnPhysicalNetwork for a vNIC whose physical
    network has none. None (no change) where the vNICs are a network
    service's ports, made after the claim."""
    if not networks.managed:
        return None
    found = []
    for plugin in plugins:
        vnics = plugin.vnics(records.get(plugin.name))
        for index, vnic in enumerate(vnics):
            network = networks.on_physical_network(vnic.physical_network)
            if network is None:
                raise exception.NoNetworkOnPhysicalNetwork(
                    vnic='%s vNIC %d' % (plugin.name, index),
                    physical_network=vnic.physical_network)
            found.append(_vif(network, vnic.device, vnic.inbound_rate,
                              vnic.outbound_rate, vnic.queues))
    default = networks.default
    if found or networks_asked == request_spec_obj.NONE or default is None:
        return found
    return [_vif(default)]


def _vif(network, device=None, inbound_rate=0, outbound_rate=0, queues=1):
    return virtual_interface.VirtualInterface(
        network=network.name, physical_network=network.physical_network,
        device=device, inbound_rate=inbound_rate,
        outbound_rate=outbound_rate, queues=queues)


def _spec(context, instance, request_spec):
    """The create's request: ``request_spec``, else the stored one (None
    if that is gone too)."""
    if request_spec is not None:
        return request_spec
    try:
        return request_spec_obj.RequestSpec.get_by_instance_uuid(
            context, instance.uuid)
    except exception.NotFound:
        return None


def networks_asked(context, instance, request_spec=None):
    """'auto' or 'none', as the create asked ('auto' if its request is
    gone)."""
    request_spec = _spec(context, instance, request_spec)
    if request_spec is None:
        return request_spec_obj.AUTO
    return request_spec.networks_asked()


def ports_asked(context, instance, request_spec=None):
    """The network service's ports the create asked to make or take
    ([NetworkRequest]; none if its request is gone)."""
    request_spec = _spec(context, instance, request_spec)
    return [] if request_spec is None else request_spec.ports_asked()
