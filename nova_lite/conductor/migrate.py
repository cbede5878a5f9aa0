# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor's part of a resize or cold migration (Nova's
MigrationTask): the migration recorded, the source's allocation handed to
it, a destination found and claimed for the instance through the
scheduler exactly as a boot's is, and the move sent to that compute.

Until the destination is claimed the API waits: a move that finds no host
is answered so (400), the server and its allocation as they were.
"""
import copy

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import uuidutils

from nova_lite import exception
from nova_lite.objects import instance_action
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import vietstack

LOG = logging.getLogger(__name__)
EVENT = 'conductor_migrate_server'


def migrate_server(manager, context, instance, flavor, host=None):
    """``flavor``: the new one (a resize) or the server's own (a
    migration); ``host``: where an admin sends it, if anywhere."""
    kind = (migration_obj.MIGRATION if flavor.id == instance.flavor.id
            else migration_obj.RESIZE)
    migration = start(context, instance, kind, 'pre-migrating', flavor)
    stay = (kind == migration_obj.RESIZE and
            manager.conf.allow_resize_to_same_host)
    chosen = destination(manager, context, instance, migration, move_spec(
        context, instance, flavor, host, stay))
    manager.compute_api.prep_resize(context, instance, migration, flavor,
                                    allocations=chosen.allocations())


def start(context, instance, kind, status, flavor=None):
    """The move's migration recorded, and the source's allocation handed
    to it (the instance holds nothing until its destination is
    claimed)."""
    flavor = flavor or instance.flavor
    migration = migration_obj.Migration(
        context, uuid=uuidutils.generate_uuid(),
        instance_uuid=instance.uuid, migration_type=kind, status=status,
        source_compute=instance.host, source_node=instance.node,
        old_instance_type_id=instance.flavor.id,
        new_instance_type_id=flavor.id, user_id=context.user_id,
        project_id=context.project_id)
    migration.create()
    placement_obj.Placement.move_allocations(
        context, instance.uuid, migration.uuid, instance.project_id,
        instance.user_id, target_type='MIGRATION')
    return migration


def destination(manager, context, instance, migration, spec,
                event=EVENT):
    """The scheduler's choice for the move, claimed for the instance and
    recorded on the migration; NoValidHost (the move rolled back) if
    there is none."""
    with instance_action.recorded_event(context, instance.uuid, event,
                                        manager.host, whole=True) as outcome:
        try:
            chosen = manager.scheduler_api.select_destinations(
                context, spec, max_hosts=1)[0]
        except (exception.NoValidHost, messaging.MessagingTimeout) as e:
            error = e if isinstance(e, exception.NoValidHost) else \
                exception.NoValidHost(reason='the scheduler did not '
                                             'answer: %s' % e)
            outcome.error = error
            migration_obj.roll_back(instance, migration, error, manager.host)
            raise error
    migration.dest_compute = chosen.service_host
    migration.dest_node = chosen.nodename
    migration.save()
    LOG.info('moving %s from %s to %s (%s %s)', instance.uuid,
             instance.host, chosen.service_host, migration.migration_type,
             migration.uuid)
    return chosen


def move_spec(context, instance, flavor, host, stay=False, force=False):
    """The server's request spec for its destination: the new flavor
    (and the VietStack vNICs it asks), away from its host unless it may
    ``stay`` there, on ``host`` if one is named (the scheduler's filters
    not asked about it if ``force``)."""
    try:
        spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
            context, instance.uuid)
    except exception.NotFound:
        spec = request_spec_obj.RequestSpec.from_components(
            context, instance, instance.flavor)
    spec = copy.copy(spec)
    spec.flavor = flavor
    spec.vietstack_requests = vietstack.InstanceVietStackRequest \
        .from_extra_specs(flavor.extra_specs)
    spec.ignore_hosts = [] if stay else [instance.host]
    spec.requested_destination = None
    if host:
        spec.requested_destination = {'host': host}
        if force:
            spec.requested_destination['force'] = 'True'

    return spec
