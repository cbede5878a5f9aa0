# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor: drives a build from scheduling to the chosen compute.

It asks the scheduler for a host and alternates, hands the build to the
first, and on a reschedule takes the next alternate. Nothing in flight is
left behind when a conductor, or the request that was meant for it, is
lost: it takes each build it drives under its process's name
(``objects.build_owner``), ends at start the builds an earlier process on
its host was driving, sends again a build request that no conductor took,
and fails a build still without a host after ``build_timeout``. Its
periodic heal removes allocations no server will use.
"""
import datetime

from futurist import periodics
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.conductor import live_migrate
from nova_lite.conductor import migrate
from nova_lite.conductor import object_indirection
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import allocation_audit
from nova_lite.objects import build_owner
from nova_lite.objects import fields
from nova_lite.objects import flavor_placement
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import virtual_interface
from nova_lite import rpc
from nova_lite.scheduler import rpcapi as scheduler_rpcapi
from nova_lite.service import service

LOG = logging.getLogger(__name__)
# Task states of a build that no host has taken: being scheduled, or
# given back by a compute that crashed between its abort and its failure.
UNPLACED = [fields.TaskState.SCHEDULING, fields.TaskState.SPAWNING]
SCHEDULE_EVENT = 'conductor_schedule_and_build_instances'


class ConductorManager(object_indirection.ObjectIndirection,
                       service.Manager):

    target = messaging.Target(version='1.5')

    def __init__(self, conf, host):
        super().__init__(conf, host)
        self.scheduler_api = scheduler_rpcapi.SchedulerAPI(conf)
        self.compute_api = compute_rpcapi.ComputeAPI(conf)
        self.conductor_api = conductor_rpcapi.ConductorAPI(conf)
        self.owner = build_owner.new_owner(host)
        # On an in-process transport every service lives and dies with
        # this one, and the all-in-one fails every unplaced build when it
        # starts: builds are not tracked (a write each, 7% of the boot
        # rate), nor requests sent again.
        self.tracks_builds = not rpc.is_in_process(conf)

    def init_host(self, context):
        """Before taking requests: the builds an earlier process on this
        host was driving died with it."""
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

    def ping(self, context):
        return 'pong'

    def build_instances(self, context, instance, request_spec,
                        alternates=None, last_error=None):
        if self.tracks_builds and not build_owner.take(
                context, instance.uuid, self.owner, force=bool(alternates)):
            LOG.info('build of %s is driven by another conductor, or no '
                     'longer being scheduled: not driving it again',
                     instance.uuid)
            return
        step = self._step()
        try:
            self._drive_build(context, instance, request_spec, alternates,
                              last_error, step)
        except Exception as e:
            self._record_step(context, instance, step, e)
            raise

    def _step(self):
        """This conductor's scheduling step of a build, as it starts: the
        compute that takes the build records it done, in the write of its
        claim (none of the conductor's own); a failed one is recorded
        here."""
        return {'event': SCHEDULE_EVENT, 'host': self.host,
                'start': timeutils.utcnow().isoformat()}

    @staticmethod
    def _record_step(context, instance, step, error=None):
        instance_action.finish_event(
            context, instance.uuid, SCHEDULE_EVENT, error,
            started_at=step['start'], host=step['host'])

    def _cast_build(self, context, instance, request_spec, selections,
                    step):
        sent = self.compute_api.build_and_run_instance(
            context, instance, selections[0].service_host, request_spec,
            list(selections[1:]), allocations=selections[0].allocations(),
            scheduled=step)
        if not sent:  # a compute capped below 1.3 records no step
            self._record_step(context, instance, step)

    def _drive_build(self, context, instance, request_spec, alternates,
                     last_error, step):
        """Schedule (or take the next alternate) and cast the build to the
        chosen compute, or fail it (the error, then)."""
        try:
            selections = alternates or self._schedule(context, request_spec)
        except exception.NoValidHost as e:
            return self._fail(context, instance, e, step)
        except messaging.MessagingTimeout as e:
            return self._fail(context, instance, exception.NoValidHost(
                reason='the scheduler did not answer: %s' % e), step)
        except Exception as e:
            # A scheduler that failed on this request fails the build: it
            # must not stay scheduling for ever.
            LOG.exception('the scheduler failed on %s', instance.uuid)
            return self._fail(context, instance, exception.NoValidHost(
                reason='the scheduler failed: %s' % type(e).__name__), step)
        if alternates:
            selections = self._claim_alternate(context, instance,
                                               request_spec, selections)
            if not selections:
                return self._fail(context, instance, exception.NoValidHost(
                    reason='the build failed (%s) and no alternate host '
                           'had room left' % last_error), step)
            LOG.info('rescheduling %s to %s after: %s', instance.uuid,
                     selections[0].service_host, last_error)
        self._cast_build(context, instance, request_spec, selections, step)
        return None

    def build_together(self, context, instances):
        """Schedule every server of one request (each claims its host in
        placement); if one finds no host, the claims already made are
        given back and every server ends in ERROR, as Nova does when
        capacity lacks for the whole request. Then each build goes to its
        compute (a failed spawn reschedules that server alone)."""
        mine = [i for i in instances if not self.tracks_builds or
                build_owner.take(context, i.uuid, self.owner)]
        step = self._step()
        placed, error = self._schedule_together(context, mine)
        if error is not None:
            for instance, _, _ in placed:
                placement_obj.Placement.unclaim(context, instance.uuid)
            for instance in mine:
                self._fail(context, instance, error, step)
            return
        for instance, spec, selections in placed:
            self._cast_build(context, instance, spec, selections, step)

    def _schedule_together(self, context, instances):
        """([(instance, spec, selections)] placed, the error that stopped
        it or None)."""
        placed = []
        for instance in instances:
            spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                context, instance.uuid)
            try:
                placed.append((instance, spec, self._schedule(context,
                                                              spec)))
            except exception.NoValidHost as e:
                return placed, exception.NoValidHost(
                    reason='%s (%d of the %d servers of the request found '
                           'a host)' % (e.kwargs.get('reason') or e,
                                        len(placed), len(instances)))
            except messaging.MessagingTimeout as e:
                return placed, exception.NoValidHost(
                    reason='the scheduler did not answer: %s' % e)
        return placed, None

    @messaging.expected_exceptions(exception.NoValidHost)
    def migrate_server(self, context, instance, flavor, host=None):
        """A resize or cold migration: scheduled before this call returns
        (``conductor.migrate``)."""
        migrate.migrate_server(self, context, instance, flavor, host)

    @messaging.expected_exceptions(exception.NoValidHost,
                                   exception.MigrationPreCheckError,
                                   exception.Conflict)
    def live_migrate_instance(self, context, instance, host=None,
                              block_migration=False, force=False):
        """A live migration: its destination found, claimed and checked
        before this returns (``conductor.live_migrate``)."""
        live_migrate.live_migrate(self, context, instance, host,
                                  block_migration, force)

    def evacuate_instance(self, context, instance, host=None, force=False):
        live_migrate.evacuate(self, context, instance, host, force)

    def unshelve_instance(self, context, instance, request_spec):
        """Schedule an offloaded shelved server and hand it to the chosen
        compute; with no host for it, it stays offloaded (task over)."""
        with instance_action.recorded_event(
                context, instance.uuid, 'conductor_unshelve_instance',
                self.host, whole=True) as outcome:
            try:
                chosen = self._schedule(context, request_spec)[0]
            except (exception.NoValidHost,
                    messaging.MessagingTimeout) as e:
                outcome.error = e
                LOG.info('unshelve of %s found no host: %s', instance.uuid,
                         e)
                _end_unshelve(instance)
                return
            self.compute_api.unshelve_instance(
                context, instance, chosen.service_host,
                allocations=chosen.allocations())

    @staticmethod
    def _claim_alternate(context, instance, request_spec, alternates):
        """Move the instance's allocation to the first alternate that
        still has room; the alternates from there on."""
        resources = flavor_placement.resources(request_spec.flavor)
        chosen = placement_obj.Placement.claim_first(
            context, instance.uuid,
            [(s.service_host,
              s.allocations() or {s.compute_node_uuid: resources},
              s.compute_node_uuid) for s in alternates],
            instance.project_id, instance.user_id,
            request_spec.group_uuid())
        return [] if chosen is None else list(alternates[chosen:])

    def _schedule(self, context, request_spec):
        return self.scheduler_api.select_destinations(
            context, request_spec,
            max_hosts=self.conf.conductor.max_build_attempts)

    def _fail(self, context, instance, error, step):
        """The build's ``step`` recorded failed, then the server in
        ERROR: whoever sees the server in ERROR sees why in its action
        too."""
        LOG.info('build of %s failed: %s', instance.uuid,
                 error.format_message())
        self._record_step(context, instance, step, error)
        if not instance.fail(error, host=self.host, expected_task_state=[
                fields.TaskState.SCHEDULING]):
            LOG.info('instance %s was deleted while it was scheduled',
                     instance.uuid)
        return error

    def periodic_tasks(self):
        return [task for task in (self._stale_build_check(),
                                  self._heal_check()) if task is not None]

    def _stale_build_check(self):
        timeout = self.conf.conductor.build_timeout
        if not timeout:
            return None
        retry_after = self.conf.conductor.build_retry_after

        @periodics.periodic(max(min(timeout, retry_after) // 4, 1),
                            run_immediately=True)
        def fail_stale_builds():
            context = nl_context.get_admin_context()
            try:
                if self.tracks_builds:
                    self.retry_untaken_builds(context, retry_after)
                fail_builds_older_than(context, timeout, self.host)
                end_unshelves_older_than(context, timeout)
            except Exception:
                LOG.exception('checking for stale builds failed')
        return fail_stale_builds

    def retry_untaken_builds(self, context, seconds):
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
                instance.fail(exception.BuildRequestLost(seconds=seconds),
                              host=self.host, expected_task_state=[
                                  fields.TaskState.SCHEDULING])
                continue
            LOG.warning('no conductor took the build of %s for %d s: '
                        'sending its request again', uuid, seconds)
            self.conductor_api.build_instances(context, instance, spec)

    def _heal_check(self):
        interval = self.conf.conductor.heal_interval
        if not interval:
            return None

        seen = set()

        @periodics.periodic(interval, run_immediately=False)
        def heal_allocations():
            try:
                heal(nl_context.get_admin_context(), seen)
            except Exception:
                LOG.exception('healing placement failed')
        return heal_allocations


def heal(context, seen=None):
    """Remove the allocations no server will use; their number. Log the
    other findings once a second check finds them again (a move of an
    allocation under way looks like one for an instant). ``seen``: what
    the previous check left, updated."""
    removed = 0
    found = allocation_audit.findings(context)
    for finding in found:
        if finding.safe_to_remove:
            allocation_audit.remove(context, finding)
            removed += 1
            LOG.warning('removed the allocation of %s on %s: %s',
                        finding.consumer, finding.host, finding.kind)
        elif seen is not None and _key(finding) in seen:
            LOG.warning('placement audit: %s allocation of %s on %s, left '
                        'for nova-lite-manage placement audit --heal',
                        finding.kind, finding.consumer, finding.host)
    if seen is not None:
        seen.clear()
        seen.update(_key(f) for f in found if not f.safe_to_remove)
    return removed + _free_orphaned_addresses(context)


def _free_orphaned_addresses(context):
    """Addresses held by no server (its delete or failure crashed before
    it gave them back): freed; their number."""
    vifs = virtual_interface.VirtualInterfaceList.held_by_no_server(context)
    for vif in vifs:
        LOG.warning('freed address %s on %s of %s: its server is deleted '
                    'or failed', vif.address, vif.network, vif.instance_uuid)
    return vifs.free_orphans()


def _end_unshelve(instance):
    """An unshelve that will not happen: the server is offloaded, with
    no task (and no claim)."""
    instance.task_state = None
    try:
        instance.save(expected_task_state=[fields.TaskState.UNSHELVING])
    except (exception.Conflict, exception.InstanceNotFound):
        return
    placement_obj.Placement.unclaim(instance._context, instance.uuid)


def end_unshelves_older_than(context, seconds):
    """Unshelves of offloaded servers that no compute took within
    ``seconds`` (their request was lost): offloaded again, no task."""
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
            _end_unshelve(instance)


def _key(finding):
    return finding.kind, finding.consumer, finding.host


def _fail_by_uuid(context, uuid, error, host, expected_task_state):
    try:
        instance = instance_obj.Instance.get_by_uuid(context, uuid)
    except exception.InstanceNotFound:
        return False
    return instance.fail(error, host=host,
                         expected_task_state=expected_task_state)


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
        if instance.fail(error, host=host, expected_task_state=UNPLACED):
            LOG.warning('build of %s had no host after %d s: ERROR',
                        instance.uuid, seconds)
            failed += 1
    if failed:
        LOG.warning('%d builds had no host after %d s and were put in '
                    'ERROR', failed, seconds)
    return failed
