# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute's steps of a live migration and of an evacuation.

Live migration (the conductor has handed the source's allocation to the
migration and claimed the destination for the server):

1. ``check_can_live_migrate_destination`` (a call, on the destination):
   a MoveClaim for the server's flavor, so the plugins' resources (a
   vNIC's NIC) are found on the destination, or the pre-check fails and
   the move never starts.
2. ``live_migration`` on the source: ``pre_live_migration`` on the
   destination (a call; with a network service, each port gets an
   inactive binding there), then the guest moves while it runs.
3. ``post_live_migration_at_destination`` (a call): the server is the
   destination's, its guest there, its ports' bindings there made active
   (the source's dropped); then the source removes what is left of the
   guest and frees the migration's allocation.

A failure before the guest moved rolls back: the source's allocation
returns to the server, which runs on as it did, and the destination
gives its claim back.

Evacuation (``rebuild_on_host``, on the destination, the source down):
the server is claimed and built anew there from its image. The source,
when it comes back, removes its guest and the allocation its migration
kept (``reconcile``).
"""
from oslo_log import log as logging

from nova_lite.compute import claims
from nova_lite.compute import move_ends
from nova_lite.compute import operations
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import fields
from nova_lite.objects import instance_action
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
_TASK = fields.TaskState
_VM = fields.VMState


class LiveMoves(move_ends.MoveFamily):

    def check_destination(self, context, instance, migration,
                          allocations=None):
        """MigrationPreCheckError if the server cannot come here."""
        migration.dest_host = self.conf.my_ip
        migration.save()
        try:
            self.rt.move_claim(context, instance, instance.flavor,
                               migration, allocations,
                               task_state=_TASK.MIGRATING)
        except claims.REFUSED as e:
            raise exception.MigrationPreCheckError(
                reason='%s cannot take the server: %s' % (
                    self.host, e.format_message()))

    def live_migration(self, context, instance, migration,
                       block_migration=False):
        with self.operations.recorded(context, instance,
                                      'compute_live_migration') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.MIGRATING):
                return
            try:
                migration.set_status('preparing')
                dest_consoles = self.computes.pre_live_migration(
                    context, instance, migration, block_migration)
                migration.set_status('running')
                self.driver.live_migration(context, instance, migration,
                                           block_migration, dest_consoles)
            except Exception as e:
                outcome.error = e
                self._roll_back(context, instance, migration, e)
                return
            migration.set_status('post-migrating')
            self.notify(context, instance, 'live_migration_post', 'start')
            self.computes.post_live_migration_at_destination(
                context, instance, migration)
            self._done_at_source(context, instance, migration)
            self.notify(context, instance, 'live_migration_post', 'end')

    def _roll_back(self, context, instance, migration, error):
        LOG.warning('live migration of %s to %s failed: %s', instance.uuid,
                    migration.dest_compute, error)
        self.notify(context, instance, 'live_migration_rollback', 'start')
        migration_obj.roll_back(
            instance, migration, error, self.host,
            status='cancelled' if isinstance(
                error, exception.LiveMigrationAborted) else 'error')
        self.computes.rollback_live_migration_at_destination(
            context, instance, migration)
        self.notify(context, instance, 'live_migration_rollback', 'end')

    def _done_at_source(self, context, instance, migration):
        """The guest runs on the destination: its remains here go, then
        the migration ends and its allocation (the source's) is freed; a
        crash in between leaves an ended migration's allocation, which
        the audit removes."""
        try:
            self.driver.post_live_migration_at_source(context, instance)
        except Exception as e:
            LOG.warning('cleaning up after the live migration of %s failed '
                        'on %s: %s', instance.uuid, self.host, e)
        migration.set_status('completed')
        placement_obj.Placement.unclaim(context, migration.uuid)
        self.rt.settle(instance, stays=False)

    def pre_live_migration(self, context, instance, migration,
                           block_migration=False):
        """What the source needs to know of this host for the guest's
        definition (the driver's answer; None from a compute of the
        release before)."""
        with self.operations.recorded(context, instance,
                                      'compute_pre_live_migration'):
            self.notify(context, instance, 'live_migration_pre', 'start')
            dest_consoles = self.driver.pre_live_migration(
                context, instance, block_migration)
            # The ports bound here too, inactive until the guest moved.
            self.ends.network.bind_inactive(context, instance, self.host)
            self.notify(context, instance, 'live_migration_pre', 'end')
        return dest_consoles

    def post_at_destination(self, context, instance, migration):
        """The server is this host's now, its guest here."""
        with self.operations.recorded(
                context, instance,
                'compute_post_live_migration_at_destination'):
            self.notify(context, instance, 'live_migration_post_dest',
                        'start')
            self.driver.post_live_migration_at_destination(context,
                                                           instance)
            self.ends.take(context, instance, 'new', _TASK.MIGRATING,
                           _TASK.MIGRATING, clear_context=True)
            instance.power_state = self.driver.get_power_state(instance)
            operations.end_task(instance, _TASK.MIGRATING)
            self.rt.settle(instance, stays=True)
            self.notify(context, instance, 'live_migration_post_dest', 'end')

    def roll_back_at_destination(self, context, instance, migration):
        with self.operations.recorded(
                context, instance,
                'compute_rollback_live_migration_at_destination'):
            self.notify(context, instance, 'live_migration_rollback_dest',
                        'start')
            try:
                self.driver.rollback_live_migration_at_destination(
                    context, instance)
            except Exception as e:
                LOG.warning('removing what came of %s after its failed live '
                            'migration failed: %s', instance.uuid, e)
            try:
                self.ends.network.drop_inactive(context, instance, self.host)
            except exception.NovaLiteException as e:
                LOG.warning('the bindings of the ports of %s on %s stay: %s',
                            instance.uuid, self.host, e.format_message())
            self.rt.drop_move_end(migration.uuid)
            self.notify(context, instance, 'live_migration_rollback_dest',
                        'end')

    def force_complete(self, context, instance, migration):
        """Acts on the live migration under way, which holds the
        server's operation lock: recorded, not queued behind it."""
        with instance_action.recorded_event(
                context, instance.uuid,
                'compute_live_migration_force_complete', self.host):
            self.notify(context, instance, 'live_migration_force_complete',
                        'start')
            self.driver.live_migration_force_complete(instance)
            self.notify(context, instance, 'live_migration_force_complete',
                        'end')

    def abort(self, context, instance, migration):
        with instance_action.recorded_event(
                context, instance.uuid, 'compute_live_migration_abort',
                self.host):
            self.notify(context, instance, 'live_migration_abort', 'start')
            self.driver.live_migration_abort(instance)
            self.notify(context, instance, 'live_migration_abort', 'end')

    def rebuild_on_host(self, context, instance, migration,
                        allocations=None, target_state=None):
        """An evacuation's destination: claim, build the guest anew from
        the server's image, and take the server (stopped again if it was
        stopped, or if ``target_state`` is 'stopped'; ERROR if the build
        fails, with the claim kept)."""
        with self.operations.recorded(context, instance,
                                      'compute_rebuild_instance') as outcome:
            if not operations.still_asked(context, instance,
                                          _TASK.REBUILDING):
                return
            stopped = (instance.vm_state == _VM.STOPPED or
                       target_state == _VM.STOPPED)
            migration.dest_host = self.conf.my_ip
            migration.save()
            try:
                self.rt.move_claim(context, instance, instance.flavor,
                                   migration, allocations,
                                   task_state=_TASK.REBUILDING)
            except claims.REFUSED as e:
                outcome.error = e
                migration_obj.roll_back(instance, migration, e, self.host)
                return
            with self.ends.failing_in_place(outcome, instance, migration,
                                            _TASK.REBUILDING):
                self.ends.take(context, instance, 'new', _TASK.REBUILDING,
                               _TASK.REBUILDING, clear_context=True)
                events.instance_evacuate(self.conf, context, instance,
                                         self.host)
                self.driver.spawn(context, instance)
                if stopped:
                    self.driver.power_off(instance)
            if outcome.error is not None:
                return
            migration.set_status('done')
            self.rt.settle(instance, stays=True)
            self.ends.end_task(instance,
                               _VM.STOPPED if stopped else _VM.ACTIVE,
                               _TASK.REBUILDING)
