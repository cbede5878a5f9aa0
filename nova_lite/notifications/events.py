# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The notifications nova_lite publishes, each as Nova publishes it:
its event type, its payload and its publisher. A payload is built only
when notifications are on."""
import functools

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite import audit_period
from nova_lite import binaries
from nova_lite import network
from nova_lite.notifications import base
from nova_lite.notifications import legacy
from nova_lite.notifications import payloads
from nova_lite.notifications import request_spec_payloads

LOG = logging.getLogger(__name__)

COMPUTE, API, CONDUCTOR = 'nova-compute', 'nova-api', 'nova-conductor'
enabled = base.enabled


def _never_failing(notify):
    """A notification that cannot be made is logged: the work it tells
    of goes on."""
    @functools.wraps(notify)
    def safely(conf, context, *args, **kwargs):
        try:
            notify(conf, context, *args, **kwargs)
        except Exception:
            LOG.exception('%s notification not sent', notify.__name__)
    return safely


# The payload of an action's notifications where it is not the plain
# InstanceActionPayload (its own fields given as keywords).
_PAYLOADS = {'rescue': payloads.InstanceActionRescuePayload,
             'rebuild': payloads.InstanceActionRebuildPayload,
             'snapshot': payloads.InstanceActionSnapshotPayload}


@_never_failing
def instance_action(conf, context, instance, host, action, phase,
                    error=None, function_name=None, **fields):
    """``instance.<action>.<phase>`` from the compute on ``host`` (an
    error's phase is ``error``, its payload's ``fault`` the error), and
    its legacy notification."""
    if not any_enabled(conf):
        return
    payload = _PAYLOADS.get(action, payloads.InstanceActionPayload)(
        context, instance, _fault(error, function_name or action), **fields)
    _emit_instance(conf, context, instance, action, phase, payload, host,
                   error)


@_never_failing
def instance_create(conf, context, instance, host, phase, error=None,
                    keypairs=()):
    """``instance.create.start|end|error``, with the server's key pairs,
    tags and domain name; the legacy one's end says ``Success``."""
    if not any_enabled(conf):
        return
    payload = payloads.InstanceCreatePayload(
        context, instance, _fault(error, 'build_and_run_instance'),
        keypairs, instance.name_from(conf.instance_name_template))
    _emit_instance(conf, context, instance, 'create', phase, payload, host,
                   error, **({'message': 'Success'} if phase == 'end'
                             else {}))


@_never_failing
def instance_update(conf, context, instance, before):
    """``instance.update`` where ``[notifications] notify_on_state_change``
    asks for it, after a write of the server by this process
    (``nova-compute:<host>`` whatever the process, as Nova names it).
    ``before``: the (vm_state, task_state, display_name) it had."""
    watched = conf.notifications.notify_on_state_change
    if not watched or before is None or not any_enabled(conf):
        return
    old_state, old_task_state, old_name = before
    changed = old_state != instance.vm_state or (
        watched == 'vm_and_task_state' and
        old_task_state != instance.task_state)
    if not changed:  # the current states twice, and a new name's old one
        old_state, old_task_state = instance.vm_state, instance.task_state
    name = base.value_of(instance, 'display_name')
    renamed = not changed and old_name != name
    period = payloads.AuditPeriodPayload(*_current_period(conf))
    payload = payloads.InstanceUpdatePayload(
        context, instance,
        payloads.InstanceStateUpdatePayload(
            old_state, instance.vm_state, old_task_state,
            instance.task_state),
        period, old_name if renamed else None)
    _emit_instance(conf, context, instance, 'update', None, payload,
                   conf.host, **legacy.update_keys(payload))


@_never_failing
def instance_exists(conf, context, instance, host, period=None):
    """``instance.exists`` from the compute on ``host``: the server
    existed in the audit ``period`` (beginning, ending), the usage audit
    period under way if None (before a rebuild, a resize or a shelve
    changes what it is billed for)."""
    if not any_enabled(conf):
        return
    period = payloads.AuditPeriodPayload(*(period or
                                           _current_period(conf)))
    payload = payloads.InstanceExistsPayload(context, instance, period)
    _emit_instance(conf, context, instance, 'exists', None, payload, host,
                   **legacy.period_keys(period))


@_never_failing
def instance_evacuate(conf, context, instance, host):
    """``instance.evacuate`` (no phase), once the server is the
    destination's and before its guest is built there. Nova's destination
    names the API as the source (``nova-api:<destination>``), and so do
    we."""
    if not base.enabled(conf):
        return
    payload = payloads.InstanceActionPayload(context, instance, None)
    base.emit(conf, context, 'instance', 'evacuate', None, payload, API,
              host)


def _fault(error, function_name):
    """An action's fault: the error it failed with, if it failed."""
    return payloads.ExceptionPayload.of(error, function_name) \
        if error is not None else None


def _current_period(conf):
    """(beginning, ending) of the usage audit period under way."""
    return audit_period.current(conf.instance_usage_audit_period,
                                timeutils.utcnow().replace(tzinfo=None))


def any_enabled(conf):
    """Whether a notification of either format would be sent."""
    return base.enabled(conf) or base.legacy_enabled(conf)


def _emit_instance(conf, context, instance, action, phase, payload, host,
                   error=None, **legacy_extra):
    """``instance.<action>.<phase>`` from the compute on ``host``, an
    error's at ERROR; and its legacy notification, with
    ``legacy_extra``."""
    base.emit(conf, context, 'instance', action, phase, payload, COMPUTE,
              host, base.ERROR if phase == 'error' else base.INFO)
    legacy.instance_usage(conf, context, instance, host, action, phase,
                          payload, error, **legacy_extra)


@_never_failing
def instance_resize_prep(conf, context, instance, host, phase, new_flavor):
    """``instance.resize_prep.start|end``, with the flavor asked for."""
    if not any_enabled(conf):
        return
    payload = payloads.InstanceActionResizePrepPayload(
        context, instance, new_flavor=payloads.FlavorPayload(new_flavor))
    _emit_instance(conf, context, instance, 'resize_prep', phase, payload,
                   host, new_instance_type=new_flavor.name,
                   new_instance_type_id=base.value_of(new_flavor, 'id'))


@_never_failing
def flavor(conf, context, flavor, action, projects=None):
    """``flavor.create|update|delete`` from the API."""
    if not base.enabled(conf):
        return
    base.emit(conf, context, 'flavor', action, None,
              payloads.FlavorPayload(flavor, projects), API, conf.host)


@_never_failing
def keypair(conf, context, keypair, action, phase):
    """``keypair.create|import|delete.start|end`` from the API."""
    if not base.enabled(conf):
        return
    base.emit(conf, context, 'keypair', action, phase,
              payloads.KeypairPayload(keypair), API, conf.host)


@_never_failing
def aggregate(conf, context, aggregate, action, phase):
    """``aggregate.<action>.<phase>`` from the API (``aggregate``: its
    dict, as far as it exists yet)."""
    if not base.enabled(conf):
        return
    base.emit(conf, context, 'aggregate', action, phase,
              payloads.AggregatePayload(aggregate), API, conf.host)


@_never_failing
def server_group(conf, context, group, action):
    """``server_group.create|delete|add_member`` from the API."""
    if not base.enabled(conf):
        return
    base.emit(conf, context, 'server_group', action, None,
              payloads.ServerGroupPayload(group), API, conf.host)


@_never_failing
def service(conf, context, service, action, zone=None):
    """``service.create`` (a service's first start), ``service.update``
    and ``service.delete`` (from the API): published, as Nova's are, by
    the service itself (``nova-compute:<its host>``), by the name Nova's
    consumers know it by."""
    if not base.enabled(conf):
        return
    binary = binaries.shown(service.binary)
    base.emit(conf, context, 'service', action, None,
              payloads.ServiceStatusPayload(service, binary, zone), binary,
              service.host)


@_never_failing
def compute_exception(conf, context, host, function_name, error):
    """``compute.exception``: an RPC call to the compute on ``host``
    failed with ``error`` (ERROR, the error as its payload)."""
    if not base.enabled(conf):
        return
    payload = payloads.ExceptionPayload.of(error, function_name,
                                           traceback=True)
    base.emit(conf, context, 'compute', 'exception', None, payload,
              COMPUTE, host, base.ERROR)


@_never_failing
def compute_task_error(conf, context, task, instance, spec, error,
                       group=None):
    """``compute_task.<task>.error`` from the conductor: its ``task``
    (``build_instances``, ``migrate_server``, ``rebuild_server``) failed
    on ``instance``, which it left in its VM state; ``spec``: the
    server's request spec (or None), ``group``: its server group."""
    if not base.enabled(conf):
        return
    request = request_spec_payloads.RequestSpecPayload(
        spec, instance, group, network.security_group_names(
            base.value_of(instance, 'vifs') or [])) \
        if spec is not None else None
    payload = request_spec_payloads.ComputeTaskPayload(
        instance.uuid, request, base.value_of(instance, 'vm_state'),
        payloads.ExceptionPayload.of(error, task, traceback=True))
    base.emit(conf, context, 'compute_task', task, 'error', payload,
              CONDUCTOR, conf.host, base.ERROR)


@_never_failing
def metrics_update(conf, context, host, nodename, metrics):
    """``metrics.update`` from a compute whose monitors read ``metrics``
    (a MonitorMetricList) of its node, and the legacy
    ``compute.metrics.update``, at each resource update."""
    if base.enabled(conf):
        base.emit(conf, context, 'metrics', 'update', None,
                  payloads.MetricsPayload(host, conf.my_ip, nodename,
                                          metrics), COMPUTE, host)
    if base.legacy_enabled(conf):
        base.emit_legacy(conf, context, 'compute.metrics.update', {
            'host': host, 'host_ip': conf.my_ip, 'nodename': nodename,
            'metrics': [legacy.metric(m) for m in metrics.objects]},
            'compute', host)
