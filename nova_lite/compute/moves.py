# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute's steps of a resize or cold migration, as Nova takes them.

1. ``prep_resize`` on the destination: a MoveClaim for the new flavor
   (the plugins assign their resources there, following the destination's
   allocation); the instance's MigrationContext saved with it.
2. ``resize_instance`` on the source: the guest stopped, its disk sent.
3. ``finish_resize`` on the destination: the server is now here with
   its new flavor, its guest made; RESIZED (the API shows VERIFY_RESIZE).

Then ``confirm_resize`` on the source (its guest goes, the allocation
the migration holds there is freed), or ``revert_resize`` on the
destination (its guest and claim go, the source allocation returns to
the instance) and ``finish_revert_resize`` on the source (the server
back with its old flavor, its guest started as it was).

A failure before the source's guest is stopped rolls the move back
(``migration.roll_back``): nothing moved. After that the server ends in
ERROR where it is, with a fault, as in Nova.
"""
import datetime

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.compute import claims
from nova_lite.compute import move_ends
from nova_lite.compute import operations
from nova_lite.compute import power_actions
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
_TASK = fields.TaskState
_VM = fields.VMState


class Moves(move_ends.MoveFamily):

    def prep_resize(self, context, instance, migration, flavor,
                    allocations=None):
        with self.operations.recorded(context, instance,
                                      'compute_prep_resize') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.RESIZE_PREP):
                return
            migration.dest_host = self.conf.my_ip  # where the disk goes
            migration.save()
            events.instance_exists(self.conf, context, instance, self.host)
            events.instance_resize_prep(self.conf, context, instance,
                                        self.host, 'start', flavor)
            try:
                self.rt.move_claim(context, instance, flavor, migration,
                                   allocations)
            except (exception.InstanceNotFound, exception.Conflict):
                return
            except claims.REFUSED as e:
                outcome.error = e
                LOG.info('move of %s to %s refused: %s', instance.uuid,
                         self.host, e.format_message())
                migration_obj.roll_back(instance, migration, e, self.host)
                return
            events.instance_resize_prep(self.conf, context, instance,
                                        self.host, 'end', flavor)
            self.computes.resize_instance(context, instance, migration)

    def resize_instance(self, context, instance, migration):
        """The source: the guest stopped and its disk sent; a failure
        here rolls the move back, the guest as it was."""
        with self.operations.recorded(context, instance,
                                      'compute_resize_instance') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.RESIZE_PREP):
                return
            was = self.driver.get_power_state(instance)
            _step(instance, migration, 'migrating', _TASK.RESIZE_PREP,
                  _TASK.RESIZE_MIGRATING)
            self.notify(context, instance, 'resize', 'start')
            with operations.failure_noted(outcome, 'move', instance,
                                          self.host):
                self.driver.migrate_disk_and_power_off(
                    context, instance, migration,
                    self.conf.compute.shutdown_timeout)
            if outcome.error is not None:
                power_actions.power_back(self.driver, instance, was)
                migration_obj.roll_back(instance, migration, outcome.error,
                                        self.host)
                self.notify(context, instance, 'resize', 'error',
                            outcome.error)
                return
            _step(instance, migration, 'post-migrating',
                  _TASK.RESIZE_MIGRATING, _TASK.RESIZE_MIGRATED)
            self.notify(context, instance, 'resize', 'end')
            self.computes.finish_resize(context, instance, migration)

    def finish_resize(self, context, instance, migration):
        """The destination: the server here with its new end, its guest
        made (started unless it was stopped); RESIZED."""
        with self.operations.recorded(context, instance,
                                      'compute_finish_resize') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.RESIZE_MIGRATED):
                return
            power_on = instance.vm_state != _VM.STOPPED
            self.notify(context, instance, 'resize_finish', 'start')
            with self.ends.failing_in_place(outcome, instance, migration,
                                            _TASK.RESIZE_FINISH):
                waiting = self.ends.take(context, instance, 'new',
                                         _TASK.RESIZE_MIGRATED,
                                         _TASK.RESIZE_FINISH)
                with self.ends.plugging(instance,
                                        waiting if power_on else []):
                    self.driver.finish_migration(context, instance,
                                                 power_on)
            if outcome.error is not None:
                return
            migration.set_status('finished')
            self.ends.end_task(instance, _VM.RESIZED, _TASK.RESIZE_FINISH)
            self.notify(context, instance, 'resize_finish', 'end')

    def confirm_resize(self, context, instance, migration):
        """The source, once the move is kept: the old guest and what the
        migration holds here go; the server shows its state again. A
        server deleted meanwhile (its delete confirms first) loses its
        old guest all the same."""
        with self.operations.recorded(context, instance,
                                      'compute_confirm_resize') as outcome:
            status = migration_obj.Migration.get_by_id(
                context, migration.id).status
            gone = _being_deleted(context, instance)
            if status != 'confirming' and not gone:
                LOG.info('migration %s is %s, no longer confirming',
                         migration.uuid, status)
                return
            self.notify(context, instance, 'resize_confirm', 'start')
            with operations.failure_noted(outcome, 'confirming the move',
                                          instance, self.host):
                self.driver.confirm_migration(context, instance,
                                              migration.same_host)
            placement_obj.Placement.unclaim(context, migration.uuid)
            self.rt.settle(instance, stays=migration.same_host and not gone)
            if not gone:
                instance.migration_context = None
                instance.vm_state = settled_state(instance)
                operations.end_task(instance, None)
            # Last: until then a restart of this host finds the migration
            # confirming and finishes the confirm again (every step above
            # may be done twice).
            if status == 'confirming':
                migration.set_status('confirmed')
            self.notify(context, instance, 'resize_confirm', 'end')

    def confirm_overdue(self, context, seconds):
        """Confirm the moves from this host that have waited ``seconds``
        or more to be confirmed (``resize_confirm_window``); their
        number."""
        cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
            seconds=seconds)
        confirmed = 0
        for migration in migration_obj.MigrationList.get_by_filters(
                context, {'source_compute': self.host,
                          'status': 'finished'}):
            if migration.updated_at > cutoff:
                continue
            try:
                migration.set_status('confirming', ['finished'])
            except exception.Conflict:
                continue  # confirmed or reverted meanwhile
            instance = _server_of(context, migration)
            if instance is None:
                continue
            LOG.info('confirming the move of %s: it waited %d s',
                     instance.uuid, seconds)
            instance_action.InstanceAction.action_start(
                context, instance.uuid, 'confirmResize')
            self.confirm_resize(context, instance, migration)
            confirmed += 1
        return confirmed

    def confirm_cut_off(self, context, migrations):
        """Finish the confirms of moves off this host that were cut off
        (the migrations still ``confirming``: this compute stopped as it
        took the request, or the request was lost): the old guest and
        what the migration holds here go, as asked. Their number."""
        confirmed = 0
        for migration in migrations:
            instance = _server_of(context, migration)
            if instance is None:
                continue
            LOG.warning('instance %s: the confirm of its move from %s was '
                        'cut off; finishing it', instance.uuid, self.host)
            self.confirm_resize(context, instance, migration)
            confirmed += 1
        return confirmed

    def revert_resize(self, context, instance, migration):
        """The destination of a move being reverted: its guest and its
        claim go, the source's allocation returns to the instance, and
        the source takes the server back."""
        with self.operations.recorded(context, instance,
                                      'compute_revert_resize') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.RESIZE_REVERTING):
                return
            self.notify(context, instance, 'resize_revert', 'start')
            with self.ends.failing_in_place(outcome, instance, migration,
                                            _TASK.RESIZE_REVERTING):
                self.driver.revert_migration_on_dest(context, instance,
                                                     migration.same_host)
            if outcome.error is not None:
                return
            placement_obj.Placement.move_allocations(
                context, migration.uuid, instance.uuid, instance.project_id,
                instance.user_id)
            self.rt.drop_move_end(migration.uuid)
            self.computes.finish_revert_resize(context, instance, migration)

    def finish_revert_resize(self, context, instance, migration):
        """The source: the server back with its old end, its guest
        started as it ran on the destination."""
        with self.operations.recorded(
                context, instance, 'compute_finish_revert_resize') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.RESIZE_REVERTING):
                return
            power_on = instance.power_state == fields.PowerState.RUNNING
            with self.ends.failing_in_place(outcome, instance, migration,
                                            _TASK.RESIZE_REVERTING):
                waiting = self.ends.take(context, instance, 'old',
                                         _TASK.RESIZE_REVERTING,
                                         _TASK.RESIZE_REVERTING,
                                         clear_context=True)
                with self.ends.plugging(instance,
                                        waiting if power_on else []):
                    self.driver.finish_revert_migration(context, instance,
                                                        power_on)
            if outcome.error is not None:
                return
            migration.set_status('reverted')
            instance.power_state = self.driver.get_power_state(instance)
            instance.vm_state = settled_state(instance)
            operations.end_task(instance, _TASK.RESIZE_REVERTING)
            self.notify(context, instance, 'resize_revert', 'end')


def _server_of(context, migration):
    """The migration's server, or None if it was deleted meanwhile (its
    delete ended the move)."""
    try:
        return instance_obj.Instance.get_by_uuid(
            context, migration.instance_uuid, expected_attrs=['flavor'])
    except exception.InstanceNotFound:
        return None


def _step(instance, migration, status, task_from, task_to):
    migration.set_status(status)
    instance.task_state = task_to
    instance.save(expected_task_state=[task_from])


def settled_state(instance):
    """ACTIVE or STOPPED, as its guest (wherever it runs) last read."""
    return (_VM.ACTIVE if instance.power_state == fields.PowerState.RUNNING
            else _VM.STOPPED)


def _being_deleted(context, instance):
    """Whether the server is deleted or its delete has begun (which may
    have ended its move already)."""
    try:
        found = instance_obj.Instance.get_by_uuid(
            context, instance.uuid, read_deleted=True)
    except exception.InstanceNotFound:
        return True
    return found.deleted or found.task_state == _TASK.DELETING
