# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A resource plugin's vNICs with guaranteed bandwidth, as ports of the
network service.

Where the service holds guaranteed bandwidth in placement, a VietStack
vNIC's rate becomes a port of its own, made before the server is
scheduled, on the project's (or a shared) network of the vNIC's physical
network, with a QoS policy of the rate: minimum-bandwidth rules, whose
resource request the scheduler places with the server as any such
port's, and bandwidth-limit rules, which hold the vNIC to its rate in
the data plane as the fixed networks shape a vNIC's tap.
"""
from nova_lite import exception
from nova_lite.objects import network_request


class BandwidthPorts:

    def __init__(self, client):
        self.client = client

    def ports(self, instance, made, asks):
        """[NetworkRequest] of a port for each of ``asks``
        (resources.BandwidthAsk): the one of its name among ``made`` (the
        server's ports: an earlier run made it), or one made now."""
        made = {port['name']: port for port in made}
        requests = []
        for ask in asks:
            port = made.get(ask.name) or self._port(instance, ask)
            requests.append(network_request.NetworkRequest(
                port_id=port['id'], network_id=port['network_id'],
                resource_request=port.get('resource_request') or None,
                owned=True, outbound_rate=ask.egress,
                inbound_rate=ask.ingress))
        return requests

    def _port(self, instance, ask):
        network = self._network_on(instance, ask)
        return self.client.create('ports', {
            'name': ask.name, 'network_id': network['id'],
            'project_id': instance.project_id, 'device_id': instance.uuid,
            'device_owner': 'compute:%s' % (
                instance.availability_zone or 'nova'),
            'binding:vnic_type': ask.vnic_type,
            'qos_policy_id': self._rate_policy(instance.project_id,
                                               ask.egress, ask.ingress)})

    def _network_on(self, instance, ask):
        """The network a vNIC's port goes on: the one on its physical
        network (any, if it names none) of the server's project, or
        shared."""
        filters = ({'provider:physical_network': ask.physical_network}
                   if ask.physical_network else {})
        found = sorted(
            (network for network in self.client.list('networks', **filters)
             if network['project_id'] == instance.project_id or
             network.get('shared')),
            key=lambda n: (not n['project_id'] == instance.project_id,
                           n['id']))
        if not found:
            raise exception.NoServiceNetworkOnPhysicalNetwork(
                vnic=ask.name, project_id=instance.project_id,
                physical_network=ask.physical_network or 'any')
        return found[0]

    def _rate_policy(self, project_id, egress, ingress):
        """The project's QoS policy of a VietStack rate: ``egress`` and
        ``ingress`` kbit/s guaranteed (minimum bandwidth, in placement)
        and not exceeded (bandwidth limit, in the data plane). Made once,
        then shared by the vNICs asking the same."""
        name = 'vietstack-rate-%d-%d' % (egress, ingress)
        for policy in self.client.list('qos/policies', name=name,
                                       project_id=project_id):
            return policy['id']
        policy = self.client.create('qos/policies', {
            'name': name, 'project_id': project_id,
            'description': 'The rates of VietStack vNICs'})
        rules = 'qos/policies/%s/%%s_rules' % policy['id']
        for direction, kbps in (('egress', egress), ('ingress', ingress)):
            if kbps:
                self.client.create(rules % 'minimum_bandwidth', {
                    'min_kbps': kbps, 'direction': direction})
                self.client.create(rules % 'bandwidth_limit', {
                    'max_kbps': kbps, 'direction': direction})
        return policy['id']
