"""How a server looks in the API: Nova's body, status and fault."""
import hashlib

from nova_lite.api.compute import links
from nova_lite.api import policy
from nova_lite.objects import fields

_STATUS = {
    fields.VMState.BUILDING: 'BUILD',
    fields.VMState.ACTIVE: 'ACTIVE',
    fields.VMState.STOPPED: 'SHUTOFF',
    fields.VMState.ERROR: 'ERROR',
    fields.VMState.DELETED: 'DELETED',
}
_POWER = {0: 0, 1: 1, 3: 3, 4: 4, 6: 6}


def status(instance):
    return _STATUS.get(instance.vm_state, 'UNKNOWN')


def vm_states_of(server_status):
    """The vm states a status filter selects (none for an unknown one)."""
    return [state for state, name in _STATUS.items()
            if name == server_status]


def _time(value):
    return value.strftime('%Y-%m-%dT%H:%M:%SZ') if value else None


def _host_id(instance):
    if not instance.host:
        return ''
    return hashlib.sha224(
        (instance.project_id + instance.host).encode()).hexdigest()


def brief(req, instance):
    return {'id': instance.uuid, 'name': instance.display_name,
            'links': links.links(req, 'servers', instance.uuid)}


EXTENDED_ATTRIBUTES = 'os_compute_api:os-extended-server-attributes'


def _fault(fault, extended):
    body = {'code': fault.code, 'message': fault.message,
            'created': _time(fault.created_at)}
    if extended and fault.details:
        body['details'] = fault.details
    return body


def shows_extended(req):
    """Whether the caller sees host, hypervisor and fault details."""
    return policy.check(req.context, EXTENDED_ATTRIBUTES)


def detail(req, instance, extended):
    body = brief(req, instance)
    body.update({
        'status': status(instance),
        'tenant_id': instance.project_id, 'user_id': instance.user_id,
        'metadata': {}, 'hostId': _host_id(instance), 'image': '',
        'flavor': {'id': instance.flavor.flavorid,
                   'links': links.links(req, 'flavors',
                                        instance.flavor.flavorid)[1:]},
        'created': _time(instance.created_at),
        'updated': _time(instance.updated_at or instance.created_at),
        'addresses': {}, 'accessIPv4': '', 'accessIPv6': '',
        'OS-DCF:diskConfig': 'MANUAL', 'progress': 0,
        'OS-EXT-AZ:availability_zone': 'nova', 'config_drive': '',
        'key_name': None, 'security_groups': [{'name': 'default'}],
        'os-extended-volumes:volumes_attached': [],
        'OS-EXT-STS:vm_state': instance.vm_state,
        'OS-EXT-STS:task_state': instance.task_state,
        'OS-EXT-STS:power_state': _POWER.get(instance.power_state or 0, 0),
        'OS-SRV-USG:launched_at': _time(instance.launched_at),
        'OS-SRV-USG:terminated_at': _time(instance.terminated_at),
    })
    if extended:
        body.update({
            'OS-EXT-SRV-ATTR:host': instance.host,
            'OS-EXT-SRV-ATTR:hypervisor_hostname': instance.node,
            'OS-EXT-SRV-ATTR:instance_name': 'instance-%08x' % instance.id,
        })
    if instance.vm_state == fields.VMState.ERROR and instance.fault:
        body['fault'] = _fault(instance.fault, extended)
    return body
