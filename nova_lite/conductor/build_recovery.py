# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""No build is lost with the conductor that drove it, or with its request.

Each build is taken under the name of the conductor process that drives
it (``objects.build_owner``). A conductor starting on a host ends the
builds an earlier process on that host was driving; its periodic check
sends again the request of a build no conductor took within ``[conductor]
build_retry_after``, fails a build still without a host after
``build_timeout``, and ends an unshelve that no compute took. The same in
every deployment: the all-in-one's conductor runs the same checks as a
daemon's.
"""
import datetime

from futurist import periodics
from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.conductor.tasks import build
from nova_lite.conductor.tasks import unshelve
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import build_owner
from nova_lite.objects import cut_off
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import request_spec as request_spec_obj

LOG = logging.getLogger(__name__)
# Task states of a build that no host has taken: being scheduled, or
# given back by a compute that crashed between its abort and its failure.
UNPLACED = [fields.TaskState.SCHEDULING, fields.TaskState.SPAWNING]


class BuildRecovery:

    def __init__(self, conf, host, owner, conductors):
        self.conf = conf
        self.host = host
        self.owner = owner
        self.conductors = conductors

    def end_interrupted(self, context):
        """The builds an earlier process on this host was driving died
        with it: ERROR."""
        interrupted = build_owner.of_earlier_processes(context, self.host,
                                                       self.owner)
        error = exception.BuildInterrupted(host=self.host)
        failed = sum(_fail_by_uuid(context, uuid, error, self.host,
                                   [fields.TaskState.SCHEDULING])
                     for uuid in interrupted)
        if failed:
            LOG.warning('%d builds that an earlier conductor process on %s '
                        'was scheduling were put in ERROR', failed,
                        self.host)

    def periodic_task(self):
        """The check for lost and stale builds, or None if
        ``build_timeout`` is 0."""
        timeout = self.conf.conductor.build_timeout
        if not timeout:
            return None
        retry_after = self.conf.conductor.build_retry_after

        @periodics.periodic(max(min(timeout, retry_after) // 4, 1),
                            run_immediately=True)
        def fail_stale_builds():
            context = nl_context.get_admin_context()
            try:
                self.retry_untaken(context, retry_after)
                fail_builds_older_than(context, timeout, self.host)
                end_unshelves_older_than(context, timeout, self.host)
            except Exception:
                LOG.exception('checking for stale builds failed')
        return fail_stale_builds

    def retry_untaken(self, context, seconds):
        """Send again the requests of builds no conductor took."""
        for uuid in build_owner.untaken_since(context, seconds):
            try:
                instance = instance_obj.Instance.get_by_uuid(
                    context, uuid, expected_attrs=['flavor'])
            except exception.InstanceNotFound:
                continue
            try:
                spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                    context, uuid)
            except exception.NotFound:
                # The API stopped between the two records: nothing to
                # build it from.
                _fail_build(context, instance,
                            exception.BuildRequestLost(seconds=seconds),
                            self.host, [fields.TaskState.SCHEDULING])
                continue
            LOG.warning('no conductor took the build of %s for %d s: '
                        'sending its request again', uuid, seconds)
            # In the create's request id: its steps show on its action.
            self.conductors.build_instances(
                cut_off.asking(context, uuid) or context, instance, spec)


def _fail_by_uuid(context, uuid, error, host, expected_task_state):
    try:
        instance = instance_obj.Instance.get_by_uuid(context, uuid)
    except exception.InstanceNotFound:
        return False
    return _fail_build(context, instance, error, host, expected_task_state)


def _fail_build(context, instance, error, host, expected_task_state):
    """A build that will not be: ERROR with ``error`` as its fault and as
    its create's scheduling step, unless a compute took it meanwhile."""
    if not instance.fail(error, host=host,
                         expected_task_state=expected_task_state):
        return False
    cut_off.record(context, instance, error, host, build.SCHEDULE_EVENT)
    return True


def fail_builds_older_than(context, seconds, host):
    """Put builds that never reached a compute, and are old, in ERROR."""
    cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
        seconds=seconds)
    building = instance_obj.InstanceList.get_by_filters(
        context, {'vm_state': fields.VMState.BUILDING, 'host': None})
    failed = 0
    for instance in building:
        if instance.created_at and instance.created_at > cutoff:
            continue
        error = exception.BuildRequestLost(seconds=seconds)
        if _fail_build(context, instance, error, host, UNPLACED):
            LOG.warning('build of %s had no host after %d s: ERROR',
                        instance.uuid, seconds)
            failed += 1
    if failed:
        LOG.warning('%d builds had no host after %d s and were put in '
                    'ERROR', failed, seconds)
    return failed


def end_unshelves_older_than(context, seconds, host):
    """Unshelves of offloaded servers that no compute took within
    ``seconds`` (their request was lost): offloaded again, no task, the
    unshelve's action saying so."""
    cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
        seconds=seconds)
    for instance in instance_obj.InstanceList.get_by_filters(
            context, {'vm_state': fields.VMState.SHELVED_OFFLOADED,
                      'task_state': [fields.TaskState.UNSHELVING],
                      'host': None}):
        changed = instance.updated_at or instance.created_at
        if changed is not None and changed < cutoff:
            LOG.warning('unshelve of %s had no host after %d s: it stays '
                        'offloaded', instance.uuid, seconds)
            if unshelve.end_unshelve(context, instance):
                cut_off.record(context, instance, cut_off.RequestLost(
                    task=fields.TaskState.UNSHELVING, seconds=seconds,
                    outcome='the server stays offloaded'), host,
                    cut_off.LOST_EVENT)
