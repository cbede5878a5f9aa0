# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's volume attachments (os-volume_attachments), its vNICs
(os-virtual-interfaces, to 2.43), its admin password (os-server-password)
and its NUMA topology (2.78); its ports are server_interfaces'.

Without a block-storage service a server has no volume: the list is
empty, one attachment is not found, and attaching is refused naming the
missing service (400). The password is the one a
guest agent posts through the metadata service, which there is none of:
empty. A server without a NUMA topology has no nodes.
"""
from nova_lite.api.compute import servers
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_attachments as schema
from nova_lite.api import validation
from nova_lite import exception


@validation.responds(200, responses.volume_attachments)
def volumes(req, server_id):
    servers.get(req, server_id)
    return 200, {'volumeAttachments': []}


@validation.schema(schema.attach_volume, '2.1', '2.48')
@validation.schema(schema.attach_volume_2_49, '2.49', '2.78')
@validation.schema(schema.attach_volume_2_79, '2.79')
@validation.responds(200, None)
def attach_volume(req, server_id):
    servers.get(req, server_id)
    raise exception.ServiceNotDeployed(
        what='Attaching volume %s' % req.body_json()['volumeAttachment'][
            'volumeId'], service='block-storage')


def _no_volume(req, server_id, volume_id):
    servers.get(req, server_id)
    raise exception.NotFound(
        message='No volume Block Device Mapping with id %s.' % volume_id)


@validation.responds(200, None)
def volume(req, server_id, volume_id):
    _no_volume(req, server_id, volume_id)


@validation.schema(schema.swap_volume)
@validation.responds(202, None)
def swap_volume(req, server_id, volume_id):
    _no_volume(req, server_id, volume_id)


@validation.responds(202, None)
def detach_volume(req, server_id, volume_id):
    _no_volume(req, server_id, volume_id)


@microversion.since('2.1', '2.43')
@validation.responds(200, responses.virtual_interfaces, '2.1', '2.11')
@validation.responds(200, responses.virtual_interfaces_2_12, '2.12')
def virtual_interfaces(req, server_id):
    """The server's vNICs as Nova listed nova-network's: id and MAC, and
    from 2.12 the network's id."""
    instance = servers.get(req, server_id, ['vifs'])
    found = []
    for vif in instance.vifs:
        entry = {'id': vif.uuid, 'mac_address': vif.mac}
        if req.api_version.matches('2.12'):
            entry['OS-EXT-VIF-NET:net_id'] = _network_id(req, vif)
        found.append(entry)
    return 200, {'virtual_interfaces': found}


def _network_id(req, vif):
    """The id of the vNIC's network: a port's is its network's own, a
    fixed network's is made from its name."""
    if vif.is_port:
        return vif.network
    network = req.compute_api.networks.by_name(vif.network)
    return network.id if network else None


@validation.responds(200, responses.server_password)
def password(req, server_id):
    servers.get(req, server_id)
    return 200, {'password': ''}


@validation.responds(204, None)
def clear_password(req, server_id):
    servers.get(req, server_id)
    return 204, None


@microversion.since('2.78')
@validation.responds(200, responses.server_topology)
def topology(req, server_id):
    servers.get(req, server_id)
    return 200, {'nodes': [], 'pagesize_kb': None}
