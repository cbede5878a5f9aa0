"""VietStack, as admins see it (ours, not OpenStack's):

- ``GET /servers/{server_id}/vietstack``: the server's vNICs, what each
  asks in each direction, and the NIC of its host that serves it (null
  until the server is placed);
- ``GET /os-hypervisors/{hypervisor_id}/vietstack``: the host's NICs, with
  total, reserved and used rate and size per direction, and how many vNICs
  each serves.
"""
from nova_lite.api.compute import hypervisors
from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite.objects import vietstack as vietstack_obj


@validation.responds(200, responses.vietstack_server)
def server(req, server_id):
    instance = servers.get(req, server_id, ['vietstack_request'])
    request = instance.vietstack_request
    return 200, {'vietstack': {'vnics': [
        _vnic(index, vnic)
        for index, vnic in enumerate(request.vnics if request else [])]}}


def _vnic(index, vnic):
    body = {'index': index, 'physical_network': vnic.physical_network,
            'type': vnic.type, 'nic': vnic.nic}
    for direction in vietstack_obj.DIRECTIONS:
        flow = getattr(vnic, direction)[0]
        body[direction] = {'rate': flow.rate, 'size': flow.size}
    return body


@validation.responds(200, responses.vietstack_host)
def host(req, hypervisor_id):
    node = hypervisors.get(req, hypervisor_id)
    stat = node.vietstack_stat
    return 200, {'vietstack': {
        'hypervisor_hostname': node.hypervisor_hostname,
        'nics': [_nic(nic) for nic in (stat.nics if stat else [])]}}


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
