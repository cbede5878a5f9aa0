# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Field types, and the enumerations nova_lite's states use."""
from oslo_versionedobjects.fields import *  # noqa: F401,F403
from oslo_versionedobjects import fields as ovo_fields


class VMState:
    BUILDING = 'building'
    ACTIVE = 'active'
    STOPPED = 'stopped'
    ERROR = 'error'
    DELETED = 'deleted'
    PAUSED = 'paused'
    SUSPENDED = 'suspended'
    SHELVED = 'shelved'
    SHELVED_OFFLOADED = 'shelved_offloaded'
    RESCUED = 'rescued'
    RESIZED = 'resized'
    ALL = (BUILDING, ACTIVE, STOPPED, ERROR, DELETED, PAUSED, SUSPENDED,
           SHELVED, SHELVED_OFFLOADED, RESCUED, RESIZED)


class TaskState:
    SCHEDULING = 'scheduling'
    SPAWNING = 'spawning'
    DELETING = 'deleting'
    POWERING_OFF = 'powering-off'
    POWERING_ON = 'powering-on'
    REBOOTING = 'rebooting'
    REBOOTING_HARD = 'rebooting_hard'
    PAUSING = 'pausing'
    UNPAUSING = 'unpausing'
    SUSPENDING = 'suspending'
    RESUMING = 'resuming'
    IMAGE_SNAPSHOT = 'image_snapshot'
    SHELVING = 'shelving'
    SHELVING_OFFLOADING = 'shelving_offloading'
    UNSHELVING = 'unshelving'
    REBUILDING = 'rebuilding'
    IMAGE_BACKUP = 'image_backup'
    RESCUING = 'rescuing'
    UNRESCUING = 'unrescuing'
    # A resize or cold migration, step by step (Nova's names).
    RESIZE_PREP = 'resize_prep'
    RESIZE_MIGRATING = 'resize_migrating'
    RESIZE_MIGRATED = 'resize_migrated'
    RESIZE_FINISH = 'resize_finish'
    RESIZE_REVERTING = 'resize_reverting'
    RESIZE_CONFIRMING = 'resize_confirming'
    MIGRATING = 'migrating'
    ALL = (SCHEDULING, SPAWNING, DELETING, POWERING_OFF, POWERING_ON,
           REBOOTING, REBOOTING_HARD, PAUSING, UNPAUSING, SUSPENDING,
           RESUMING, IMAGE_SNAPSHOT, SHELVING, SHELVING_OFFLOADING,
           UNSHELVING, REBUILDING, RESCUING, UNRESCUING, IMAGE_BACKUP,
           RESIZE_PREP, RESIZE_MIGRATING, RESIZE_MIGRATED, RESIZE_FINISH,
           RESIZE_REVERTING, RESIZE_CONFIRMING, MIGRATING)


class PowerState:
    NOSTATE = 0
    RUNNING = 1
    PAUSED = 3
    SHUTDOWN = 4
    CRASHED = 6
    # The words Nova's diagnostics and notifications use for them.
    NAMES = {NOSTATE: 'pending', RUNNING: 'running', PAUSED: 'paused',
             SHUTDOWN: 'shutdown', CRASHED: 'crashed'}


class PciDeviceType:
    """Nova's kinds of PCI device: a plain one, an SR-IOV physical
    function, and a virtual function of one."""
    STANDARD = 'type-PCI'
    SRIOV_PF = 'type-PF'
    SRIOV_VF = 'type-VF'
    ALL = (STANDARD, SRIOV_PF, SRIOV_VF)


class PciDeviceStatus:
    AVAILABLE = 'available'
    ALLOCATED = 'allocated'
    ALL = (AVAILABLE, ALLOCATED)


class MonitorMetricType:
    """The metrics compute monitors report (Nova's names)."""
    CPU_FREQUENCY = 'cpu.frequency'
    CPU_USER_TIME = 'cpu.user.time'
    CPU_KERNEL_TIME = 'cpu.kernel.time'
    CPU_IDLE_TIME = 'cpu.idle.time'
    CPU_IOWAIT_TIME = 'cpu.iowait.time'
    CPU_USER_PERCENT = 'cpu.user.percent'
    CPU_KERNEL_PERCENT = 'cpu.kernel.percent'
    CPU_IDLE_PERCENT = 'cpu.idle.percent'
    CPU_IOWAIT_PERCENT = 'cpu.iowait.percent'
    CPU_PERCENT = 'cpu.percent'
    NUMA_MEM_BW_MAX = 'numa.membw.max'
    NUMA_MEM_BW_CURRENT = 'numa.membw.current'
    ALL = (CPU_FREQUENCY, CPU_USER_TIME, CPU_KERNEL_TIME, CPU_IDLE_TIME,
           CPU_IOWAIT_TIME, CPU_USER_PERCENT, CPU_KERNEL_PERCENT,
           CPU_IDLE_PERCENT, CPU_IOWAIT_PERCENT, CPU_PERCENT,
           NUMA_MEM_BW_MAX, NUMA_MEM_BW_CURRENT)


class PciDeviceTypeField(ovo_fields.BaseEnumField):
    AUTO_TYPE = ovo_fields.Enum(valid_values=PciDeviceType.ALL)


class PciDeviceStatusField(ovo_fields.BaseEnumField):
    AUTO_TYPE = ovo_fields.Enum(valid_values=PciDeviceStatus.ALL)


class MonitorMetricTypeField(ovo_fields.BaseEnumField):
    AUTO_TYPE = ovo_fields.Enum(valid_values=MonitorMetricType.ALL)


class VMStateField(ovo_fields.BaseEnumField):
    AUTO_TYPE = ovo_fields.Enum(valid_values=VMState.ALL)


class TaskStateField(ovo_fields.BaseEnumField):
    AUTO_TYPE = ovo_fields.Enum(valid_values=TaskState.ALL)


class JSONDict(ovo_fields.FieldType):
    """A dict of JSON values (nested as JSON allows), sent as it is."""

    @staticmethod
    def coerce(obj, attr, value):
        if not isinstance(value, dict):
            raise ValueError('A dict is required in field %s, not a %s'
                             % (attr, type(value).__name__))
        return value


class JSONDictField(ovo_fields.AutoTypedField):
    AUTO_TYPE = JSONDict()
