# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The payloads of the notifications published here, each with the name
and the fields of Nova's payload of that version, so that a consumer of
Nova's reads ours: a server's (``InstancePayload``, in an action's, a
create's, an update's), a flavor's, a key pair's, and an error's.

A payload is made from nova_lite's own objects; what nova_lite does not
have (kernel and ramdisk images, block devices without a block-storage
service, the OS type) is empty as in Nova for a server without it.
"""
import traceback as tb_lib

from oslo_versionedobjects import base as ovo_base
from oslo_versionedobjects import fields

from nova_lite.notifications import base
from nova_lite.objects import fields as nl_fields


class PayloadRegistry(ovo_base.VersionedObjectRegistry):
    pass


register = PayloadRegistry.register


@register
class FlavorPayload(base.NotificationPayloadBase):
    # Version 1.4: Nova's fields at its 1.4
    VERSION = '1.4'
    SCHEMA = {name: ('flavor', name) for name in (
        'flavorid', 'memory_mb', 'vcpus', 'root_gb', 'ephemeral_gb', 'name',
        'swap', 'rxtx_factor', 'disabled', 'is_public', 'extra_specs',
        'description')}
    fields = {
        'flavorid': fields.StringField(nullable=True),
        'memory_mb': fields.IntegerField(nullable=True),
        'vcpus': fields.IntegerField(nullable=True),
        'root_gb': fields.IntegerField(nullable=True),
        'ephemeral_gb': fields.IntegerField(nullable=True),
        'name': fields.StringField(),
        'swap': fields.IntegerField(),
        'rxtx_factor': fields.FloatField(nullable=True),
        'vcpu_weight': fields.IntegerField(nullable=True),
        'disabled': fields.BooleanField(),
        'is_public': fields.BooleanField(),
        'extra_specs': fields.DictOfStringsField(),
        'projects': fields.ListOfStringsField(nullable=True),
        'description': fields.StringField(nullable=True),
    }

    def __init__(self, flavor, projects=None):
        super().__init__()
        self.populate_schema(flavor=flavor)
        self.vcpu_weight = 0
        self.projects = projects
        self.obj_reset_changes()


@register
class IpPayload(base.NotificationPayloadBase):
    VERSION = '1.0'
    fields = {
        'label': fields.StringField(),
        'mac': fields.MACAddressField(),
        'meta': fields.DictOfStringsField(),
        'port_uuid': fields.UUIDField(nullable=True),
        'version': fields.IntegerField(),
        'address': fields.IPV4AndV6AddressField(),
        'device_name': fields.StringField(nullable=True),
    }

    @classmethod
    def of(cls, vifs):
        """One per address of each vNIC."""
        found = []
        for vif in vifs:
            for address in filter(None, vif.addresses()):
                ip = cls(label=vif.network_name, mac=vif.mac, meta={},
                         port_uuid=vif.uuid if vif.is_port else None,
                         version=6 if ':' in address else 4,
                         address=address, device_name=vif.device)
                found.append(ip)
        return found


@register
class BlockDevicePayload(base.NotificationPayloadBase):
    """A volume attached to a server: none without a block-storage
    service."""
    VERSION = '1.0'
    fields = {
        'device_name': fields.StringField(nullable=True),
        'boot_index': fields.IntegerField(nullable=True),
        'delete_on_termination': fields.BooleanField(default=False),
        'volume_id': fields.UUIDField(),
        'tag': fields.StringField(nullable=True),
    }


@register
class KeypairPayload(base.NotificationPayloadBase):
    VERSION = '1.0'
    SCHEMA = {name: ('keypair', name) for name in (
        'user_id', 'name', 'public_key', 'fingerprint', 'type')}
    fields = {
        'user_id': fields.StringField(nullable=True),
        'name': fields.StringField(nullable=False),
        'fingerprint': fields.StringField(nullable=True),
        'public_key': fields.StringField(nullable=True),
        'type': fields.StringField(nullable=False),
    }

    def __init__(self, keypair):
        super().__init__()
        self.populate_schema(keypair=keypair)


@register
class ExceptionPayload(base.NotificationPayloadBase):
    VERSION = '1.1'
    fields = {
        'module_name': fields.StringField(),
        'function_name': fields.StringField(),
        'exception': fields.StringField(),
        'exception_message': fields.StringField(),
        'traceback': fields.StringField(),
    }

    @classmethod
    def of(cls, error, function_name, traceback=False):
        """``error`` raised in ``function_name``; its traceback only when
        asked (``compute.exception``: an action's fault has none)."""
        return cls(module_name=type(error).__module__,
                   function_name=function_name,
                   exception=type(error).__name__,
                   exception_message=str(error),
                   traceback=''.join(tb_lib.format_exception(error))
                   if traceback else '')


_INSTANCE_SCHEMA = {
    'uuid': 'uuid', 'user_id': 'user_id', 'tenant_id': 'project_id',
    'reservation_id': 'reservation_id', 'display_name': 'display_name',
    'display_description': 'display_description', 'host_name': 'hostname',
    'host': 'host', 'node': 'node', 'availability_zone':
    'availability_zone', 'image_uuid': 'image_ref', 'key_name': 'key_name',
    'created_at': 'created_at', 'launched_at': 'launched_at',
    'terminated_at': 'terminated_at', 'deleted_at': 'deleted_at',
    'updated_at': 'updated_at', 'state': 'vm_state',
    'task_state': 'task_state', 'locked_reason': 'locked_reason'}


@register
class InstancePayload(base.NotificationPayloadBase):
    # Version 1.8: Nova's fields at its 1.8 (locked_reason)
    VERSION = '1.8'
    SCHEMA = {field: ('instance', attribute)
              for field, attribute in _INSTANCE_SCHEMA.items()}
    fields = {
        'uuid': fields.UUIDField(),
        'user_id': fields.StringField(nullable=True),
        'tenant_id': fields.StringField(nullable=True),
        'reservation_id': fields.StringField(nullable=True),
        'display_name': fields.StringField(nullable=True),
        'display_description': fields.StringField(nullable=True),
        'host_name': fields.StringField(nullable=True),
        'host': fields.StringField(nullable=True),
        'node': fields.StringField(nullable=True),
        'os_type': fields.StringField(nullable=True),
        'architecture': fields.StringField(nullable=True),
        'availability_zone': fields.StringField(nullable=True),
        'flavor': fields.ObjectField('FlavorPayload'),
        'image_uuid': fields.StringField(nullable=True),
        'key_name': fields.StringField(nullable=True),
        'kernel_id': fields.StringField(nullable=True),
        'ramdisk_id': fields.StringField(nullable=True),
        'created_at': fields.DateTimeField(nullable=True),
        'launched_at': fields.DateTimeField(nullable=True),
        'terminated_at': fields.DateTimeField(nullable=True),
        'deleted_at': fields.DateTimeField(nullable=True),
        'updated_at': fields.DateTimeField(nullable=True),
        'state': fields.StringField(nullable=True),
        'power_state': fields.StringField(nullable=True),
        'task_state': fields.StringField(nullable=True),
        'progress': fields.IntegerField(nullable=True),
        'ip_addresses': fields.ListOfObjectsField('IpPayload'),
        'block_devices': fields.ListOfObjectsField('BlockDevicePayload',
                                                   nullable=True),
        'metadata': fields.DictOfStringsField(),
        'locked': fields.BooleanField(),
        'auto_disk_config': fields.StringField(),
        'request_id': fields.StringField(nullable=True),
        'action_initiator_user': fields.StringField(nullable=True),
        'action_initiator_project': fields.StringField(nullable=True),
        'locked_reason': fields.StringField(nullable=True),
    }

    def __init__(self, context, instance, **kwargs):
        super().__init__(**kwargs)
        self.populate_schema(instance=instance)
        self.flavor = FlavorPayload(instance.flavor)
        self.ip_addresses = IpPayload.of(
            base.value_of(instance, 'vifs') or [])
        self.block_devices = []
        self.power_state = nl_fields.PowerState.NAMES.get(
            base.value_of(instance, 'power_state'))
        self.progress = 0 if self.state == 'active' else None
        self.metadata = {key: value or '' for key, value in (
            base.value_of(instance, 'metadata') or {}).items()}
        self.locked = bool(base.value_of(instance, 'locked_by'))
        self.auto_disk_config = 'AUTO' if base.value_of(
            instance, 'auto_disk_config') else 'MANUAL'
        self.os_type = self.architecture = None
        self.kernel_id = self.ramdisk_id = ''
        # A periodic task's context has no user: no request of a user.
        self.request_id = context.request_id if (
            context.user_id and context.project_id) else None
        self.action_initiator_user = context.user_id
        self.action_initiator_project = context.project_id
        self.obj_reset_changes(recursive=True)


@register
class InstanceActionPayload(InstancePayload):
    # Version 1.8: Nova's fields at its 1.8 (locked_reason)
    VERSION = '1.8'
    fields = {'fault': fields.ObjectField('ExceptionPayload', nullable=True)}

    def __init__(self, context, instance, fault=None, **kwargs):
        super().__init__(context, instance, **kwargs)
        self.fault = fault
        self.obj_reset_changes(['fault'])


@register
class InstanceCreatePayload(InstanceActionPayload):
    # Version 1.12: Nova's fields at its 1.12 (locked_reason)
    VERSION = '1.12'
    fields = {
        'keypairs': fields.ListOfObjectsField('KeypairPayload'),
        'tags': fields.ListOfStringsField(),
        'trusted_image_certificates': fields.ListOfStringsField(
            nullable=True),
        'instance_name': fields.StringField(nullable=True),
    }

    def __init__(self, context, instance, fault=None, keypairs=(),
                 instance_name=None):
        super().__init__(context, instance, fault)
        self.keypairs = [KeypairPayload(keypair) for keypair in keypairs]
        self.tags = list(base.value_of(instance, 'tags') or [])
        self.trusted_image_certificates = None
        self.instance_name = instance_name
        self.obj_reset_changes(recursive=True)


@register
class InstanceActionResizePrepPayload(InstanceActionPayload):
    # Version 1.3: Nova's fields at its 1.3 (locked_reason)
    VERSION = '1.3'
    fields = {'new_flavor': fields.ObjectField('FlavorPayload',
                                               nullable=True)}

    def __init__(self, context, instance, fault=None, new_flavor=None):
        super().__init__(context, instance, fault)
        self.new_flavor = new_flavor
        self.obj_reset_changes(['new_flavor'])


@register
class InstanceActionRescuePayload(InstanceActionPayload):
    # Version 1.3: Nova's fields at its 1.3 (locked_reason)
    VERSION = '1.3'
    fields = {'rescue_image_ref': fields.UUIDField(nullable=True)}

    def __init__(self, context, instance, fault=None, rescue_image_ref=None):
        super().__init__(context, instance, fault)
        self.rescue_image_ref = rescue_image_ref
        self.obj_reset_changes(['rescue_image_ref'])


@register
class InstanceActionRebuildPayload(InstanceActionPayload):
    # Version 1.9: Nova's fields at its 1.9 (locked_reason)
    VERSION = '1.9'
    fields = {'trusted_image_certificates': fields.ListOfStringsField(
        nullable=True)}

    def __init__(self, context, instance, fault=None):
        super().__init__(context, instance, fault)
        self.trusted_image_certificates = None
        self.obj_reset_changes(['trusted_image_certificates'])


@register
class InstanceActionSnapshotPayload(InstanceActionPayload):
    # Version 1.9: Nova's fields at its 1.9 (locked_reason)
    VERSION = '1.9'
    fields = {'snapshot_image_id': fields.UUIDField()}

    def __init__(self, context, instance, fault=None,
                 snapshot_image_id=None):
        super().__init__(context, instance, fault)
        self.snapshot_image_id = snapshot_image_id
        self.obj_reset_changes(['snapshot_image_id'])


@register
class InstanceStateUpdatePayload(base.NotificationPayloadBase):
    # Version 1.0: Nova's fields at its 1.0
    VERSION = '1.0'
    fields = {
        'old_state': fields.StringField(nullable=True),
        'state': fields.StringField(nullable=True),
        'old_task_state': fields.StringField(nullable=True),
        'new_task_state': fields.StringField(nullable=True),
    }

    def __init__(self, old_state, state, old_task_state, new_task_state):
        super().__init__(old_state=old_state, state=state,
                         old_task_state=old_task_state,
                         new_task_state=new_task_state)


@register
class AuditPeriodPayload(base.NotificationPayloadBase):
    # Version 1.0: Nova's fields at its 1.0
    VERSION = '1.0'
    fields = {
        'audit_period_beginning': fields.DateTimeField(),
        'audit_period_ending': fields.DateTimeField(),
    }

    def __init__(self, beginning, ending):
        super().__init__(audit_period_beginning=beginning,
                         audit_period_ending=ending)


@register
class InstanceUpdatePayload(InstancePayload):
    """``instance.update``: the server as written, with its states before
    and after and the usage audit period under way."""
    # Version 2.0: Nova's fields at its 2.0 (no bandwidth; locked_reason)
    VERSION = '2.0'
    fields = {
        'state_update': fields.ObjectField('InstanceStateUpdatePayload'),
        'audit_period': fields.ObjectField('AuditPeriodPayload'),
        'old_display_name': fields.StringField(nullable=True),
        'tags': fields.ListOfStringsField(),
    }

    def __init__(self, context, instance, state_update, audit_period,
                 old_display_name=None):
        super().__init__(context, instance)
        self.state_update = state_update
        self.audit_period = audit_period
        self.old_display_name = old_display_name
        self.tags = list(base.value_of(instance, 'tags') or [])
        self.obj_reset_changes(recursive=True)


@register
class InstanceExistsPayload(InstancePayload):
    """``instance.exists``: the server as it is, and the usage audit
    period it existed in (for billing)."""
    # Version 2.0: Nova's fields at its 2.0 (no bandwidth; locked_reason)
    VERSION = '2.0'
    fields = {'audit_period': fields.ObjectField('AuditPeriodPayload')}

    def __init__(self, context, instance, audit_period):
        super().__init__(context, instance)
        self.audit_period = audit_period
        self.obj_reset_changes(recursive=True)


@register
class AggregatePayload(base.NotificationPayloadBase):
    """An aggregate (a dict, as nova_lite keeps them); before it is made
    (``aggregate.create.start``) it has no id and no hosts yet, and its
    payload none of those fields, as Nova's."""
    # Version 1.1: Nova's fields at its 1.1
    VERSION = '1.1'
    MAY_BE_UNSET = ('id', 'hosts')
    fields = {
        'id': fields.IntegerField(),
        'uuid': fields.UUIDField(nullable=False),
        'name': fields.StringField(),
        'hosts': fields.ListOfStringsField(nullable=True),
        'metadata': fields.DictOfStringsField(nullable=True),
    }

    def __init__(self, aggregate):
        super().__init__()
        for name in self.fields:
            if name in aggregate:
                setattr(self, name, aggregate[name])
        self.obj_reset_changes()


@register
class ServerGroupPayload(base.NotificationPayloadBase):
    """A server group (a dict, as nova_lite keeps them)."""
    # Version 1.1: Nova's fields at its 1.1
    VERSION = '1.1'
    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(nullable=True),
        'user_id': fields.StringField(nullable=True),
        'project_id': fields.StringField(nullable=True),
        'policies': fields.ListOfStringsField(nullable=True),
        'members': fields.ListOfStringsField(nullable=True),
        'hosts': fields.ListOfStringsField(nullable=True),
        'policy': fields.StringField(nullable=True),
        'rules': fields.DictOfStringsField(),
    }

    def __init__(self, group):
        super().__init__(
            uuid=group['uuid'], name=group['name'],
            user_id=group['user_id'], project_id=group['project_id'],
            policies=[group['policy']], members=list(group['members']),
            hosts=None, policy=group['policy'],
            rules={name: str(value)
                   for name, value in (group['rules'] or {}).items()})


@register
class ServiceStatusPayload(base.NotificationPayloadBase):
    # Version 1.1: Nova's fields at its 1.1
    VERSION = '1.1'
    SCHEMA = {name: ('service', name) for name in (
        'host', 'topic', 'report_count', 'disabled', 'disabled_reason',
        'last_seen_up', 'forced_down', 'version', 'uuid')}
    fields = {
        'host': fields.StringField(nullable=True),
        'binary': fields.StringField(nullable=True),
        'topic': fields.StringField(nullable=True),
        'report_count': fields.IntegerField(),
        'disabled': fields.BooleanField(),
        'disabled_reason': fields.StringField(nullable=True),
        'availability_zone': fields.StringField(nullable=True),
        'last_seen_up': fields.DateTimeField(nullable=True),
        'forced_down': fields.BooleanField(),
        'version': fields.IntegerField(),
        'uuid': fields.UUIDField(),
    }

    def __init__(self, service, binary, zone=None):
        """``binary``: the name Nova's consumers know (nova-compute)."""
        super().__init__()
        self.populate_schema(service=service)
        self.binary = binary
        self.availability_zone = zone
        self.obj_reset_changes()


@register
class MetricPayload(base.NotificationPayloadBase):
    # Version 1.0: Nova's fields at its 1.0
    VERSION = '1.0'
    SCHEMA = {name: ('metric', name) for name in (
        'name', 'value', 'numa_membw_values', 'timestamp', 'source')}
    fields = {
        'name': nl_fields.MonitorMetricTypeField(),
        'value': fields.IntegerField(),
        'numa_membw_values': fields.DictOfIntegersField(nullable=True),
        'timestamp': fields.DateTimeField(),
        'source': fields.StringField(),
    }

    def __init__(self, metric):
        super().__init__()
        self.populate_schema(metric=metric)


@register
class MetricsPayload(base.NotificationPayloadBase):
    # Version 1.0: Nova's fields at its 1.0
    VERSION = '1.0'
    fields = {
        'host': fields.StringField(),
        'host_ip': fields.StringField(),
        'nodename': fields.StringField(),
        'metrics': fields.ListOfObjectsField('MetricPayload'),
    }

    def __init__(self, host, host_ip, nodename, metrics):
        """``metrics``: a MonitorMetricList."""
        super().__init__()
        self.host = host
        self.host_ip = host_ip
        self.nodename = nodename
        self.metrics = [MetricPayload(m) for m in metrics.objects]
        self.obj_reset_changes(recursive=True)
