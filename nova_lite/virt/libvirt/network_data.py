# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``network_data.json``: a guest's vNICs and addresses, in OpenStack's
format (what cloud-init and the demo guest read from the config drive).

A link per vNIC (its tap device's name as id, its MAC), a network per
address (static, with its subnet's mask), the default route through the
first vNIC's gateway only, so a guest with several vNICs has one default
route. A network service's port is configured by its DHCP (``ipv4_dhcp``),
which knows the port's subnet and routes.
"""
from nova_lite.virt.libvirt import interfaces

_MTU = 1500


def build(vifs, networks):
    links, found = [], []
    for index, vif in enumerate(vifs):
        link = interfaces.tap_name(vif)
        links.append({'id': link, 'vif_id': vif.uuid,
                      'type': 'ovs' if vif.is_port else 'bridge',
                      'mtu': _MTU, 'ethernet_mac_address': vif.mac})
        if vif.is_port:
            found.append({'id': 'network%d' % index, 'link': link,
                          'type': 'ipv4_dhcp', 'network_id': vif.network})
            continue
        network = networks.by_name(vif.network)
        if network is None:  # declared no more: the guest keeps the link
            continue
        found.append({
            'id': 'network%d' % index, 'link': link,
            'type': 'ipv%d' % network.version, 'ip_address': vif.address,
            'netmask': str(network.cidr.netmask),
            'network_id': network.id,
            'routes': _default_route(network) if not found else [],
            'services': []})
    return {'links': links, 'networks': found, 'services': []}


def _default_route(network):
    anywhere = '0.0.0.0' if network.version == 4 else '::'
    return [{'network': anywhere, 'netmask': anywhere,
             'gateway': str(network.gateway)}]
