# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor's part of a live migration (Nova's LiveMigrationTask) and
of an evacuation: the migration recorded with the source's allocation,
the destination found and claimed through the scheduler as a boot's is
(an admin's ``host`` narrows it; with ``force``, that host is not
checked by the scheduler's filters, though placement must still have
room there), checked, and the move sent on.
"""
from oslo_log import log as logging

from nova_lite.conductor import migrate
from nova_lite import exception
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import migration as migration_obj

LOG = logging.getLogger(__name__)


def live_migrate(manager, context, instance, host=None,
                 block_migration=False, force=False):
    migration = migrate.start(context, instance,
                              migration_obj.LIVE_MIGRATION, 'accepted')
    chosen = migrate.destination(
        manager, context, instance, migration,
        migrate.move_spec(context, instance, instance.flavor, host,
                          force=force),
        'conductor_live_migrate_instance')
    try:
        _check_compatible(context, instance.host, chosen)
        manager.compute_api.check_can_live_migrate_destination(
            context, instance, migration, chosen.allocations())
    except (exception.MigrationPreCheckError, exception.Conflict) as e:
        migration_obj.roll_back(instance, migration, e, manager.host)
        raise
    migration.set_status('queued')
    manager.compute_api.live_migration(context, instance, migration,
                                       block_migration)


def _check_compatible(context, source_host, chosen):
    """The destination runs the same hypervisor as the source, no older
    (a guest cannot move back to a hypervisor older than its own)."""
    nodes = {n.host: n for n in compute_node_obj.ComputeNodeList.get_all(
        context) if n.host in (source_host, chosen.service_host)}
    source, dest = nodes.get(source_host), nodes.get(chosen.service_host)
    if source is None or dest is None:
        return
    if source.hypervisor_type != dest.hypervisor_type:
        raise exception.MigrationPreCheckError(
            reason='%s runs %s, %s runs %s' % (
                source_host, source.hypervisor_type, chosen.service_host,
                dest.hypervisor_type))
    if source.hypervisor_version > dest.hypervisor_version:
        raise exception.MigrationPreCheckError(
            reason='The instance requires a newer hypervisor version than '
                   'has been provided.')


def evacuate(manager, context, instance, host=None, force=False):
    """Rebuild a server whose host is down on another; the source keeps
    its allocation (under the migration) until it comes back."""
    migration = migrate.start(context, instance, migration_obj.EVACUATION,
                              'accepted')
    try:
        chosen = migrate.destination(
            manager, context, instance, migration,
            migrate.move_spec(context, instance, instance.flavor, host,
                              force=force),
            'conductor_rebuild_server')
    except exception.NoValidHost as e:
        LOG.info('evacuation of %s found no host: %s', instance.uuid, e)
        return
    migration.set_status('pre-migrating')
    manager.compute_api.rebuild_on_host(context, instance, migration,
                                        chosen.allocations())
