# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The payloads of ``compute_task.<task>.error`` (a conductor's task that
failed: a build that found no host, a move that could not be scheduled),
with the names and fields of Nova's at these versions: the task's
``ComputeTaskPayload`` carries the server's request spec
(``RequestSpecPayload``), which carries the image it was built from
(``ImageMetaPayload``, its properties in ``ImageMetaPropsPayload``) and
the parts of a request nova_lite has no use for (NUMA topology, PCI
requests, the cell), declared as Nova declares them and left empty.
"""
from oslo_versionedobjects import fields

from nova_lite.notifications import base
from nova_lite.notifications import payloads

register = payloads.register

# Nova's image properties (ImageMetaProps), each by the type its value
# has in a payload (Nova's enumerations are strings here).
_STRING_PROPERTIES = (
    'hw_architecture', 'hw_auto_disk_config', 'hw_cdrom_bus',
    'hw_cpu_policy', 'hw_cpu_realtime_mask', 'hw_cpu_thread_policy',
    'hw_disk_bus', 'hw_disk_type', 'hw_emulation_architecture',
    'hw_ephemeral_encryption_format', 'hw_firmware_type', 'hw_floppy_bus',
    'hw_input_bus', 'hw_machine_type', 'hw_maxphysaddr_mode',
    'hw_mem_page_size', 'hw_pci_numa_affinity_policy', 'hw_pointer_model',
    'hw_rescue_bus', 'hw_rescue_device', 'hw_rng_model', 'hw_scsi_model',
    'hw_sound_model', 'hw_tpm_model', 'hw_tpm_version', 'hw_usb_model',
    'hw_video_model', 'hw_vif_model', 'hw_viommu_model', 'hw_vm_mode',
    'hw_watchdog_action', 'img_config_drive', 'img_hv_type',
    'img_owner_id', 'img_root_device_name', 'img_signature',
    'img_signature_certificate_uuid', 'img_signature_hash_method',
    'img_signature_key_type', 'os_admin_user', 'os_command_line',
    'os_distro', 'os_secure_boot', 'os_type')
_INTEGER_PROPERTIES = (
    'hw_cpu_cores', 'hw_cpu_max_cores', 'hw_cpu_max_sockets',
    'hw_cpu_max_threads', 'hw_cpu_sockets', 'hw_cpu_threads',
    'hw_device_id', 'hw_maxphysaddr_bits', 'hw_numa_nodes',
    'hw_redirected_usb_ports', 'hw_serial_port_count', 'hw_video_ram',
    'img_compression_level', 'img_version')
_BOOLEAN_PROPERTIES = (
    'hw_boot_menu', 'hw_ephemeral_encryption', 'hw_firmware_stateless',
    'hw_ipxe_boot', 'hw_locked_memory', 'hw_mem_encryption', 'hw_pmu',
    'hw_qemu_guest_agent', 'hw_time_hpet', 'hw_vif_multiqueue_enabled',
    'hw_virtio_packed_ring', 'img_bdm_v2', 'img_bittorrent',
    'img_cache_in_nova', 'img_hide_hypervisor_id', 'img_linked_clone',
    'img_use_agent', 'os_require_quiesce',
    'os_skip_agent_inject_files_at_boot', 'os_skip_agent_inject_ssh')
_OTHER_PROPERTIES = {
    'hw_numa_cpus': fields.ListOfSetsOfIntegersField,
    'hw_numa_mem': fields.ListOfIntegersField,
    'img_block_device_mapping': fields.ListOfDictOfNullableStringsField,
    'img_hv_requested_version': fields.VersionPredicateField,
    'img_mappings': fields.ListOfDictOfNullableStringsField,
    'traits_required': fields.ListOfStringsField}


def _property_fields():
    found = {name: fields.StringField() for name in _STRING_PROPERTIES}
    found.update((name, fields.IntegerField())
                 for name in _INTEGER_PROPERTIES)
    found.update((name, fields.FlexibleBooleanField())
                 for name in _BOOLEAN_PROPERTIES)
    found.update((name, field()) for name, field in _OTHER_PROPERTIES.items())
    return found


@register
class ImageMetaPropsPayload(base.NotificationPayloadBase):
    """The image's properties Nova knows, those it has set only (as
    Nova's: an unset property is left out, not null)."""
    VERSION = '1.17'
    fields = _property_fields()
    MAY_BE_UNSET = tuple(fields)

    def __init__(self, properties):
        super().__init__()
        for name, value in (properties or {}).items():
            if name in self.fields and value is not None:
                try:
                    setattr(self, name, value)
                except ValueError:  # not what Nova's type takes: left out
                    continue
        self.obj_reset_changes()


@register
class ImageMetaPayload(base.NotificationPayloadBase):
    """The image a server was built from, as the server recorded it
    (Nova's request spec of a server moving has as much)."""
    VERSION = '1.0'
    fields = {
        'id': fields.UUIDField(nullable=True),
        'name': fields.StringField(nullable=True),
        'status': fields.StringField(nullable=True),
        'visibility': fields.StringField(nullable=True),
        'protected': fields.FlexibleBooleanField(nullable=True),
        'checksum': fields.StringField(nullable=True),
        'owner': fields.StringField(nullable=True),
        'size': fields.IntegerField(nullable=True),
        'virtual_size': fields.IntegerField(nullable=True),
        'container_format': fields.StringField(nullable=True),
        'disk_format': fields.StringField(nullable=True),
        'created_at': fields.DateTimeField(nullable=True),
        'updated_at': fields.DateTimeField(nullable=True),
        'tags': fields.ListOfStringsField(nullable=True),
        'direct_url': fields.StringField(nullable=True),
        'min_ram': fields.IntegerField(nullable=True),
        'min_disk': fields.IntegerField(nullable=True),
        'properties': fields.ObjectField('ImageMetaPropsPayload'),
    }
    # What a server records of its image: the rest is not known here.
    MAY_BE_UNSET = ('name', 'status', 'visibility', 'protected', 'checksum',
                    'owner', 'size', 'virtual_size', 'created_at',
                    'updated_at', 'tags', 'direct_url')

    def __init__(self, image_id, recorded):
        """``recorded``: {name: text} the server kept of its image."""
        super().__init__()
        recorded = dict(recorded or {})
        self.id = image_id or None
        for name in ('container_format', 'disk_format'):
            setattr(self, name, recorded.pop(name, None))
        for name in ('min_ram', 'min_disk'):
            value = recorded.pop(name, None)
            setattr(self, name, int(value) if value is not None else None)
        recorded.pop('base_image_ref', None)
        self.properties = ImageMetaPropsPayload(recorded)
        self.obj_reset_changes(recursive=True)


@register
class VirtCPUTopologyPayload(base.NotificationPayloadBase):
    VERSION = '1.0'
    fields = {
        'sockets': fields.IntegerField(nullable=True, default=1),
        'cores': fields.IntegerField(nullable=True, default=1),
        'threads': fields.IntegerField(nullable=True, default=1),
    }


@register
class InstanceNUMACellPayload(base.NotificationPayloadBase):
    VERSION = '1.2'
    fields = {
        'id': fields.IntegerField(),
        'cpuset': fields.SetOfIntegersField(),
        'pcpuset': fields.SetOfIntegersField(),
        'cpuset_reserved': fields.SetOfIntegersField(nullable=True),
        'memory': fields.IntegerField(),
        'pagesize': fields.IntegerField(nullable=True),
        'cpu_topology': fields.ObjectField('VirtCPUTopologyPayload',
                                           nullable=True),
        'cpu_pinning_raw': fields.DictOfIntegersField(nullable=True),
        'cpu_policy': fields.StringField(nullable=True),
        'cpu_thread_policy': fields.StringField(nullable=True),
    }


@register
class InstanceNUMATopologyPayload(base.NotificationPayloadBase):
    """A server's NUMA topology: none here (no NUMA placement)."""
    VERSION = '1.0'
    fields = {
        'instance_uuid': fields.UUIDField(),
        'cells': fields.ListOfObjectsField('InstanceNUMACellPayload'),
        'emulator_threads_policy': fields.StringField(nullable=True),
    }


@register
class InstancePCIRequestPayload(base.NotificationPayloadBase):
    VERSION = '1.1'
    fields = {
        'count': fields.IntegerField(),
        'spec': fields.ListOfDictOfNullableStringsField(),
        'alias_name': fields.StringField(nullable=True),
        'request_id': fields.UUIDField(nullable=True),
        'numa_policy': fields.StringField(nullable=True),
    }


@register
class InstancePCIRequestsPayload(base.NotificationPayloadBase):
    """A server's PCI requests: none here (no PCI passthrough yet)."""
    VERSION = '1.0'
    fields = {
        'instance_uuid': fields.UUIDField(),
        'requests': fields.ListOfObjectsField('InstancePCIRequestPayload'),
    }


@register
class CellMappingPayload(base.NotificationPayloadBase):
    VERSION = '2.0'
    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(nullable=True),
        'disabled': fields.BooleanField(default=False),
    }


@register
class DestinationPayload(base.NotificationPayloadBase):
    """The host (and node) an admin asked the move or build for."""
    VERSION = '1.0'
    fields = {
        'host': fields.StringField(),
        'node': fields.StringField(nullable=True),
        'cell': fields.ObjectField('CellMappingPayload', nullable=True),
        'aggregates': fields.ListOfStringsField(nullable=True, default=None),
    }
    # Nova leaves ``host`` and ``node`` out where the request has none
    # (one cell here: no ``cell``).
    MAY_BE_UNSET = ('host', 'node', 'cell')

    def __init__(self, destination):
        super().__init__(aggregates=None)
        for name in ('host', 'node'):
            if destination.get(name) is not None:
                setattr(self, name, destination[name])
        self.obj_reset_changes()


@register
class SchedulerRetriesPayload(base.NotificationPayloadBase):
    VERSION = '1.0'
    fields = {
        'num_attempts': fields.IntegerField(),
        'hosts': fields.ListOfStringsField(),
    }


@register
class RequestSpecPayload(base.NotificationPayloadBase):
    """What the server asked the scheduler for."""
    VERSION = '1.1'
    SCHEMA = {name: ('request_spec', name) for name in (
        'ignore_hosts', 'instance_uuid', 'project_id', 'user_id',
        'availability_zone', 'num_instances', 'scheduler_hints')}
    fields = {
        'instance_uuid': fields.UUIDField(),
        'project_id': fields.StringField(nullable=True),
        'user_id': fields.StringField(nullable=True),
        'availability_zone': fields.StringField(nullable=True),
        'flavor': fields.ObjectField('FlavorPayload', nullable=True),
        'force_hosts': fields.StringField(nullable=True),
        'force_nodes': fields.StringField(nullable=True),
        'ignore_hosts': fields.ListOfStringsField(nullable=True),
        'image_meta': fields.ObjectField('ImageMetaPayload', nullable=True),
        'instance_group': fields.ObjectField('ServerGroupPayload',
                                             nullable=True),
        'image': fields.ObjectField('ImageMetaPayload', nullable=True),
        'numa_topology': fields.ObjectField('InstanceNUMATopologyPayload',
                                            nullable=True),
        'pci_requests': fields.ObjectField('InstancePCIRequestsPayload',
                                           nullable=True),
        'num_instances': fields.IntegerField(default=1),
        'requested_destination': fields.ObjectField('DestinationPayload',
                                                    nullable=True),
        'retry': fields.ObjectField('SchedulerRetriesPayload',
                                    nullable=True),
        'scheduler_hints': fields.DictOfListOfStringsField(nullable=True),
        'security_groups': fields.ListOfStringsField(),
    }
    # Declared by Nova and never set by it (the image is in ``image``).
    MAY_BE_UNSET = ('image_meta',)

    def __init__(self, spec, instance, group=None, security_groups=()):
        """``instance``: the server of ``spec``; ``group``: its server
        group (a dict), if it is in one."""
        super().__init__()
        self.populate_schema(request_spec=spec)
        self.flavor = payloads.FlavorPayload(spec.flavor)
        image = base.value_of(instance, 'image_ref')
        self.image = ImageMetaPayload(
            image, base.value_of(instance, 'image_properties')) \
            if image else None
        self.numa_topology = self.pci_requests = self.retry = None
        self.instance_group = payloads.ServerGroupPayload(group) \
            if group else None
        destination = base.value_of(spec, 'requested_destination')
        self.requested_destination = DestinationPayload(destination) \
            if destination else None
        forced = destination if base.value_of(
            spec, 'force_destination') else {}
        self.force_hosts = (forced or {}).get('host')
        self.force_nodes = (forced or {}).get('node')
        self.security_groups = list(security_groups)
        self.obj_reset_changes(recursive=True)


@register
class ComputeTaskPayload(base.NotificationPayloadBase):
    VERSION = '1.0'
    fields = {
        'instance_uuid': fields.UUIDField(),
        'reason': fields.ObjectField('ExceptionPayload'),
        'request_spec': fields.ObjectField('RequestSpecPayload',
                                           nullable=True),
        'state': fields.StringField(nullable=True),
    }

    def __init__(self, instance_uuid, request_spec, state, reason):
        super().__init__(instance_uuid=instance_uuid,
                         request_spec=request_spec, state=state,
                         reason=reason)
