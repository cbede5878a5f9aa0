# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute's side of placement: its inventory, and its allocations
healed.

Each periodic run reports the node as a provider (uuid: the compute node's)
with VCPU, MEMORY_MB and DISK_GB inventory from the node and the
``[compute]`` reserved and ratio options, and the resource plugins'
providers as its children, then makes placement agree with the instances
on the host: one with no allocation at all gets its flavor's on the host
and what its plugin records stand for on the children (one holding
allocations is left as it is: they may
reach child providers the flavor alone does not tell), and an
allocation whose instance is deleted or on another host goes. An instance
still being scheduled (no host yet) keeps the allocation the scheduler
made for it, a server being moved to or from the host keeps both of its
move's (the migration's uuid holds the source's; the destination's is the
instance's from the moment the scheduler claims it), and a consumer that
is no server at all is left to ``nova-lite-manage placement audit``.
"""
import dataclasses

from oslo_log import log as logging

from nova_lite import exception
from nova_lite.objects import flavor_placement
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)


def report(context, node, instances, plugins=(), shared_storage=None,
           moving=(), new_node=False):
    """``shared_storage``: the pool (a provider's name or uuid) that holds
    the guests' DISK_GB instead of the host; ``moving``: the uuids of the
    servers with a move under way from or to the host; ``new_node``: the
    node was created just now, so its provider (of the node's new uuid)
    can hold no allocation yet, and none is read."""
    placement_obj.Placement.report_tree(
        context, **tree_of(node, plugins, shared_storage))
    pool = joined_pool(context, node, shared_storage)
    consumers = {} if new_node else placement_obj.Placement.consumers_on(
        context, node.uuid)
    heal(context, node, instances, consumers, plugins, pool, moving)


def tree_of(node, plugins=(), shared_storage=None):
    """The provider tree the host declares (Placement.report_tree's
    arguments)."""
    return {'root_uuid': node.uuid, 'name': node.hypervisor_hostname,
            'inventory': placement_obj.inventory_of(
                node, shared_disk=bool(shared_storage)),
            'children': [dataclasses.asdict(child) for plugin in plugins
                         for child in plugin.providers(node)]}


def heal(context, node, instances, consumers, plugins=(), pool=None,
         moving=()):
    """Placement agrees with the ``instances`` on the host, given the
    ``consumers`` ({uuid: resources}) on its provider: those missing get
    their allocation, strays go."""
    expected = {i.uuid: i for i in instances}
    for uuid, instance in expected.items():
        if uuid not in consumers and not \
                placement_obj.Placement.allocations_of(context, uuid):
            _heal(context, node, instance,
                  allocations_of(node, instance, plugins, pool))
    strays = set(consumers) - set(expected) - set(moving)
    if strays:
        _drop_strays(context, node, strays)


def joined_pool(context, node, shared_storage):
    """The uuid of the shared storage pool the host joined; None without
    one, or while the pool does not exist yet (the next report tries
    again)."""
    if not shared_storage:
        return None
    try:
        return placement_obj.Placement.join_shared_storage(
            context, node.uuid, shared_storage)
    except exception.ResourceProviderNotFound:
        LOG.warning('[compute] shared_storage_provider %s: no such resource '
                    'provider yet; %s has no disk to give until it exists',
                    shared_storage, node.hypervisor_hostname)
        return None


def allocations_of(node, instance, plugins, pool=None):
    """{provider uuid: resources} the instance holds on this host: its
    flavor on the host (its disk on the shared storage ``pool``, if
    any), its plugin records on the host's children."""
    resources = dict(flavor_placement.resources(instance.flavor))
    found = {node.uuid: resources}
    if pool is not None and resources.get('DISK_GB'):
        found[pool] = {'DISK_GB': resources.pop('DISK_GB')}
    for plugin in plugins:
        found.update(plugin.allocations(node, plugin.record_of(instance)))
    return found


def _heal(context, node, instance, allocations):
    try:
        placement_obj.Placement.claim_allocations(
            context, instance.uuid, allocations, instance.project_id,
            instance.user_id)
        LOG.info('healed the allocation of %s on %s', instance.uuid,
                 node.hypervisor_hostname)
    except exception.NovaLiteException as e:
        LOG.warning('could not heal the allocation of %s on %s: %s',
                    instance.uuid, node.hypervisor_hostname,
                    e.format_message())


def _moving_here(context, instance_uuid, host):
    """Whether the instance has a move under way from or to ``host``: one
    the scheduler claimed here for that the host does not count yet (no
    migration context until the destination takes it)."""
    migration = migration_obj.Migration.in_progress_of(context,
                                                       instance_uuid)
    return migration is not None and host in (migration.source_compute,
                                              migration.dest_compute)


def _drop_strays(context, node, uuids):
    found = {i.uuid: i for i in instance_obj.InstanceList.get_by_filters(
        context, {'uuid': sorted(uuids), 'read_deleted': True})}
    for uuid in sorted(uuids):
        instance = found.get(uuid)
        if instance is None:
            continue  # not a server: the audit reports it, an admin acts
        if not instance.deleted and instance.host in (None, node.host):
            continue  # still being scheduled here, or landing now
        if not instance.deleted and _moving_here(context, uuid, node.host):
            continue  # its destination claimed here before its move came
        placement_obj.Placement.unclaim(context, uuid)
        LOG.info('removed the allocation of %s from %s: the instance is '
                 '%s', uuid, node.hypervisor_hostname,
                 'deleted' if instance.deleted else 'on %s' % instance.host)
