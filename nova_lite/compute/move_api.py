"""What the REST layer asks of a resize or cold migration: checked here
(state, flavor, quota, host), scheduled by the conductor before the call
returns, then carried out by the computes (``compute.moves``)."""
from nova_lite.compute import instance_checks
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import quotas
from nova_lite.objects import service as service_obj

_MOVABLE = [fields.VMState.ACTIVE, fields.VMState.STOPPED]
_RESIZED = [fields.VMState.RESIZED]


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
            quotas.check_resize(self.conf, context, instance, flavor)
        if host is not None:
            _check_host(context, instance, host)
        self._begin(context, instance, action, _MOVABLE,
                    fields.TaskState.RESIZE_PREP, action)
        try:
            self.conductor_api.migrate_server(
                context, instance, flavor or instance.flavor, host)
        except exception.NoValidHost as e:
            raise exception.Invalid(message=e.format_message())

    def confirm_resize(self, context, instance):
        migration = self._finished_move(instance, 'confirmResize')
        instance_checks.record_action(context, instance, 'confirmResize')
        migration.status = 'confirming'
        migration.save(expected_status=['finished'])
        self.compute_api.confirm_resize(context, instance, migration)

    def confirm_before_delete(self, context, instance):
        """A RESIZED server being deleted: its move is confirmed first,
        so its source removes the old guest and frees what the migration
        holds there (the delete then goes to its host, the destination).
        """
        migration = migration_obj.Migration.in_progress_of(context,
                                                           instance.uuid)
        if migration is None or migration.status != 'finished':
            return
        migration.status = 'confirming'
        try:
            migration.save(expected_status=['finished'])
        except exception.Conflict:
            return  # a confirm or revert got to it first
        self.compute_api.confirm_resize(context, instance, migration)

    def revert_resize(self, context, instance):
        migration = self._finished_move(instance, 'revertResize')
        self._begin(context, instance, 'revertResize', _RESIZED,
                    fields.TaskState.RESIZE_REVERTING, 'revertResize')
        migration.status = 'reverting'
        migration.save(expected_status=['finished'])
        self.compute_api.revert_resize(context, instance, migration)

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
    try:
        service_obj.Service.get_by_host_and_binary(
            context, host, service_obj.COMPUTE_BINARY)
    except exception.ServiceNotFound:
        raise exception.Invalid(
            message='Compute host %s could not be found.' % host)
