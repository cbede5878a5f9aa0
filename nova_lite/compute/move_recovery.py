# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A move cut off (its compute restarted, or its next step's message was
lost), as this compute finds it on one of its servers.

Before the guest left its source (resize_prep, resize_migrating,
resize_migrated: the source still has the guest, stopped at most) the move
is rolled back: the destination's claim goes, the source's allocation
returns to the server, which runs again as it did. Once the destination
took the server (resize_finish) or a revert was under way, the server
ends in ERROR where it is, its move in error, for an admin to look at. A
live migration cut off is rolled back while the server is still its
source's, and finished once the destination took it; an evacuation is
rolled back while the server is still its source's (the source is back),
and fails where it is once the destination took it. A rebuild cut off
(no migration) fails in place, as in Nova.

Whatever the outcome, the request's instance action gets an Error event
saying what was cut off and how the server was left (``cut_off``).
"""
from oslo_log import log as logging

from nova_lite import exception
from nova_lite.objects import cut_off
from nova_lite.objects import fields
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
_T = fields.TaskState
BEFORE_THE_GUEST_LEFT = (_T.RESIZE_PREP, _T.RESIZE_MIGRATING,
                         _T.RESIZE_MIGRATED)
MOVE_TASKS = BEFORE_THE_GUEST_LEFT + (_T.RESIZE_FINISH, _T.RESIZE_REVERTING,
                                      _T.MIGRATING, _T.REBUILDING)
# Moves that are undone while the server is still its source's.
_UNDONE_AT_THE_SOURCE = BEFORE_THE_GUEST_LEFT + (_T.MIGRATING,
                                                 _T.REBUILDING)


_NAMES = {migration_obj.RESIZE: 'resize',
          migration_obj.MIGRATION: 'cold migration',
          migration_obj.LIVE_MIGRATION: 'live migration',
          migration_obj.EVACUATION: 'evacuation'}


_FAILURES = {migration_obj.RESIZE: exception.ResizeError,
             migration_obj.MIGRATION: exception.ResizeError,
             migration_obj.LIVE_MIGRATION: exception.LiveMigrationFailed,
             migration_obj.EVACUATION: exception.EvacuationFailed}


def cut_off_error(instance, migration):
    """The fault of a move cut off, naming the move it was: a live
    migration's is Nova's live-migration failure, an evacuation's an
    evacuation failure, a rebuild's a rebuild failure, the others' a
    resize error."""
    if migration is None and instance.task_state == _T.REBUILDING:
        return exception.RebuildFailed(
            reason='the rebuild was cut off at %s' % instance.task_state)
    kind = migration.migration_type if migration is not None else (
        migration_obj.LIVE_MIGRATION if instance.task_state == _T.MIGRATING
        else migration_obj.RESIZE)
    return _FAILURES[kind](reason='the %s was cut off at %s' % (
        _NAMES[kind], instance.task_state))


class MoveRecovery:

    def __init__(self, driver, host):
        self.driver = driver
        self.host = host

    def end_move_task(self, context, instance):
        """The reconcile outcome: 'running' or 'failed'."""
        migration = migration_obj.Migration.in_progress_of(context,
                                                           instance.uuid)
        task = instance.task_state
        error = cut_off_error(instance, migration)
        if task == _T.MIGRATING and migration is not None \
                and instance.host != migration.source_compute:
            return _finish_live_migration(context, instance, migration)
        if task in _UNDONE_AT_THE_SOURCE and migration is not None and \
                instance.host == migration.source_compute:
            outcome = self._roll_back(instance, migration, error)
            cut_off.note(context, instance, task, self.host,
                         'the server is back as it was on %s' % self.host)
            return outcome
        if migration is not None:
            # The move is over (failed): what it held on the other end
            # goes now, not at the conductor's next heal.
            migration.set_status('error')
            placement_obj.Placement.unclaim(context, migration.uuid)
        instance.fail(error, host=self.host, keep_claim=True)
        cut_off.note(context, instance, task, self.host,
                     'the server is in ERROR on %s' % self.host)
        return 'failed'

    def _roll_back(self, instance, migration, error):
        LOG.warning('instance %s: its %s was cut off before its guest '
                    'left %s; rolling it back', instance.uuid,
                    _NAMES[migration.migration_type], self.host)
        migration_obj.roll_back(instance, migration, error, self.host)
        if instance.vm_state == fields.VMState.ACTIVE:
            self.driver.power_on(instance)
        instance.power_state = self.driver.get_power_state(instance)
        instance.save()
        return 'running'


def _finish_live_migration(context, instance, migration):
    """The destination had taken the server: the move is over, the
    source's allocation goes (after the migration ends: the audit's to
    remove if a crash comes in between)."""
    LOG.warning('instance %s: its live migration was cut off after it '
                'arrived; finishing it', instance.uuid)
    migration.set_status('completed')
    placement_obj.Placement.unclaim(context, migration.uuid)
    instance.migration_context = None
    instance.task_state = None
    instance.save()
    return 'running'
