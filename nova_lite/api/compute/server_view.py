# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""How a server looks in the API: Nova's body at each microversion.

What a body holds depends on the request's version (2.3 extended
attributes, 2.9 locked, 2.16 host_status, 2.19 description, 2.26 tags,
2.47 the flavor embedded, 2.63 trusted certificates, 2.71 server groups,
2.73 lock reason) and on what the policy lets the caller see. A
``ServerView`` works that out once per request and then shapes each server.
"""
import hashlib
import ipaddress

from nova_lite.api.compute import links
from nova_lite.api import policy
from nova_lite.api.schemas import servers as schema_servers
from nova_lite import network
from nova_lite.objects import fields
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import server_groups
from nova_lite.objects import service as service_obj

_STATUS = {
    fields.VMState.BUILDING: 'BUILD',
    fields.VMState.ACTIVE: 'ACTIVE',
    fields.VMState.STOPPED: 'SHUTOFF',
    fields.VMState.ERROR: 'ERROR',
    fields.VMState.DELETED: 'DELETED',
    fields.VMState.PAUSED: 'PAUSED',
    fields.VMState.SUSPENDED: 'SUSPENDED',
    fields.VMState.SHELVED: 'SHELVED',
    fields.VMState.SHELVED_OFFLOADED: 'SHELVED_OFFLOADED',
    fields.VMState.RESCUED: 'RESCUE',
    fields.VMState.RESIZED: 'VERIFY_RESIZE',
}
_POWER = {0: 0, 1: 1, 3: 3, 4: 4, 6: 6}

EXTENDED_ATTRIBUTES = 'os_compute_api:os-extended-server-attributes'
HOST_STATUS = 'os_compute_api:servers:show:host_status'
FLAVOR_EXTRA_SPECS = 'os_compute_api:os-flavor-extra-specs:index'
PINNED_ZONE_FROM = '2.96'
# The statuses a server body shows its progress in (as Nova's).
_WITH_PROGRESS = frozenset(('ACTIVE', 'BUILD', 'REBUILD', 'RESIZE',
                            'VERIFY_RESIZE', 'MIGRATING'))
IMAGE_PROPERTIES_FROM = '2.98'
HINTS_FROM = '2.100'


# An active server in the middle of a reboot shows the reboot's kind;
# one being moved (active or stopped), the move's step.
_TASK_STATUS = {fields.TaskState.REBOOTING: 'REBOOT',
                fields.TaskState.REBOOTING_HARD: 'HARD_REBOOT'}
_MOVE_STATUS = {fields.TaskState.RESIZE_PREP: 'RESIZE',
                fields.TaskState.RESIZE_MIGRATING: 'RESIZE',
                fields.TaskState.RESIZE_MIGRATED: 'RESIZE',
                fields.TaskState.RESIZE_FINISH: 'RESIZE',
                fields.TaskState.RESIZE_REVERTING: 'REVERT_RESIZE',
                fields.TaskState.MIGRATING: 'MIGRATING'}


def status(instance):
    if instance.task_state in _MOVE_STATUS:
        return _MOVE_STATUS[instance.task_state]
    if (instance.vm_state == fields.VMState.ACTIVE and
            instance.task_state in _TASK_STATUS):
        return _TASK_STATUS[instance.task_state]
    return _STATUS.get(instance.vm_state, 'UNKNOWN')


def vm_states_of(server_status):
    """The vm states a status filter selects (none for an unknown one)."""
    return [state for state, name in _STATUS.items()
            if name == server_status]


def known_status(server_status):
    return server_status in _STATUS.values()


def _time(value):
    return value.strftime('%Y-%m-%dT%H:%M:%SZ') if value else None


def host_id(project_id, host):
    """The id a project sees for a host: the same for its servers on one
    host, telling nothing of the host's name."""
    if not host:
        return ''
    return hashlib.sha224(((project_id or '') + host).encode()).hexdigest()


def addresses(instance, with_mac=True):
    """{network name: [{'addr', 'version', 'OS-EXT-IPS:type',
    'OS-EXT-IPS-MAC:mac_addr'}]}, the server's fixed addresses in vNIC
    order; without ``with_mac`` (the /ips view) only 'addr' and
    'version'."""
    found = {}
    for vif in instance.vifs:
        for address in vif.addresses():
            if not address:
                continue  # a port without a fixed address yet
            entry = {'version': ipaddress.ip_address(address).version,
                     'addr': address}
            if with_mac:
                entry.update({'OS-EXT-IPS:type': 'fixed',
                              'OS-EXT-IPS-MAC:mac_addr': vif.mac})
            found.setdefault(vif.network_name, []).append(entry)
    return found


def security_groups(instance):
    """[{'name'}] of the server's groups: its ports' (the network
    service's), else the default group every server is in."""
    return [{'name': name}
            for name in network.security_group_names(instance.vifs)]


def brief(req, instance):
    return {'id': instance.uuid, 'name': instance.display_name,
            'links': links.links(req, 'servers', instance.uuid)}


def shows_extended(req):
    """Whether the caller sees host, hypervisor and fault details."""
    return policy.check(req.context, EXTENDED_ATTRIBUTES)


def _fault(fault, extended):
    body = {'code': fault.code, 'message': fault.message,
            'created': _time(fault.created_at)}
    if extended and fault.details:
        body['details'] = fault.details
    return body


def _host_status(service, down_time):
    if service is None:
        return 'UNKNOWN'
    if not service.is_up(down_time):
        return 'DOWN'
    return 'MAINTENANCE' if service.disabled else 'UP'


_NOT_REDUCED_PREFIXES = ('OS-EXT-AZ:', 'OS-EXT-SRV-ATTR:', 'OS-EXT-STS:',
                         'OS-SRV-USG:', 'os-extended-volumes:')
_NOT_REDUCED = frozenset(('config_drive', 'key_name', 'security_groups',
                          'host_status'))
_EXTENDED_ADDRESS = ('OS-EXT-IPS:type', 'OS-EXT-IPS-MAC:mac_addr')


def _reduced(body):
    """A full server body cut to what PUT and rebuild answered below
    2.75 (the hostname, shown to everyone from 2.90, is not there yet)."""
    reduced = {key: value for key, value in body.items()
               if key not in _NOT_REDUCED and
               not key.startswith(_NOT_REDUCED_PREFIXES)}
    reduced['addresses'] = {
        label: [{k: v for k, v in address.items()
                 if k not in _EXTENDED_ADDRESS} for address in addresses]
        for label, addresses in body['addresses'].items()}
    return reduced


class ServerView:
    """Shapes servers for one request."""

    def __init__(self, req):
        self.req = req
        self.version = req.api_version
        self.extended = shows_extended(req)
        self.host_status = (self.at('2.16') and
                            policy.check(req.context, HOST_STATUS))
        self.flavor_specs = (self.at('2.47') and
                             policy.check(req.context, FLAVOR_EXTRA_SPECS))
        self._services = None
        self._specs = {}

    def at(self, version):
        return self.version.matches(version)

    def expected_attrs(self):
        """What to load with each instance for a detailed body."""
        return ['flavor', 'fault', 'metadata', 'vifs'] + (
            ['tags'] if self.at('2.26') else []) + (
            ['image_properties'] if self.at(IMAGE_PROPERTIES_FROM) else [])

    def brief(self, instance):
        return brief(self.req, instance)

    def prefetch(self, instances):
        """Read at once what the detailed bodies of ``instances`` show of
        their request specs (the zone each is pinned to, 2.96, and the
        scheduler hints it was created with, 2.100), instead of once per
        server."""
        if self.at(PINNED_ZONE_FROM):
            self._specs.update(request_spec_obj.shown_of_instances(
                self.req.context, [i.uuid for i in instances]))

    def show(self, instance):
        """A detailed body, plus what only the single-server view has."""
        body = self.detail(instance)
        if self.at('2.71'):
            body['server_groups'] = server_groups.of_server(
                self.req.context, instance.uuid)
        return body

    def changed(self, instance, rebuilt=False):
        """The body ``PUT /servers/{id}`` and a rebuild answer with: below
        2.75 Nova's reduced view (no zone, config drive, key, security
        groups, extended status, usage, volumes, host status or extended
        attributes, and addresses without their type and MAC; 2.71's
        server groups are there), from 2.75 the full one. A
        rebuild's user data is ``user_data`` from 2.57, not an extended
        attribute."""
        body = self.show(instance)
        if not self.at('2.75'):
            body = _reduced(body)
        if rebuilt:
            body.pop('OS-EXT-SRV-ATTR:user_data', None)
            if self.at('2.57'):
                body['user_data'] = instance.user_data
        return body

    def detail(self, instance):
        body = brief(self.req, instance)
        body.update(self._base(instance))
        if body['status'] in _WITH_PROGRESS:
            body['progress'] = 0
        body['flavor'] = self._flavor(instance.flavor)
        if self.extended:
            body.update(self._extended(instance))
        elif self.at(schema_servers.HOSTNAME_FROM):
            # Everyone may read the hostname they can set (2.90).
            body['OS-EXT-SRV-ATTR:hostname'] = instance.hostname
        if instance.vm_state == fields.VMState.ERROR and instance.fault:
            body['fault'] = _fault(instance.fault, self.extended)
        body.update(self._versioned(instance))
        return body

    def _image(self, instance):
        """{'id', 'links'} of the image booted from, or '' (none); from
        2.98 with the image's ``properties`` as the server keeps them."""
        if not instance.image_ref:
            return ''
        image = {'id': instance.image_ref, 'links': links.links(
            self.req, 'images', instance.image_ref)[1:]}
        if self.at(IMAGE_PROPERTIES_FROM):
            image['properties'] = dict(instance.image_properties or {})
        return image

    def _base(self, instance):
        return {
            'status': status(instance),
            'tenant_id': instance.project_id, 'user_id': instance.user_id,
            'metadata': dict(instance.metadata),
            'hostId': host_id(instance.project_id, instance.host),
            'image': self._image(instance),
            'created': _time(instance.created_at),
            'updated': _time(instance.updated_at or instance.created_at),
            'addresses': addresses(instance),
            'accessIPv4': instance.access_ip_v4 or '',
            'accessIPv6': instance.access_ip_v6 or '',
            'OS-DCF:diskConfig': 'AUTO' if instance.auto_disk_config
            else 'MANUAL',
            'OS-EXT-AZ:availability_zone': instance.availability_zone or
            self.req.conf.default_availability_zone,
            'config_drive': instance.config_drive or '',
            'key_name': instance.key_name,
            'security_groups': security_groups(instance),
            'os-extended-volumes:volumes_attached': [],
            'OS-EXT-STS:vm_state': instance.vm_state,
            'OS-EXT-STS:task_state': instance.task_state,
            'OS-EXT-STS:power_state': _POWER.get(instance.power_state or 0,
                                                 0),
            'OS-SRV-USG:launched_at': _time(instance.launched_at),
            'OS-SRV-USG:terminated_at': _time(instance.terminated_at),
        }

    def _flavor(self, flavor):
        if not self.at('2.47'):
            return {'id': flavor.flavorid,
                    'links': links.links(self.req, 'flavors',
                                         flavor.flavorid)[1:]}
        body = {'original_name': flavor.name, 'ram': flavor.memory_mb,
                'vcpus': flavor.vcpus, 'disk': flavor.root_gb,
                'ephemeral': flavor.ephemeral_gb, 'swap': flavor.swap or 0}
        if self.flavor_specs:
            body['extra_specs'] = dict(flavor.extra_specs)
        return body

    def _extended(self, instance):
        body = {
            'OS-EXT-SRV-ATTR:host': instance.host,
            'OS-EXT-SRV-ATTR:hypervisor_hostname': instance.node,
            'OS-EXT-SRV-ATTR:instance_name': instance.name_from(
                self.req.conf.instance_name_template),
        }
        if self.at('2.3'):
            body.update({
                'OS-EXT-SRV-ATTR:reservation_id': instance.reservation_id,
                'OS-EXT-SRV-ATTR:launch_index': instance.launch_index or 0,
                'OS-EXT-SRV-ATTR:hostname': instance.hostname,
                'OS-EXT-SRV-ATTR:kernel_id': '',
                'OS-EXT-SRV-ATTR:ramdisk_id': '',
                # The guest's first disk, on virtio, once it was built.
                'OS-EXT-SRV-ATTR:root_device_name':
                '/dev/vda' if instance.launched_at else None,
                'OS-EXT-SRV-ATTR:user_data': instance.user_data,
            })
        return body

    def _versioned(self, instance):
        body = {}
        if self.at('2.9'):
            body['locked'] = instance.locked
        if self.host_status:
            body['host_status'] = self._status_of_host(instance.host)
        if self.at('2.19'):
            body['description'] = instance.display_description
        if self.at('2.26'):
            body['tags'] = list(instance.tags)
        if self.at('2.63'):
            body['trusted_image_certificates'] = None
        if self.at('2.73'):
            body['locked_reason'] = instance.locked_reason
        if self.at(PINNED_ZONE_FROM):
            asked = self._asked(instance)
            body['pinned_availability_zone'] = asked.get('availability_zone')
            if self.at(HINTS_FROM):
                body['scheduler_hints'] = dict(
                    asked.get('scheduler_hints') or {})
        return body

    def _asked(self, instance):
        """What the server's request spec says of its zone and hints
        ({} for a server made without one)."""
        if instance.uuid not in self._specs:
            self.prefetch([instance])
        return self._specs.get(instance.uuid) or {}

    def _status_of_host(self, host):
        if not host:
            return ''
        if self._services is None:
            self._services = {s.host: s for s in
                              service_obj.ServiceList.get_all(
                                  self.req.context,
                                  binary=service_obj.COMPUTE_BINARY)}
        return _host_status(self._services.get(host),
                            self.req.conf.service_down_time)
