# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's ports (os-interface): list, show, attach, detach.

With the network service the list is the ports whose device is the
server, as the service has them (``tag`` from 2.70, from the server's
records); an attach makes a port on the network asked for (or takes the
user's port, or the project's only network), binds and plugs it on the
server's host and answers with it; a detach unplugs it and frees it (the
user's own port is unbound, not deleted). With the fixed networks there
is no port: the list is empty, one is not found and attaching is refused
naming the missing service, as Nova answers without one.
"""
from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_attachments as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import network_request

_TAG_FROM = '2.70'


def _view(req, port, tags):
    found = {'net_id': port['network_id'], 'port_id': port['id'],
             'mac_addr': port['mac_address'], 'port_state': port['status'],
             'fixed_ips': [{'ip_address': ip['ip_address'],
                            'subnet_id': ip['subnet_id']}
                           for ip in port.get('fixed_ips', [])]}
    if req.api_version.matches(_TAG_FROM):
        found['tag'] = tags.get(port['id'])
    return found


def _tags(instance):
    return {vif.uuid: vif.tag for vif in instance.vifs if vif.is_port}


@validation.responds(200, responses.interface_attachments, '2.1', '2.69')
@validation.responds(200, responses.interface_attachments_2_70, _TAG_FROM)
def index(req, server_id):
    instance = servers.get(req, server_id, ['vifs'])
    network = req.compute_api.network
    if network.managed:
        return 200, {'interfaceAttachments': []}
    tags = _tags(instance)
    return 200, {'interfaceAttachments': [
        _view(req, port, tags) for port in network.ports_of(instance.uuid)]}


def _no_port(port_id):
    return exception.NotFound(message='Port id %s could not be found.'
                              % port_id)


def _attached_port(req, instance, port_id):
    """The port, if it is the server's; 404 in Nova's words if not."""
    network = req.compute_api.network
    port = None if network.managed else network.port(port_id)
    if port is None:
        raise _no_port(port_id)
    if port['device_id'] != instance.uuid:
        raise exception.NotFound(
            message='Instance %s does not have a port with id %s'
                    % (instance.uuid, port_id))
    return port


@validation.responds(200, responses.interface_attachment, '2.1', '2.69')
@validation.responds(200, responses.interface_attachment_2_70, _TAG_FROM)
def interface(req, server_id, port_id):
    instance = servers.get(req, server_id, ['vifs'])
    port = _attached_port(req, instance, port_id)
    return 200, {'interfaceAttachment': _view(req, port, _tags(instance))}


def _request(req):
    body = req.body_json() or {}
    attachment = body.get('interfaceAttachment') or {}
    network_id, port_id = attachment.get('net_id'), attachment.get('port_id')
    address = (attachment.get('fixed_ips') or [{}])[0].get('ip_address')
    if network_id and port_id:
        raise exception.Invalid(
            message='Must not input both network_id and port_id')
    if address and not network_id:
        raise exception.Invalid(
            message='Must input network_id when request IP address')
    return network_request.NetworkRequest(
        network_id=network_id, port_id=port_id, address=address,
        tag=attachment.get('tag'))


@validation.schema(schema.attach_interface, '2.1', '2.48')
@validation.schema(schema.attach_interface_2_49, '2.49')
@validation.responds(200, responses.interface_attachment, '2.1', '2.69')
@validation.responds(200, responses.interface_attachment_2_70, _TAG_FROM)
def attach_interface(req, server_id):
    instance = servers.get(req, server_id)
    request = _request(req)
    if req.compute_api.network.managed:
        raise exception.ServiceNotDeployed(what='Attaching an interface',
                                           service='network')
    vif = req.compute_api.attach_interface(req.context, instance, request)
    port = req.compute_api.network.port(vif.uuid)
    return 200, {'interfaceAttachment': _view(req, port, {vif.uuid: vif.tag})}


@validation.responds(202, None)
def detach_interface(req, server_id, port_id):
    instance = servers.get(req, server_id, ['vifs'])
    if not any(vif.uuid == port_id for vif in instance.vifs if vif.is_port):
        raise _no_port(port_id)
    req.compute_api.detach_interface(req.context, instance, port_id)
    return 202, None
