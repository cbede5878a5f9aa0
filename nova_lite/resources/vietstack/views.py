# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack as admins see it (ours, not OpenStack's), served by the
compute API as the plugin's admin views:

- ``GET /servers/{server_id}/vietstack``: the server's vNICs, what each
  asks in each direction, and the NIC of its host that serves it (null
  until the server is placed);
- ``GET /os-hypervisors/{hypervisor_id}/vietstack``: the host's NICs, with
  total, reserved and used rate and size per direction, and how many vNICs
  each serves.
"""
from nova_lite.objects import vietstack as vietstack_obj


def _object(properties):
    return {'type': 'object', 'properties': properties,
            'required': list(properties), 'additionalProperties': False}


_nullable_string = {'type': ['string', 'null']}
_flow = _object({'rate': {'type': 'integer'}, 'size': {'type': 'integer'}})
SERVER_SCHEMA = _object({'vnics': {'type': 'array', 'items': _object({
    'index': {'type': 'integer'},
    'physical_network': _nullable_string,
    'type': _nullable_string,
    'nic': _nullable_string,
    'outbound': _flow, 'inbound': _flow})}})
_nic_amount = _object({'total': {'type': 'integer'},
                       'reserved': {'type': 'integer'},
                       'used': {'type': 'integer'}})
_nic_direction = _object({'rate': _nic_amount, 'size': _nic_amount})
HOST_SCHEMA = _object({
    'hypervisor_hostname': {'type': 'string'},
    'nics': {'type': 'array', 'items': _object({
        'name': {'type': 'string'},
        'physical_network': {'type': 'string'},
        'vnic_types': {'type': 'array', 'items': {'type': 'string'}},
        'vnics': {'type': 'integer'},
        'outbound': _nic_direction, 'inbound': _nic_direction})}})


def server(instance):
    request = instance.vietstack_request
    return {'vnics': [_vnic(index, vnic) for index, vnic in
                      enumerate(request.vnics if request else [])]}


def _vnic(index, vnic):
    body = {'index': index, 'physical_network': vnic.physical_network,
            'type': vnic.type, 'nic': vnic.nic}
    for direction in vietstack_obj.DIRECTIONS:
        flow = getattr(vnic, direction)[0]
        body[direction] = {'rate': flow.rate, 'size': flow.size}
    return body


def host(node):
    stat = node.vietstack_stat
    return {'hypervisor_hostname': node.hypervisor_hostname,
            'nics': [_nic(nic) for nic in (stat.nics if stat else [])]}


def _nic(nic):
    body = {'name': nic.name, 'physical_network': nic.physical_network,
            'vnic_types': list(nic.vnic_types), 'vnics': nic.vnics}
    for direction in vietstack_obj.DIRECTIONS:
        body[direction] = {unit: {
            'total': getattr(nic, '%s_%s' % (direction, unit)),
            'reserved': getattr(nic, 'reserved_%s' % unit),
            'used': getattr(nic, '%s_%s_used' % (direction, unit))}
            for unit in ('rate', 'size')}
    return body
