# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the REST layer asks of a move: checked here (state, flavor,
quota, host), its task state, action and migration recorded before the
answer (nothing accepted is lost with a service), scheduled by the
conductor (before the answer, for a resize or cold migration, and a live
migration before 2.34), then carried out by the computes
(``compute.moves``, ``compute.live_moves``).

A conductor that does not answer in time leaves the request accepted:
the move goes on, or its source's abandoned-task check rolls it back.
"""
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite.compute import console_api
from nova_lite.compute import flavor_image
from nova_lite.compute import instance_checks
from nova_lite.compute import snapshot_image
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import quotas
from nova_lite.objects import service as service_obj
from nova_lite.text import digits

LOG = logging.getLogger(__name__)
_MOVABLE = [fields.VMState.ACTIVE, fields.VMState.STOPPED]
_RESIZED = [fields.VMState.RESIZED]
_LIVE = [fields.VMState.ACTIVE, fields.VMState.PAUSED]
_EVACUABLE = [fields.VMState.ACTIVE, fields.VMState.STOPPED,
              fields.VMState.ERROR]
# Live migrations that force_complete and abort act on (2.65 lets an
# abort stop one still queued or preparing).
LIVE_RUNNING = ('running',)
LIVE_ABORTABLE = ('queued', 'preparing', 'running')


class MoveAPI:
    """Mixed into compute.api.API (its ``_begin``, ``conductor_api``,
    ``compute_api`` and ``conf``)."""

    def resize(self, context, instance, flavor=None, host=None):
        """A resize to ``flavor``, or (no flavor) a cold migration, to
        ``host`` if an admin names one. NoValidHost is answered as the
        conductor found it, the server as it was."""
        action = 'resize' if flavor is not None else 'migrate'
        self.conductor_api.check_move_supported(action)
        instance_checks.check_state(instance, action, _MOVABLE)
        if flavor is not None:
            _check_flavor(instance, flavor)
            self.check_flavor(flavor)
            flavor_image.check_fits(
                flavor, snapshot_image.booted_from(context, instance))
            quotas.check_resize(self.conf, context, instance, flavor)
        if host is not None:
            _check_host(context, instance, host)
        self._begin(context, instance, action, _MOVABLE,
                    fields.TaskState.RESIZE_PREP, action)
        migration = self._record_move(
            context, instance, migration_obj.RESIZE if flavor is not None
            else migration_obj.MIGRATION, flavor)
        try:
            self.conductor_api.migrate_server(
                context, instance, flavor or instance.flavor, host,
                migration=migration)
        except exception.NoValidHost as e:
            raise exception.Invalid(message=e.format_message())
        except messaging.MessagingTimeout:
            _unanswered(instance, action)

    def confirm_resize(self, context, instance):
        migration = self._finished_move(instance, 'confirmResize')
        instance_checks.record_action(context, instance, 'confirmResize')
        migration.set_status('confirming', ['finished'])
        self.compute_api.confirm_resize(context, instance, migration)

    def confirm_before_delete(self, context, instance):
        """A RESIZED server being deleted: its move is confirmed first,
        so its source removes the old guest and frees what the migration
        holds there (the delete then goes to its host, the destination).
        The server shows as being deleted before the source hears of it:
        the delete may end the migration before the confirm reads it, and
        the source must still know its old guest is to go.
        """
        migration = migration_obj.Migration.in_progress_of(context,
                                                           instance.uuid)
        if migration is None or migration.status != 'finished':
            return
        try:
            migration.set_status('confirming', expected_status=['finished'])
        except exception.Conflict:
            return  # a confirm or revert got to it first
        instance.task_state = fields.TaskState.DELETING
        instance.save()
        self.compute_api.confirm_resize(context, instance, migration)

    def revert_resize(self, context, instance):
        """Back to the old flavor: reverting a downsize grows the server
        again, held to the cores and ram quotas as an upsize is."""
        migration = self._finished_move(instance, 'revertResize')
        if instance.migration_context is not None:
            quotas.check_resize(self.conf, context, instance,
                                instance.migration_context.old_flavor)
        self._begin(context, instance, 'revertResize', _RESIZED,
                    fields.TaskState.RESIZE_REVERTING, 'revertResize')
        migration.set_status('reverting', ['finished'])
        self.compute_api.revert_resize(context, instance, migration)

    def live_migrate(self, context, instance, host=None,
                     block_migration=False, wait=True, force=False):
        """Move the running server to ``host`` (or where the scheduler
        finds room; ``force``: without the scheduler's filters). With
        ``wait`` (before 2.34) the destination is found and checked
        before the answer: 400 if it cannot be."""
        self.conductor_api.check_move_supported('os-migrateLive')
        instance_checks.check_state(instance, 'os-migrateLive', _LIVE)
        if host is not None:
            _check_live_host(context, instance, host, self.conf)
        self._begin(context, instance, 'os-migrateLive', _LIVE,
                    fields.TaskState.MIGRATING, 'live-migration')
        migration = self._record_move(context, instance,
                                      migration_obj.LIVE_MIGRATION)
        try:
            self.conductor_api.live_migrate_instance(
                context, instance, host, block_migration, wait,
                force=force and host is not None, migration=migration)
        except exception.NoValidHost as e:
            raise exception.Invalid(message=e.format_message())
        except messaging.MessagingTimeout:
            _unanswered(instance, 'os-migrateLive')

    def evacuate(self, context, instance, host=None, force=False,
                 target_state=None):
        """Rebuild the server elsewhere; its host must be down (400
        "Compute service of X is still in use." otherwise). With
        ``target_state`` 'stopped' (2.95) it is left stopped there."""
        self.conductor_api.check_move_supported('evacuate')
        if target_state is not None:
            self.conductor_api.check_evacuate_stopped_supported()
            self.compute_api.check_action_supported(instance,
                                                    'evacuate_stopped')
        instance_checks.check_state(instance, 'evacuate', _EVACUABLE)
        if self._compute_up(context, instance.host):
            raise exception.ComputeServiceInUse(host=instance.host)
        if host is not None:
            if host == instance.host:
                raise exception.Invalid(
                    message="The target host can't be the same one.")
            _service_of(context, host)
        self._begin(context, instance, 'evacuate', _EVACUABLE,
                    fields.TaskState.REBUILDING, 'evacuate')
        migration = self._record_move(context, instance,
                                      migration_obj.EVACUATION)
        self.conductor_api.evacuate_instance(
            context, instance, host, force=force and host is not None,
            migration=migration, target_state=target_state)

    def live_migration_force_complete(self, context, instance,
                                      migration_id):
        migration = self._live_migration(instance, migration_id,
                                         LIVE_RUNNING, 'force_complete')
        instance_checks.record_action(context, instance,
                                      'live_migration_force_complete')
        self.compute_api.live_migration_force_complete(context, instance,
                                                       migration)

    def live_migration_abort(self, context, instance, migration_id,
                             statuses=LIVE_RUNNING):
        migration = self._live_migration(instance, migration_id, statuses,
                                         'abort live migration')
        instance_checks.record_action(context, instance,
                                      'live_migration_abort')
        self.compute_api.live_migration_abort(context, instance, migration)

    @staticmethod
    def _live_migration(instance, migration_id, statuses, method):
        """The server's live migration ``migration_id`` in one of
        ``statuses``: 404 if it has none of that id, 400 if it is in
        another state."""
        context = instance._context
        number = digits.row_id(migration_id)
        try:
            migration = None if number is None else \
                migration_obj.Migration.get_by_id(context, number)
        except exception.MigrationNotFound:
            migration = None
        if migration is None or migration.instance_uuid != instance.uuid:
            raise exception.MigrationNotFoundForInstance(
                migration_id=migration_id, instance_id=instance.uuid)
        if migration.migration_type != migration_obj.LIVE_MIGRATION or \
                migration.status not in statuses:
            raise exception.InvalidMigrationState(
                migration_id=migration_id, instance_uuid=instance.uuid,
                state=migration.status, method=method)
        return migration

    def _record_move(self, context, instance, kind, flavor=None):
        """The move's migration, written before the answer; None for
        conductors of the release before, which record their own. The
        server's console tokens are void from here."""
        console_api.forget_consoles(context, instance)
        if not self.conductor_api.takes_migration():
            return None
        return migration_obj.record_move(context, instance, kind, flavor)

    def _finished_move(self, instance, action):
        """The server's move waiting to be confirmed or reverted; 409 if
        the server is not RESIZED, 400 if no move of it is finished."""
        self.compute_api.check_action_supported(instance, action)
        instance_checks.check_state(instance, action, _RESIZED)
        migration = migration_obj.Migration.in_progress_of(
            instance._context, instance.uuid)
        if migration is None or migration.status != 'finished':
            raise exception.Invalid(message='Instance has not been resized.')
        return migration


def _unanswered(instance, action):
    LOG.warning('no conductor answered the %s of %s in time: it goes on, '
                'or is rolled back by its host', action, instance.uuid)


def _check_flavor(instance, flavor):
    if flavor.id == instance.flavor.id:
        raise exception.CannotResizeToSameFlavor()
    if flavor.root_gb < instance.flavor.root_gb:
        reason = ('Resize to zero disk flavor is not allowed.'
                  if flavor.root_gb == 0 else 'Unable to resize disk down.')
        raise exception.CannotResizeDisk(reason=reason)


def _check_host(context, instance, host):
    if host == instance.host:
        raise exception.CannotMigrateToSameHost()
    compute_service_named(context, host)


def compute_service_named(context, host):
    """The compute service of the host a request names; 400 in Nova's
    words ("Compute host X could not be found.") if there is none."""
    try:
        return _service_of(context, host)
    except exception.ComputeHostNotFound as e:
        raise exception.Invalid(message=e.format_message())


def _service_of(context, host):
    """The compute service of ``host``; ComputeHostNotFound (404)."""
    try:
        return service_obj.Service.get_by_host_and_binary(
            context, host, service_obj.COMPUTE_BINARY)
    except exception.ServiceNotFound:
        raise exception.ComputeHostNotFound(host=host)


def _check_live_host(context, instance, host, conf):
    if host == instance.host:
        raise exception.UnableToMigrateToSelf(instance_id=instance.uuid,
                                              host=host)
    service = compute_service_named(context, host)
    if not service.is_up(conf.service_down_time):
        raise exception.ComputeServiceUnavailable(host=host)
