"""The conductor: drives a build from scheduling to the chosen compute.

It asks the scheduler for a host and alternates, hands the build to the
first, and on a reschedule takes the next alternate. Builds whose request
was lost (a restart of an in-process transport, a broker outage) are found
by a periodic check and put in ERROR rather than left in BUILD forever.
"""
import datetime

from futurist import periodics
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.conductor import object_indirection
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import flavor_placement
from nova_lite.objects import placement as placement_obj
from nova_lite.scheduler import rpcapi as scheduler_rpcapi
from nova_lite import service

LOG = logging.getLogger(__name__)


class ConductorManager(object_indirection.ObjectIndirection,
                       service.Manager):

    target = messaging.Target(version='1.2')

    def __init__(self, conf, host):
        super().__init__(conf, host)
        self.scheduler_api = scheduler_rpcapi.SchedulerAPI(conf)
        self.compute_api = compute_rpcapi.ComputeAPI(conf)

    def ping(self, context):
        return 'pong'

    def build_instances(self, context, instance, request_spec,
                        alternates=None, last_error=None):
        try:
            selections = alternates or self._schedule(context, request_spec)
        except exception.NoValidHost as e:
            self._fail(context, instance, e)
            return
        except messaging.MessagingTimeout as e:
            self._fail(context, instance, exception.NoValidHost(
                reason='the scheduler did not answer: %s' % e))
            return
        if alternates:
            selections = self._claim_alternate(context, instance,
                                               request_spec, selections)
            if not selections:
                self._fail(context, instance, exception.NoValidHost(
                    reason='the build failed (%s) and no alternate host '
                           'had room left' % last_error))
                return
            LOG.info('rescheduling %s to %s after: %s', instance.uuid,
                     selections[0].service_host, last_error)
        chosen, rest = selections[0], list(selections[1:])
        self.compute_api.build_and_run_instance(
            context, instance, chosen.service_host, request_spec, rest,
            allocations=chosen.allocations())

    @staticmethod
    def _claim_alternate(context, instance, request_spec, alternates):
        """Move the instance's allocation to the first alternate that
        still has room; the alternates from there on."""
        resources = flavor_placement.resources(request_spec.flavor)
        chosen = placement_obj.Placement.claim_first(
            context, instance.uuid,
            [(s.service_host,
              s.allocations() or {s.compute_node_uuid: resources})
             for s in alternates],
            instance.project_id, instance.user_id)
        return [] if chosen is None else list(alternates[chosen:])

    def _schedule(self, context, request_spec):
        return self.scheduler_api.select_destinations(
            context, request_spec,
            max_hosts=self.conf.conductor.max_build_attempts)

    def _fail(self, context, instance, error):
        LOG.info('build of %s failed: %s', instance.uuid,
                 error.format_message())
        if not instance.fail(error, host=self.host, expected_task_state=[
                fields.TaskState.SCHEDULING]):
            LOG.info('instance %s was deleted while it was scheduled',
                     instance.uuid)

    def periodic_tasks(self):
        timeout = self.conf.conductor.build_timeout
        if not timeout:
            return []

        @periodics.periodic(max(timeout // 4, 1), run_immediately=True)
        def fail_stale_builds():
            try:
                fail_builds_older_than(
                    nl_context.get_admin_context(), timeout, self.host)
            except Exception:
                LOG.exception('checking for stale builds failed')
        return [fail_stale_builds]


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
        failed += instance.fail(error, host=host, expected_task_state=[
            fields.TaskState.SCHEDULING])
    if failed:
        LOG.warning('%d builds had no host after %d s and were put in '
                    'ERROR', failed, seconds)
    return failed
