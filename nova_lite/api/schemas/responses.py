# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Response schemas: what each handler answers with, for the OpenAPI
document and for the tests that check every response against it."""
from nova_lite.objects import external_event

_link = {'type': 'object', 'properties': {
    'rel': {'type': 'string'}, 'href': {'type': 'string'},
    'type': {'type': 'string'}},
    'required': ['rel', 'href'], 'additionalProperties': False}
_links = {'type': 'array', 'items': _link}
_nullable_string = {'type': ['string', 'null']}
_time = {'type': ['string', 'null']}


def _object(properties, required=None, additional=False):
    return {'type': 'object', 'properties': properties,
            'required': list(required if required is not None
                             else properties),
            'additionalProperties': additional}


_address = _object({'addr': {'type': 'string'},
                    'version': {'type': 'integer', 'enum': [4, 6]}})
_server_addresses = {'type': 'object', 'additionalProperties': {
    'type': 'array', 'items': _object(dict(
        _address['properties'],
        **{'OS-EXT-IPS:type': {'type': 'string',
                               'enum': ['fixed', 'floating']},
           'OS-EXT-IPS-MAC:mac_addr': {'type': 'string'}}))}}


def wrap(key, schema, **extra):
    """An object holding ``schema`` under ``key`` (as every body is)."""
    return _object(dict({key: schema}, **extra), required=[key])


flavor_brief = _object({'id': {'type': 'string'}, 'name': {'type': 'string'},
                        'links': _links, 'description': _nullable_string},
                       required=['id', 'name', 'links'])
flavor = _object(dict(flavor_brief['properties'], **{
    'ram': {'type': 'integer'}, 'vcpus': {'type': 'integer'},
    'disk': {'type': 'integer'},
    'OS-FLV-EXT-DATA:ephemeral': {'type': 'integer'},
    'swap': {'type': ['integer', 'string']},
    'rxtx_factor': {'type': 'number'},
    'OS-FLV-DISABLED:disabled': {'type': 'boolean'},
    'os-flavor-access:is_public': {'type': 'boolean'},
    'description': _nullable_string,
    'extra_specs': {'type': 'object',
                    'additionalProperties': {'type': 'string'}}}),
    required=flavor_brief['required'] + [
        'ram', 'vcpus', 'disk', 'OS-FLV-EXT-DATA:ephemeral', 'swap',
        'rxtx_factor', 'OS-FLV-DISABLED:disabled',
        'os-flavor-access:is_public'])
flavor_one = wrap('flavor', flavor)
flavor_list = wrap('flavors', {'type': 'array', 'items': flavor_brief},
                   flavors_links=_links)
flavor_detail_list = wrap('flavors', {'type': 'array', 'items': flavor},
                          flavors_links=_links)
# From 2.102 without rxtx_factor.
flavor_2_102 = _object(
    {k: v for k, v in flavor['properties'].items() if k != 'rxtx_factor'},
    required=[k for k in flavor['required'] if k != 'rxtx_factor'])
flavor_one_2_102 = wrap('flavor', flavor_2_102)
flavor_detail_list_2_102 = wrap(
    'flavors', {'type': 'array', 'items': flavor_2_102},
    flavors_links=_links)

extra_specs = wrap('extra_specs', {'type': 'object',
                                   'additionalProperties': {
                                       'type': 'string'}})
extra_spec = {'type': 'object', 'minProperties': 1, 'maxProperties': 1,
              'additionalProperties': {'type': 'string'}}

flavor_access = wrap('flavor_access', {'type': 'array', 'items': _object({
    'flavor_id': {'type': 'string'}, 'tenant_id': {'type': 'string'}})})

server_brief = _object({'id': {'type': 'string'}, 'name': {'type': 'string'},
                        'links': _links})
_fault = _object({'code': {'type': 'integer'}, 'message': {'type': 'string'},
                  'created': _time, 'details': {'type': 'string'}},
                 required=['code', 'message', 'created'])
server = {'type': 'object', 'properties': dict(
    server_brief['properties'], **{
        'status': {'type': 'string', 'enum': [
            'BUILD', 'ACTIVE', 'SHUTOFF', 'REBOOT', 'HARD_REBOOT', 'ERROR',
            'DELETED', 'PAUSED', 'SUSPENDED', 'SHELVED',
            'SHELVED_OFFLOADED', 'RESCUE', 'RESIZE', 'VERIFY_RESIZE',
            'REVERT_RESIZE', 'MIGRATING', 'UNKNOWN']},
        'tenant_id': _nullable_string, 'user_id': _nullable_string,
        'metadata': {'type': 'object'}, 'hostId': {'type': 'string'},
        'image': {'oneOf': [{'type': 'string', 'enum': ['']}, _object(
            {'id': {'type': 'string'}, 'links': _links,
             # 2.98: as the server keeps them.
             'properties': {'type': 'object', 'additionalProperties': {
                 'type': 'string'}}}, required=['id', 'links'])]},
        'flavor': _object({'id': {'type': 'string'}, 'links': _links}),
        'created': _time, 'updated': _time,
        'addresses': _server_addresses, 'fault': _fault,
        'OS-EXT-STS:vm_state': _nullable_string,
        'OS-EXT-STS:task_state': _nullable_string,
        'OS-EXT-STS:power_state': {'type': 'integer'},
        'OS-EXT-SRV-ATTR:host': _nullable_string,
        'OS-EXT-SRV-ATTR:hypervisor_hostname': _nullable_string,
        'OS-EXT-SRV-ATTR:instance_name': {'type': 'string'},
        'OS-EXT-SRV-ATTR:reservation_id': _nullable_string,
        'OS-EXT-SRV-ATTR:launch_index': {'type': 'integer'},
        'OS-EXT-SRV-ATTR:hostname': _nullable_string,
        'locked': {'type': 'boolean'},
        'locked_reason': _nullable_string,
        'host_status': {'type': 'string', 'enum': [
            '', 'UP', 'DOWN', 'MAINTENANCE', 'UNKNOWN']},
        'description': _nullable_string,
        'tags': {'type': 'array', 'items': {'type': 'string'}},
        'trusted_image_certificates': {'type': ['array', 'null']},
        'server_groups': {'type': 'array'},
        'pinned_availability_zone': _nullable_string,
        'scheduler_hints': {'type': 'object'},
    }), 'required': ['id', 'name', 'links', 'status', 'tenant_id',
                     'user_id', 'flavor', 'created', 'updated'],
    'additionalProperties': True}
server_one = wrap('server', server)
server_list = wrap('servers', {'type': 'array', 'items': server_brief},
                   servers_links=_links)
server_detail_list = wrap('servers', {'type': 'array', 'items': server},
                          servers_links=_links)
# From 2.47 the flavor is embedded rather than linked.
_embedded_flavor = _object(
    {'original_name': {'type': 'string'}, 'ram': {'type': 'integer'},
     'vcpus': {'type': 'integer'}, 'disk': {'type': 'integer'},
     'ephemeral': {'type': 'integer'}, 'swap': {'type': 'integer'},
     'extra_specs': {'type': 'object',
                     'additionalProperties': {'type': 'string'}}},
    required=['original_name', 'ram', 'vcpus', 'disk', 'ephemeral',
              'swap'])
server_2_47 = dict(server, properties=dict(server['properties'],
                                           flavor=_embedded_flavor))
server_one_2_47 = wrap('server', server_2_47)
server_detail_list_2_47 = wrap('servers', {'type': 'array',
                                           'items': server_2_47},
                               servers_links=_links)
server_created = {'oneOf': [
    wrap('server', _object({
        'id': server_brief['properties']['id'],
        'links': server_brief['properties']['links'],
        'OS-DCF:diskConfig': {'type': 'string', 'enum': ['AUTO', 'MANUAL']},
        'security_groups': {'type': 'array'},
        'adminPass': {'type': 'string'}},
        required=['id', 'links', 'OS-DCF:diskConfig', 'security_groups'])),
    _object({'reservation_id': {'type': 'string'}}),
]}
tags = wrap('tags', {'type': 'array', 'items': {'type': 'string'}})

_hypervisor_servers = {'type': 'array', 'items': _object({
    'uuid': {'type': 'string'}, 'name': _nullable_string})}
hypervisor_brief = _object({
    'id': {'type': ['integer', 'string']},
    'hypervisor_hostname': {'type': 'string'},
    'state': {'type': 'string', 'enum': ['up', 'down']},
    'status': {'type': 'string', 'enum': ['enabled', 'disabled']},
    'servers': _hypervisor_servers},
    required=['id', 'hypervisor_hostname', 'state', 'status'])
hypervisor = {'type': 'object', 'properties': dict(
    hypervisor_brief['properties'], **{
        name: {'type': 'integer'} for name in (
            'vcpus', 'vcpus_used', 'memory_mb', 'memory_mb_used', 'local_gb',
            'local_gb_used', 'free_ram_mb', 'free_disk_gb', 'running_vms')},
    cpu_info={'type': ['string', 'object']}, host_ip=_nullable_string),
    'required': ['id', 'hypervisor_hostname', 'state', 'status', 'vcpus',
                 'memory_mb', 'local_gb', 'running_vms'],
    'additionalProperties': True}
hypervisor_list = wrap('hypervisors', {'type': 'array',
                                       'items': hypervisor_brief},
                       hypervisors_links=_links)
hypervisor_detail_list = wrap('hypervisors', {'type': 'array',
                                              'items': hypervisor},
                              hypervisors_links=_links)
hypervisor_one = wrap('hypervisor', hypervisor)
# 2.88: no capacity or usage figures; the single hypervisor's uptime.
_hypervisor_2_88 = _object(dict(
    hypervisor_brief['properties'],
    hypervisor_type={'type': 'string'},
    hypervisor_version={'type': 'integer'}, host_ip=_nullable_string,
    service=_object({'host': {'type': 'string'},
                     'id': {'type': ['integer', 'string', 'null']},
                     'disabled_reason': _nullable_string})),
    required=hypervisor_brief['required'] + [
        'hypervisor_type', 'hypervisor_version', 'host_ip', 'service'])
hypervisor_detail_list_2_88 = wrap(
    'hypervisors', {'type': 'array', 'items': _hypervisor_2_88},
    hypervisors_links=_links)
hypervisor_one_2_88 = wrap('hypervisor', _object(
    dict(_hypervisor_2_88['properties'], uptime=_nullable_string),
    required=_hypervisor_2_88['required'] + ['uptime']))

service = _object({
    'id': {'type': ['integer', 'string']}, 'binary': {'type': 'string'},
    'host': {'type': 'string'}, 'zone': {'type': 'string'},
    'status': {'type': 'string', 'enum': ['enabled', 'disabled']},
    'state': {'type': 'string', 'enum': ['up', 'down']},
    'updated_at': _time, 'disabled_reason': _nullable_string,
    'forced_down': {'type': 'boolean'}},
    required=['id', 'binary', 'host', 'zone', 'status', 'state',
              'updated_at', 'disabled_reason'])
service_list = wrap('services', {'type': 'array', 'items': service})

host_list = wrap('hosts', {'type': 'array', 'items': _object({
    'host_name': {'type': 'string'}, 'service': {'type': 'string'},
    'zone': {'type': 'string'}})})
host_resources = wrap('host', {'type': 'array', 'items': wrap(
    'resource', _object({
        'host': {'type': 'string'}, 'project': {'type': 'string'},
        'cpu': {'type': 'integer'}, 'memory_mb': {'type': 'integer'},
        'disk_gb': {'type': 'integer'}}))})
service_one = wrap('service', service)
service_forced_down = wrap('service', _object({
    'host': {'type': 'string'}, 'binary': {'type': 'string'},
    'forced_down': {'type': 'boolean'}}))

_version = {'type': 'object', 'properties': {
    'id': {'type': 'string'}, 'status': {'type': 'string'},
    'version': {'type': 'string'}, 'min_version': {'type': 'string'},
    'updated': {'type': 'string'}, 'links': _links,
    'media-types': {'type': 'array'}},
    'required': ['id', 'status', 'version', 'min_version', 'links'],
    'additionalProperties': False}
version_one = wrap('version', _version)

error = {'type': 'object', 'minProperties': 1, 'maxProperties': 1,
         'additionalProperties': _object({'code': {'type': 'integer'},
                                          'message': {'type': 'string'}})}

# Placement's error body: {"errors": [{status, title, detail, ...}]}.
placement_error = _object({'errors': {
    'type': 'array', 'minItems': 1, 'items': _object({
        'status': {'type': 'integer'}, 'title': {'type': 'string'},
        'detail': {'type': 'string'}, 'code': {'type': 'string'},
        'request_id': {'type': 'string'},
        'min_version': {'type': 'string'},
        'max_version': {'type': 'string'}},
        required=['status', 'title', 'detail'])}}, required=['errors'])

service_status = wrap('service', _object({
    'host': {'type': 'string'}, 'binary': {'type': 'string'},
    'status': {'type': 'string', 'enum': ['enabled', 'disabled']},
    'disabled_reason': _nullable_string},
    required=['host', 'binary', 'status']))

_keypair_brief = _object({
    'name': {'type': 'string'}, 'public_key': {'type': 'string'},
    'fingerprint': {'type': 'string'}, 'type': {'type': 'string'}},
    required=['name', 'public_key', 'fingerprint'])
keypair_list = wrap('keypairs', {'type': 'array', 'items': wrap(
    'keypair', _keypair_brief)}, keypairs_links=_links)
keypair_one = wrap('keypair', _object(dict(
    _keypair_brief['properties'], user_id={'type': 'string'},
    id={'type': 'integer'}, created_at=_time, updated_at=_time,
    deleted={'type': 'boolean'}, deleted_at=_time),
    required=_keypair_brief['required'] + [
        'user_id', 'id', 'created_at', 'updated_at', 'deleted',
        'deleted_at']))
keypair_created = wrap('keypair', _object(dict(
    _keypair_brief['properties'], user_id={'type': 'string'},
    private_key={'type': 'string'}),
    required=_keypair_brief['required'] + ['user_id']))

metadata = wrap('metadata', {'type': 'object',
                             'additionalProperties': {'type': 'string'}})
meta = wrap('meta', {'type': 'object', 'minProperties': 1,
                     'maxProperties': 1,
                     'additionalProperties': {'type': 'string'}})

addresses = wrap('addresses', {'type': 'object', 'additionalProperties': {
    'type': 'array', 'items': _address}})
network_addresses = {'type': 'object', 'minProperties': 1,
                     'maxProperties': 1, 'additionalProperties': {
                         'type': 'array', 'items': _address}}

_action = _object({
    'action': {'type': 'string'}, 'instance_uuid': {'type': 'string'},
    'request_id': {'type': 'string'}, 'user_id': _nullable_string,
    'project_id': _nullable_string, 'start_time': _time,
    'message': _nullable_string})
_action_2_58 = _object(dict(_action['properties'], updated_at=_time))
instance_actions = wrap('instanceActions', {'type': 'array',
                                            'items': _action})
instance_actions_2_58 = wrap('instanceActions', {
    'type': 'array', 'items': _action_2_58}, links=_links)
_event = _object({
    'event': {'type': 'string'}, 'start_time': _time, 'finish_time': _time,
    'result': _nullable_string, 'traceback': _nullable_string,
    'hostId': {'type': 'string'}, 'host': {'type': 'string'},
    'details': _nullable_string},
    required=['event', 'start_time', 'finish_time', 'result'])
instance_action_one = wrap('instanceAction', _object(dict(
    _action_2_58['properties'],
    events={'type': 'array', 'items': _event}),
    required=_action['required']))

hypervisor_statistics = wrap('hypervisor_statistics', _object({
    name: {'type': 'integer'} for name in (
        'count', 'vcpus', 'memory_mb', 'local_gb', 'vcpus_used',
        'memory_mb_used', 'local_gb_used', 'free_ram_mb', 'free_disk_gb',
        'current_workload', 'running_vms', 'disk_available_least')}))
hypervisor_uptime = wrap('hypervisor', _object(dict(
    hypervisor_brief['properties'], uptime={'type': 'string'}),
    required=hypervisor_brief['required'] + ['uptime']))

_extension = _object({
    'alias': {'type': 'string'}, 'name': {'type': 'string'},
    'description': {'type': 'string'}, 'namespace': {'type': 'string'},
    'updated': {'type': 'string'}, 'links': _links})
extension_list = wrap('extensions', {'type': 'array', 'items': _extension})
extension_one = wrap('extension', _extension)

_share = _object({'share_id': {'type': 'string'},
                  'status': {'type': 'string'}, 'tag': {'type': 'string'}},
                 required=['share_id', 'status', 'tag'])
server_shares = wrap('shares', {'type': 'array', 'items': _share})
server_share = wrap('share', _share)
volume_attachments = wrap('volumeAttachments', {'type': 'array',
                                                'maxItems': 0})
_fixed_ip = _object({'ip_address': {'type': 'string'},
                    'subnet_id': {'type': 'string'}})
_interface = _object({
    'net_id': {'type': 'string'}, 'port_id': {'type': 'string'},
    'mac_addr': {'type': 'string'}, 'port_state': {'type': 'string'},
    'fixed_ips': {'type': 'array', 'items': _fixed_ip}})
_interface_2_70 = _object(dict(_interface['properties'],
                               tag=_nullable_string))
interface_attachments = wrap('interfaceAttachments', {
    'type': 'array', 'items': _interface})
interface_attachments_2_70 = wrap('interfaceAttachments', {
    'type': 'array', 'items': _interface_2_70})
interface_attachment = wrap('interfaceAttachment', _interface)
interface_attachment_2_70 = wrap('interfaceAttachment', _interface_2_70)
server_password = wrap('password', {'type': 'string'})
_network = {'type': 'object', 'required': ['id', 'label', 'cidr'],
            'properties': {'id': {'type': 'string'},
                           'label': {'type': 'string'},
                           'cidr': _nullable_string}}
networks = wrap('networks', {'type': 'array', 'items': _network})
network = wrap('network', _network)
_tenant_network = _object({'id': {'type': 'string'},
                           'label': {'type': 'string'},
                           'cidr': {'type': 'string'}})
tenant_networks = wrap('networks', {'type': 'array',
                                    'items': _tenant_network})
tenant_network = wrap('network', _tenant_network)
_vif = _object({'id': {'type': 'string'}, 'mac_address': {'type': 'string'}})
virtual_interfaces = wrap('virtual_interfaces', {'type': 'array',
                                                 'items': _vif})
virtual_interfaces_2_12 = wrap('virtual_interfaces', {
    'type': 'array', 'items': _object(dict(
        _vif['properties'], **{'OS-EXT-VIF-NET:net_id': _nullable_string}))})
server_topology = _object({'nodes': {'type': 'array'},
                           'pagesize_kb': {'type': ['integer', 'null']}})

diagnostics_flat = {'type': 'object',
                    'additionalProperties': {'type': 'integer'}}
diagnostics = _object({
    'state': {'type': 'string', 'enum': [
        'pending', 'running', 'paused', 'shutdown', 'crashed',
        'suspended']},
    'driver': {'type': 'string'}, 'hypervisor': {'type': 'string'},
    'hypervisor_os': {'type': 'string'},
    'uptime': {'type': ['integer', 'null']},
    'config_drive': {'type': 'boolean'},
    'num_cpus': {'type': 'integer'}, 'num_nics': {'type': 'integer'},
    'num_disks': {'type': 'integer'},
    'memory_details': _object({'maximum': {'type': 'integer'},
                               'used': {'type': 'integer'}}),
    'cpu_details': {'type': 'array', 'items': _object({
        'id': {'type': 'integer'}, 'time': {'type': 'integer'},
        'utilisation': {'type': ['integer', 'null']}})},
    'nic_details': {'type': 'array', 'items': _object(dict(
        {name: {'type': 'integer'} for name in (
            'rx_octets', 'rx_errors', 'rx_drop', 'rx_packets', 'tx_octets',
            'tx_errors', 'tx_drop', 'tx_packets')},
        mac_address={'type': ['string', 'null']},
        rx_rate={'type': ['integer', 'null']},
        tx_rate={'type': ['integer', 'null']}))},
    'disk_details': {'type': 'array', 'items': _object({
        name: {'type': 'integer'} for name in (
            'read_bytes', 'read_requests', 'write_bytes', 'write_requests',
            'errors_count')})},
})

_external_event = _object({
    'server_uuid': {'type': 'string'}, 'name': {'type': 'string'},
    'status': {'type': 'string', 'enum': list(external_event.STATUSES)},
    'tag': {'type': 'string'}, 'code': {'type': 'integer'}},
    required=['server_uuid', 'name', 'status', 'code'])
external_events = wrap('events', {'type': 'array', 'items': _external_event})

_security_group_rule = _object({
    'id': {'type': 'string'}, 'parent_group_id': {'type': 'string'},
    'ip_protocol': _nullable_string,
    'from_port': {'type': ['integer', 'null']},
    'to_port': {'type': ['integer', 'null']},
    'group': {'type': 'object'}, 'ip_range': {'type': 'object'}})
_security_group = _object({
    'id': {'type': 'string'}, 'name': {'type': 'string'},
    'description': {'type': 'string'}, 'tenant_id': _nullable_string,
    'rules': {'type': 'array', 'items': _security_group_rule}})
server_security_groups = wrap('security_groups', {
    'type': 'array', 'items': _security_group})

# The image proxy (/images, to 2.35).
image_brief = _object({'id': {'type': 'string'},
                       'name': _nullable_string, 'links': _links})
image = _object(dict(image_brief['properties'], **{
    'minRam': {'type': 'integer'}, 'minDisk': {'type': 'integer'},
    'metadata': {'type': 'object'}, 'created': _time, 'updated': _time,
    'status': {'type': 'string', 'enum': [
        'ACTIVE', 'SAVING', 'DELETED', 'ERROR', 'UNKNOWN']},
    'progress': {'type': 'integer'},
    'OS-EXT-IMG-SIZE:size': {'type': ['integer', 'null']},
    'server': _object({'id': {'type': 'string'}, 'links': _links}),
    'OS-DCF:diskConfig': {'type': 'string', 'enum': ['AUTO', 'MANUAL']}}),
    required=list(image_brief['properties']) + [
        'minRam', 'minDisk', 'metadata', 'created', 'updated', 'status',
        'progress', 'OS-EXT-IMG-SIZE:size'])
image_one = wrap('image', image)
image_list = wrap('images', {'type': 'array', 'items': image_brief},
                  images_links=_links)
image_detail_list = wrap('images', {'type': 'array', 'items': image},
                         images_links=_links)

# os-instance_usage_audit_log
_audit_report = _object({
    'hosts_not_run': {'type': 'array', 'items': {'type': 'string'}},
    'log': {'type': 'object', 'additionalProperties': _object({
        'state': {'type': 'string'},
        'instances': {'type': ['integer', 'null']},
        'errors': {'type': ['integer', 'null']},
        'message': {'type': 'string'}})},
    'num_hosts': {'type': 'integer'}, 'num_hosts_done': {'type': 'integer'},
    'num_hosts_not_run': {'type': 'integer'},
    'num_hosts_running': {'type': 'integer'},
    'overall_status': {'type': 'string'},
    'period_beginning': {'type': 'string'},
    'period_ending': {'type': 'string'},
    'total_errors': {'type': 'integer'},
    'total_instances': {'type': 'integer'}})
usage_audit_logs = wrap('instance_usage_audit_logs', _audit_report)
usage_audit_log = wrap('instance_usage_audit_log', _audit_report)
