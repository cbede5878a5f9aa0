# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The network proxy APIs (to 2.35): os-networks and os-tenant-networks
list and show the fixed networks of ``[networks]``.

Nova answers them for the networks of its network service; here they are
the operator's fixed networks, with the values Nova's fields have for
them (a network's id is its stable uuid, its label its name). Creating,
deleting or associating networks worked only with nova-network: Nova
answers those 410 at every version, and so does this API (the networks
are the operator's config).
"""
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception

LAST = '2.35'
_ADMIN_FIELDS = ('created_at', 'updated_at', 'deleted_at', 'deleted',
                 'injected', 'bridge', 'vlan', 'vpn_public_address',
                 'vpn_public_port', 'vpn_private_address', 'dhcp_start',
                 'project_id', 'host', 'bridge_interface', 'multi_host',
                 'priority', 'rxtx_base', 'mtu', 'dhcp_server',
                 'enable_dhcp', 'share_address')


def _addressing(network):
    """cidr, netmask, gateway, broadcast and their _v6 fields: the
    network's in its IP version's, None in the other's."""
    cidr = network.cidr
    values = {'cidr': str(cidr), 'netmask': str(cidr.netmask),
              'gateway': str(network.gateway)}
    if network.version == 6:
        return dict({key + '_v6': value for key, value in values.items()},
                    cidr=None, netmask=None, gateway=None, broadcast=None)
    return dict(values, broadcast=str(cidr.broadcast_address), cidr_v6=None,
                netmask_v6=None, gateway_v6=None)


def _view(req, network):
    view = dict(_addressing(network), id=network.id, label=network.name,
                dns1=None, dns2=None)
    if req.context.is_admin:
        view.update({field: None for field in _ADMIN_FIELDS})
        view.update(deleted=False, injected=False, multi_host=False,
                    enable_dhcp=False, share_address=False,
                    dhcp_start=str(network.first_for_servers))
    return view


def _find(req, network_id):
    found = next((n for n in req.compute_api.networks.networks
                  if n.id == network_id), None)
    if found is None:
        raise exception.NetworkNotFound()
    return found


@microversion.since('2.1', LAST)
@validation.responds(200, responses.networks)
def index(req):
    return 200, {'networks': [_view(req, network) for network
                              in req.compute_api.networks.networks]}


@microversion.since('2.1', LAST)
@validation.responds(200, responses.network)
def show(req, network_id):
    return 200, {'network': _view(req, _find(req, network_id))}


def _tenant_view(network):
    return {'id': network.id, 'cidr': str(network.cidr),
            'label': network.name}


@microversion.since('2.1', LAST)
@validation.responds(200, responses.tenant_networks)
def tenant_index(req):
    return 200, {'networks': [_tenant_view(network) for network
                              in req.compute_api.networks.networks]}


@microversion.since('2.1', LAST)
@validation.responds(200, responses.tenant_network)
def tenant_show(req, network_id):
    return 200, {'network': _tenant_view(_find(req, network_id))}


@validation.responds(410, responses.error)
def gone(req, **_ids):
    """create, delete, add, associate and disassociate: nova-network's.
    Whatever the body (Nova's schemas for them are empty), 410."""
    raise exception.Gone()


gone.no_body = True
