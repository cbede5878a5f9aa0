# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Nova's legacy (unversioned) notifications of a server, for the
consumers that still read them (metering and billing tools of older
clouds): ``compute.instance.<action>[.<phase>]`` from ``compute.<host>``
on oslo.messaging's ``[oslo_messaging_notifications] topics``, the
payload a plain dict with Nova's legacy keys. Published where
``[notifications] notification_format`` is ``unversioned`` or ``both``.

Each is made from the versioned payload of the same event, with the few
keys only the legacy one has: one place decides what a server's
notification says, whatever its format.
"""
import datetime

from nova_lite.notifications import base

SERVICE = 'compute'
# Versioned instance actions whose legacy name differs; the others in
# ``_SAME`` keep theirs, and an action in neither has no legacy
# notification (as in Nova: evacuate, lock, a crash dump).
_RENAMED = {'resize_prep': 'resize.prep', 'resize_finish': 'finish_resize',
            'resize_confirm': 'resize.confirm',
            'resize_revert': 'resize.revert',
            'live_migration_pre': 'live_migration.pre',
            'live_migration_post': 'live_migration._post',
            'live_migration_post_dest': 'live_migration.post.dest',
            'live_migration_rollback': 'live_migration._rollback',
            'live_migration_rollback_dest': 'live_migration.rollback.dest',
            'live_migration_abort': 'live.migration.abort',
            'live_migration_force_complete': 'live.migration.force.complete'}
_SAME = frozenset(('create', 'delete', 'shutdown', 'power_off', 'power_on',
                   'reboot', 'pause', 'unpause', 'suspend', 'resume',
                   'shelve', 'shelve_offload', 'unshelve', 'rescue',
                   'unrescue', 'rebuild', 'snapshot', 'resize', 'restore',
                   'soft_delete', 'update', 'exists'))


def event_type(action, phase=None):
    """The legacy event type of a versioned instance action, or None if
    it has none."""
    name = _RENAMED.get(action) or (action if action in _SAME else None)
    if name is None:
        return None
    return '.'.join(part for part in ('compute.instance', name, phase)
                    if part)


def instance_usage(conf, context, instance, host, action, phase, payload,
                   error=None, **extra):
    """``compute.instance.<action>.<phase>`` of ``instance`` from the
    compute on ``host``: the legacy keys made from the versioned
    ``payload``, an error's message and code, and ``extra``."""
    name = event_type(action, phase)
    if name is None or not base.legacy_enabled(conf):
        return
    info = instance_info(conf, instance, payload)
    if error is not None:
        info.update(exception=repr(error), message=str(error)[:255],
                    code=getattr(error, 'code', 500))
    info.update(extra)
    base.emit_legacy(conf, context, name, info, SERVICE, host,
                     base.ERROR if phase == 'error' else base.INFO)


def instance_info(conf, instance, payload):
    """The keys every legacy notification of a server has."""
    flavor = payload.flavor
    root_gb, ephemeral_gb = flavor.root_gb or 0, flavor.ephemeral_gb or 0
    image = payload.image_uuid
    return {
        'tenant_id': payload.tenant_id, 'user_id': payload.user_id,
        'instance_id': payload.uuid, 'display_name': payload.display_name,
        'reservation_id': payload.reservation_id,
        'hostname': payload.host_name,
        'instance_type': flavor.name,
        'instance_type_id': base.value_of(instance.flavor, 'id'),
        'instance_flavor_id': flavor.flavorid,
        'architecture': payload.architecture,
        'memory_mb': flavor.memory_mb, 'disk_gb': root_gb + ephemeral_gb,
        'vcpus': flavor.vcpus, 'root_gb': root_gb,
        'ephemeral_gb': ephemeral_gb,
        'host': payload.host, 'node': payload.node,
        'availability_zone': payload.availability_zone, 'cell_name': '',
        'created_at': str(payload.created_at),
        'terminated_at': _time(payload.terminated_at),
        'deleted_at': _time(payload.deleted_at),
        'launched_at': _time(payload.launched_at),
        'image_ref_url': image and '%s/images/%s' % (
            conf.glance.api_servers.rstrip('/'), image),
        'os_type': payload.os_type, 'kernel_id': payload.kernel_id,
        'ramdisk_id': payload.ramdisk_id,
        'state': payload.state,
        'state_description': payload.task_state or '',
        'progress': payload.progress or '',
        'access_ip_v4': base.value_of(instance, 'access_ip_v4'),
        'access_ip_v6': base.value_of(instance, 'access_ip_v6'),
        'fixed_ips': [_fixed_ip(ip) for ip in payload.ip_addresses],
        'image_meta': dict(base.value_of(instance, 'image_properties') or
                           {}),
        'metadata': dict(payload.metadata),
    }


def update_keys(payload):
    """What ``compute.instance.update`` adds, from the versioned
    ``InstanceUpdatePayload``: the states old and new, the audit period,
    an empty ``bandwidth`` (as Nova's) and the old name of a rename."""
    states = payload.state_update
    keys = dict(period_keys(payload.audit_period),
                old_state=states.old_state, state=states.state,
                old_task_state=states.old_task_state,
                new_task_state=states.new_task_state)
    if payload.old_display_name:
        keys['old_display_name'] = payload.old_display_name
    return keys


def period_keys(period):
    """The audit period of ``compute.instance.update`` and ``.exists``,
    from the versioned ``AuditPeriodPayload``, and the empty
    ``bandwidth`` Nova's have."""
    return {'audit_period_beginning': _time(period.audit_period_beginning),
            'audit_period_ending': _time(period.audit_period_ending),
            'bandwidth': {}}


def metric(metric):
    """A monitor's metric (MonitorMetric) as ``compute.metrics.update``
    lists it."""
    found = {'name': metric.name, 'value': metric.value,
             'timestamp': _time(metric.timestamp), 'source': metric.source}
    if metric.numa_membw_values:
        found['numa_membw_values'] = dict(metric.numa_membw_values)
    return found


def _fixed_ip(ip):
    return {'address': ip.address, 'floating_ips': [], 'label': ip.label,
            'meta': dict(ip.meta), 'type': 'fixed', 'version': ip.version,
            'vif_mac': ip.mac}


def _time(value):
    """Nova's legacy form of a time: ISO 8601 with microseconds, or ''
    when there is none."""
    if not isinstance(value, datetime.datetime):
        return ''
    return value.replace(tzinfo=None).strftime('%Y-%m-%dT%H:%M:%S.%f')
