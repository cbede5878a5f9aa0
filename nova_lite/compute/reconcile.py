# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""On start, make the hypervisor and the database agree about this host.

After a restart, the instances the database places on this host are
brought back to a consistent state: an unfinished delete is finished, a
build that was cut off ends in ERROR with a fault, and the domain of an
ACTIVE instance that the hypervisor no longer knows is created again (a
libvirt test-driver host forgets everything when its process ends) or,
if known but not running (a real host that rebooted), started; a stop,
start or reboot that was cut off ends with the server as its guest is;
a move cut off is rolled back or failed (``move_recovery``), and a
confirm of a move off this host that was cut off is finished; and a
guest whose server was deleted while this compute was down is removed.

The same steps finish, while the compute runs, a task that nothing here
is doing and that has not changed for ``[compute] abandoned_task_timeout``
(its request was lost).
"""
import datetime

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.compute import move_recovery
from nova_lite.compute import moves as moves_mod
from nova_lite import exception
from nova_lite.objects import cut_off
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
_T = fields.TaskState
POWER_TASKS = (_T.POWERING_OFF, _T.POWERING_ON, _T.REBOOTING,
               _T.REBOOTING_HARD, _T.PAUSING, _T.UNPAUSING, _T.SUSPENDING,
               _T.RESUMING)
# A guest that is off after one of these was cut off is suspended (its
# memory saved), not stopped.
_SAVING_TASKS = (_T.SUSPENDING, _T.RESUMING)
_SNAPSHOT_TASKS = (_T.IMAGE_SNAPSHOT, _T.SHELVING, _T.IMAGE_BACKUP)
RESCUE_TASKS = (_T.RESCUING, _T.UNRESCUING)
SHELVE_TASKS = (_T.SHELVING_OFFLOADING, _T.UNSHELVING)


class Reconciler:

    def __init__(self, conf, driver, tracker, operations, builds, shelving,
                 images, moves):
        self.conf = conf
        self.driver = driver
        self.rt = tracker
        self.operations = operations
        self.builds = builds
        self.shelving = shelving
        self.images = images
        self.confirms = moves
        self.moves = move_recovery.MoveRecovery(driver, operations.host)

    @property
    def host(self):
        return self.operations.host

    def reconcile_host(self, context, instances=None):
        """Bring the host's guests and its servers' states in line with
        what was under way when it stopped; ``instances``: the host's, if
        the caller read them just now (with their flavors)."""
        evacuated, confirming, kept = migration_obj.left_to_source(
            context, self.host)
        summary = {'running': 0, 'recreated': 0, 'deleted': 0, 'failed': 0,
                   'removed': 0, 'offloaded': 0,
                   'evacuated': self._clean_up_evacuations(context,
                                                           evacuated),
                   'confirmed': self.confirms.confirm_cut_off(context,
                                                              confirming)}
        known = set(self.driver.list_instance_uuids())
        if instances is None:
            instances = self.operations.instances(context)
        for instance in instances:
            summary[self._reconcile_one(context, instance, known)] += 1
        # Guests of servers deleted while this compute was down (not the
        # old guests of moves off this host that may still be reverted).
        for uuid in sorted(known - {i.uuid for i in instances} -
                           {m.instance_uuid for m in kept}):
            self.driver.destroy(context, instance_obj.Instance(uuid=uuid))
            summary['removed'] += 1
        LOG.info('host %s reconciled with its hypervisor: %d running, '
                 '%d re-created, %d deletes finished, %d builds failed, '
                 '%d guests of deleted servers removed, %d shelved servers '
                 'offloaded, %d confirms of moves finished', self.host,
                 summary['running'], summary['recreated'],
                 summary['deleted'], summary['failed'], summary['removed'],
                 summary['offloaded'], summary['confirmed'])
        return summary

    def _clean_up_evacuations(self, context, evacuations):
        """Servers evacuated while this host was down now run elsewhere:
        their guests here go, and so do the allocations their migrations
        kept on this host. An evacuation not done yet is left to finish.
        How many went."""
        cleaned = 0
        for migration in evacuations:
            try:
                instance = instance_obj.Instance.get_by_uuid(
                    context, migration.instance_uuid, read_deleted=True)
            except exception.InstanceNotFound:
                instance = None
            live = instance is not None and not instance.deleted
            if live and (migration.status != 'done' or
                         instance.host == self.host):
                continue  # not done yet: the evacuation goes on
            LOG.info('instance %s was evacuated from %s: removing its '
                     'guest and allocation here', migration.instance_uuid,
                     self.host)
            self.driver.destroy(context, instance_obj.Instance(
                uuid=migration.instance_uuid))
            migration_obj.complete_evacuation(context, migration)
            cleaned += 1
        return cleaned

    def _reconcile_one(self, context, instance, known):
        if instance.task_state == _T.DELETING:
            self.builds.terminate(context, instance)
            return 'deleted'
        if instance.vm_state == fields.VMState.BUILDING:
            self._fail_interrupted_build(context, instance)
            return 'failed'
        if instance.task_state in POWER_TASKS:
            self._end_power_task(context, instance)
        if instance.task_state in RESCUE_TASKS:
            return self._end_rescue_task(context, instance)
        if instance.task_state in SHELVE_TASKS or (
                instance.vm_state == fields.VMState.SHELVED_OFFLOADED):
            return self._end_shelve_task(context, instance)
        if instance.task_state in move_recovery.MOVE_TASKS:
            return self.moves.end_move_task(context, instance)
        if instance.task_state in _SNAPSHOT_TASKS:
            self._end_snapshot(context, instance)
        if instance.vm_state == fields.VMState.RESIZED:
            self._settle_if_confirmed(context, instance)
        return self._guest_as_asked(context, instance, known)

    def _settle_if_confirmed(self, context, instance):
        """A server still shown resized whose move is over: its source
        confirmed it (the old guest and the migration's claim gone, the
        migration confirmed) and stopped before the server's own save.
        A source of this release ends the migration last and finishes
        such a confirm itself as it starts; one of an earlier release
        ended it first. The server shows its state again, as the confirm
        would have left it. Whether it was settled."""
        if migration_obj.Migration.in_progress_of(context,
                                                  instance.uuid) is not None:
            return False  # still to be confirmed or reverted
        LOG.warning('instance %s: its move was confirmed as its source '
                    'stopped; settling it here', instance.uuid)
        instance.migration_context = None
        instance.vm_state = moves_mod.settled_state(instance)
        instance.save()
        return True

    def _guest_as_asked(self, context, instance, known):
        """An ACTIVE server's guest runs again, if
        ``resume_guests_state_on_host_boot`` asks."""
        resume = (instance.vm_state == fields.VMState.ACTIVE and
                  self.conf.compute.resume_guests_state_on_host_boot)
        if instance.uuid in known:
            if resume and self.driver.get_power_state(
                    instance) != fields.PowerState.RUNNING:
                return self._power_on(instance)
            return 'running'
        if resume:
            return self._recreate(context, instance)
        return 'running'

    def _end_power_task(self, context, instance):
        """A power action (stop, start, reboot, pause, suspend and their
        undoing) cut off by the restart: the server is what its guest is
        now."""
        task = instance.task_state
        instance.power_state = self.driver.get_power_state(instance)
        instance.vm_state = _state_of_guest(instance.power_state, task)
        LOG.info('instance %s: %s was interrupted; it is %s', instance.uuid,
                 task, instance.vm_state)
        instance.task_state = None
        instance.save()
        cut_off.note(context, instance, task, self.host,
                     'the server is %s' % instance.vm_state)

    def _end_rescue_task(self, context, instance):
        """A rescue or unrescue cut off: the guest boots its own disk
        again (ACTIVE), or the server is in ERROR if even that fails."""
        try:
            self.driver.unrescue(context, instance)
        except Exception as e:
            instance.fail(e, host=self.host, keep_claim=True)
            return 'failed'
        task = instance.task_state
        instance.vm_state = fields.VMState.ACTIVE
        instance.task_state = None
        instance.power_state = self.driver.get_power_state(instance)
        instance.save()
        cut_off.note(context, instance, task, self.host,
                     'the server runs from its own disk')
        return 'running'

    def _end_shelve_task(self, context, instance):
        """An offload cut off is finished; an unshelve is undone: a
        server shelved here stays shelved, one being built here from its
        shelved image (offloaded, task unshelving or spawning) is
        offloaded again."""
        if instance.task_state == _T.SHELVING_OFFLOADING:
            self.shelving.offload(context, instance)
            return 'offloaded'
        task = instance.task_state
        if instance.vm_state == fields.VMState.SHELVED_OFFLOADED:
            self.driver.destroy(context, instance)
            self.rt.abort_instance_claim(instance)
            self.shelving.back_to_offloaded(context, instance)
            if task is not None:
                cut_off.note(context, instance, task, self.host,
                             'the server stays offloaded')
            return 'offloaded'
        instance.task_state = None
        instance.save()
        if task is not None:
            cut_off.note(context, instance, task, self.host,
                         'the server stays %s' % instance.vm_state)
        return 'running'

    def _end_snapshot(self, context, instance):
        """A snapshot (or a shelve's) cut off by the restart: its image,
        never given its bits, goes; the server is as it was."""
        self.images.discard_unfilled(context, instance)
        LOG.info('instance %s: its snapshot was interrupted', instance.uuid)
        task = instance.task_state
        instance.task_state = None
        instance.save()
        cut_off.note(context, instance, task, self.host,
                     'the server is not shelved' if task == _T.SHELVING
                     else 'no image was made')

    def _power_on(self, instance):
        """An ACTIVE server whose guest is defined but not running (the
        host rebooted): start it, as resume_guests_state_on_host_boot
        asks."""
        try:
            self.driver.power_on(instance)
        except Exception as e:
            LOG.error('could not start the guest of %s: %s', instance.uuid,
                      e)
        instance.power_state = self.driver.get_power_state(instance)
        instance.save()
        return 'recreated'

    def _recreate(self, context, instance):
        try:
            self.driver.spawn(context, instance)
        except exception.InstanceSpawnError as e:
            LOG.error('could not re-create instance %s: %s', instance.uuid,
                      e)
            instance.fail(e, host=self.host, keep_claim=True)
            return 'failed'
        instance.power_state = self.driver.get_power_state(instance)
        instance.save()
        return 'recreated'

    def _fail_interrupted_build(self, context, instance):
        self.driver.destroy(context, instance)
        error = exception.InstanceSpawnError(
            instance_uuid=instance.uuid,
            reason='the build was interrupted by a restart of compute host '
                   '%s' % self.host)
        # It ran nowhere: no host, and no claim (the scheduler's goes).
        instance.host = None
        instance.node = None
        if instance.fail(error, host=self.host):
            cut_off.record(context, instance, error, self.host)

    @property
    def provider(self):
        """The uuid of the host's provider (its compute node's), or None
        before the host first reported."""
        node = self.rt.compute_node
        if node is None or not node.obj_attr_is_set('uuid'):
            return None
        return node.uuid

    def finish_abandoned(self, context, seconds):
        """Tasks on this host's servers that nothing here is doing,
        unchanged for ``seconds``, finished as at a restart (confirms of
        moves off this host too); and builds placed here whose request
        never arrived, failed. Their number."""
        busy = self.operations.busy()
        instances = self.operations.instances(context)
        consumers = (placement_obj.Placement.consumers_on(
            context, self.provider) if self.provider else {})
        confirming = migration_obj.confirming_from(context, [self.host])
        return self.finish_abandoned_seen(context, seconds, instances,
                                          consumers, busy,
                                          confirming[self.host])

    def finish_abandoned_seen(self, context, seconds, instances, consumers,
                              busy, confirming):
        """``finish_abandoned`` from reads already made (by the periodic
        pass over the computes of a process): the host's ``instances``,
        the ``consumers`` on its provider, the uuids ``busy`` here before
        they were read, and the migrations off this host ``confirming``.
        An operation under way when the instances were read is in
        ``busy`` or still under way now: left alone either way."""
        cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
            seconds=seconds)
        busy = set(busy) | self.operations.busy()
        finished = self._fail_undelivered_builds(
            context, {i.uuid for i in instances}, consumers, busy, cutoff,
            seconds)
        finished += self.confirms.confirm_cut_off(context, [
            m for m in confirming
            if m.instance_uuid not in busy and m.updated_at < cutoff])
        known = None
        for instance in instances:
            if _resized_unchanged(instance, cutoff, busy):
                # Its source may have stopped mid-confirm without
                # restarting since (only this host can settle it then).
                finished += self._settle_if_confirmed(context, instance)
                continue
            if not _abandoned(instance, cutoff, busy):
                continue
            if known is None:
                known = set(self.driver.list_instance_uuids())
            LOG.warning('instance %s: %s (%s) was abandoned for %d s; '
                        'finishing it', instance.uuid, instance.task_state,
                        instance.vm_state, seconds)
            self._reconcile_one(context, instance, known)
            finished += 1
        return finished

    def _fail_undelivered_builds(self, context, on_host, consumers, busy,
                                 cutoff, seconds):
        """Builds the scheduler placed on this host (their claim is among
        the ``consumers`` of its provider) that never reached it: still
        being scheduled, unchanged for ``seconds``, not under way here.
        Their request was lost (this compute stopped as it took it off
        the queue): ERROR, the claim released. One still queued finds
        the build failed when it arrives, and leaves it."""
        waiting = sorted(set(consumers) - on_host - busy)
        if not waiting:
            return 0
        failed = 0
        for instance in instance_obj.InstanceList.get_by_filters(
                context, {'uuid': waiting,
                          'vm_state': fields.VMState.BUILDING,
                          'host': None, 'task_state': [_T.SCHEDULING]}):
            changed = instance.updated_at or instance.created_at
            if changed is None or changed >= cutoff:
                continue
            error = exception.InstanceSpawnError(
                instance_uuid=instance.uuid,
                reason='its build request was placed on host %s but did not '
                       'arrive within %d s' % (self.host, seconds))
            if instance.fail(error, host=self.host,
                             expected_task_state=[_T.SCHEDULING]):
                cut_off.record(context, instance, error, self.host,
                               cut_off.LOST_EVENT)
                LOG.warning('build of %s never arrived here: ERROR',
                            instance.uuid)
                failed += 1
        return failed


def _state_of_guest(power_state, task_state):
    if power_state == fields.PowerState.RUNNING:
        return fields.VMState.ACTIVE
    if power_state == fields.PowerState.PAUSED:
        return fields.VMState.PAUSED
    if task_state in _SAVING_TASKS:
        return fields.VMState.SUSPENDED
    return fields.VMState.STOPPED


def _resized_unchanged(instance, cutoff, busy):
    """A server shown resized, with no task, unchanged since ``cutoff``
    and not under way here: waiting to be confirmed, or a confirm's
    last save lost."""
    return instance.vm_state == fields.VMState.RESIZED and \
        instance.task_state is None and _left_since(instance, cutoff, busy)


def _left_since(instance, cutoff, busy):
    """Unchanged since ``cutoff`` and not under way here."""
    changed = instance.updated_at or instance.created_at
    return instance.uuid not in busy and changed is not None and \
        changed < cutoff


def _abandoned(instance, cutoff, busy):
    if instance.task_state is None and \
            instance.vm_state != fields.VMState.BUILDING:
        return False
    return _left_since(instance, cutoff, busy)
