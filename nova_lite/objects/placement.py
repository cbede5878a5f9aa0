# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement: what the services ask of the placement store, as an object.

The methods a compute calls are remotable, so a compute with no database
reaches the store through the conductor like everything else it persists;
the scheduler and conductor (which have the database) call the store
directly, and what only they ask (candidates for a typed request, the
first claim that holds) is not remotable. The
compute reports its inventory and heals its allocations; the scheduler
asks for candidates and claims; everyone who ends a server's life
unclaims it.
"""
import dataclasses
import functools
import typing

from oslo_log import log as logging

from nova_lite.db.api import server_groups as server_groups_db
from nova_lite import exception
from nova_lite import metrics
from nova_lite.objects import base
from nova_lite.placement import allocations as allocations_store
from nova_lite.placement import candidates
from nova_lite.placement import reports
from nova_lite.placement import request as placement_request
from nova_lite.placement import traits

LOG = logging.getLogger(__name__)
# A host that lost its room since it was chosen: the next one is tried.
_CLAIM_REFUSALS = (exception.CapacityExceeded, exception.ConcurrentUpdate,
                   exception.InvalidAllocation, exception.AllocationRefused,
                   exception.GroupPolicyViolation)


_CLASSES = {'vcpus': 'VCPU', 'memory_mb': 'MEMORY_MB',
            'local_gb': 'DISK_GB'}


def inventory_of(node, shared_disk=False):
    """A compute node's VCPU, MEMORY_MB and DISK_GB inventory records
    (no DISK_GB when a shared storage pool holds its guests' disks)."""
    return {_CLASSES[name]: {'total': total,
                             'reserved': min(reserved, total),
                             'max_unit': total, 'allocation_ratio': ratio}
            for name, (total, reserved, ratio) in node.inventory().items()
            if total > 0 and not (shared_disk and name == 'local_gb')}


class ClaimOption(typing.NamedTuple):
    """A host a claim may be made on (``Placement.claim_first``): its name
    (the log's), its root provider (a server group's policy is checked
    against it) and the allocations to make there."""
    host: str
    root_uuid: str
    allocations: dict

    @classmethod
    def on(cls, host, root_uuid, allocations, resources):
        """``allocations`` where placement gave the host some, else
        ``resources`` on its root provider."""
        return cls(host, root_uuid, allocations or {root_uuid: resources})


@base.NovaLiteObjectRegistry.register
class Placement(base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: report_children()
    # Version 1.2: hosts_with_room() takes a typed request and is no longer
    #              remotable (only the scheduler asks, with the database)
    # Version 1.3: join_shared_storage()
    # Version 1.4: move_allocations()
    # Version 1.5: report_tree()
    # Version 1.6: report_trees(); consumers_on_each() is remotable
    # Version 1.7: traits_of()
    VERSION = '1.7'

    fields = {}

    @base.remotable_classmethod
    def report_inventory(cls, context, provider_uuid, name, records):
        """Make the provider exist and hold exactly ``records``."""
        reports.report_root(context, provider_uuid, name, records)

    @base.remotable_classmethod
    def report_children(cls, context, root_uuid, children):
        """Make the root's children exactly ``children`` ([{uuid, name,
        inventory, traits}]), creating custom classes and traits they
        name. A child no longer declared goes, unless something is still
        allocated on it (it stays, and the next report tries again)."""
        reports.report_children(context, root_uuid, children)

    @base.remotable_classmethod
    def report_tree(cls, context, root_uuid, name, inventory, children):
        """``report_inventory`` and ``report_children`` in one call and
        one transaction, writing only what differs."""
        reports.report_tree(context, root_uuid, name, inventory, children)

    @base.remotable_classmethod
    def report_trees(cls, context, trees):
        """``report_tree`` of each of ``trees`` ([{root_uuid, name,
        inventory, children}]: the hosts one process runs), the trees read
        together in three statements; a tree that differs is written in
        its own transaction. {root uuid: error} of those that could not
        be written (a class still in use cannot leave)."""
        return reports.report_trees(context, trees)

    @base.remotable_classmethod
    def join_shared_storage(cls, context, provider_uuid, pool):
        """The host's provider takes its guests' DISK_GB from the shared
        storage pool ``pool`` (a provider's name or uuid): they share an
        aggregate and the pool shares its inventory. The pool's uuid."""
        return reports.join_shared_storage(context, provider_uuid, pool)

    @base.remotable_classmethod
    def delete_provider(cls, context, provider_uuid):
        """Remove a host's provider and its children (its service is
        gone); none is fine."""
        reports.delete_tree(context, provider_uuid)

    @classmethod
    def claim(cls, context, consumer_uuid, provider_uuid, resources,
              project_id, user_id):
        """Make the consumer's allocations exactly ``resources`` on the
        provider (moving them if it had others), or raise."""
        cls.claim_allocations(context, consumer_uuid,
                              {provider_uuid: resources}, project_id,
                              user_id)

    @base.remotable_classmethod
    def unclaim(cls, context, consumer_uuid):
        """Drop the consumer's allocations; none is not an error."""
        try:
            allocations_store.delete(context, consumer_uuid)
        except exception.NotFound:
            pass

    @base.remotable_classmethod
    def consumers_on(cls, context, provider_uuid):
        """{consumer uuid: resources} allocated on the provider."""
        try:
            _generation, found = allocations_store.for_provider(
                context, provider_uuid)
        except exception.ResourceProviderNotFound:
            return {}
        return {consumer: entry['resources']
                for consumer, entry in found.items()}

    @classmethod
    def orphaned_compute_trees(cls, context):
        """[(uuid, name, consumers)] of the compute-node providers no
        compute node has, with what they still hold (the audit's; it has
        the database)."""
        return reports.orphaned_compute_trees(context)

    @base.remotable_classmethod
    def consumers_on_each(cls, context, provider_uuids):
        """``consumers_on`` of each provider, in one read (the audit's,
        and the periodic pass of the computes one process runs)."""
        return allocations_store.consumers_on_each(context, provider_uuids)

    @classmethod
    def consumers_on_each_tree(cls, context, root_uuids):
        """``consumers_on_each`` of the providers' whole trees: the root
        and its children together (the audit's; it has the database)."""
        return allocations_store.consumers_on_each_tree(context, root_uuids)

    @classmethod
    def hosts_with_room(cls, context, request, limit=None):
        """{root provider uuid: allocations} where the typed ``request``
        fits now, in placement's order: all of them, or ``limit`` picked at
        random. ``allocations`` ({provider uuid: resources}) is the first
        way it fits on that host."""
        placement_request.check(request)
        request = dataclasses.replace(request, limit=limit,
                                      randomize=limit is not None)
        found, tree = candidates.find(context, request, whole_trees=False)
        hosts, sharing = {}, None
        for merged, _mappings in found:
            roots = {tree[p][1] for p in merged}
            if len(roots) > 1:
                # The host is the tree the candidate came from: not that
                # of a sharing provider (a storage pool) it also takes
                # from. Asked only here: most candidates are one tree's.
                if sharing is None:
                    sharing = candidates.sharing_ids(context)
                roots = roots - sharing or roots
            root = tree[min(roots)][0]
            hosts.setdefault(root, {tree[p][0]: resources
                                    for p, resources in merged.items()})
        return hosts

    @classmethod
    def shares_any(cls, context):
        """Whether some provider shares its inventory (the scheduler
        asks, with the database)."""
        return candidates.any_sharing(context)

    @base.remotable_classmethod
    def claim_allocations(cls, context, consumer_uuid, allocations,
                          project_id, user_id):
        """Make the consumer's allocations exactly ``allocations``
        ({provider uuid: resources}), on several providers at once."""
        _claim(context, consumer_uuid, allocations, project_id, user_id)

    @classmethod
    def claim_first(cls, context, consumer_uuid, options, project_id,
                    user_id, group_uuid=None):
        """Claim the first of ``options`` ([ClaimOption], best first) that
        still has room, and that the hard policy of server group
        ``group_uuid`` (if any) allows, checked under the group's lock in
        the claim's own transaction; its index, or None when every one
        refused (each refusal logged with its host)."""
        for index, option in enumerate(options):
            before = group_uuid and functools.partial(
                server_groups_db.check_claim_in, group_uuid=group_uuid,
                consumer_uuid=consumer_uuid, root_uuid=option.root_uuid)
            try:
                _claim(context, consumer_uuid, option.allocations,
                       project_id, user_id, before or None)
                metrics.CLAIMS.labels('claimed').inc()
                return index
            except _CLAIM_REFUSALS as e:
                metrics.CLAIMS.labels('refused').inc()
                LOG.info('claim of %s on %s refused: %s', consumer_uuid,
                         option.host, e.format_message())
        return None

    @base.remotable_classmethod
    def move_allocations(cls, context, source_uuid, target_uuid, project_id,
                         user_id, target_type='INSTANCE'):
        """Give the target consumer exactly what the source holds, and the
        source nothing, in one write (a move hands the source host's
        allocation from the instance to its migration, or back); what
        moved. A source holding nothing changes nothing."""
        moved = cls.allocations_of(context, source_uuid)
        if not moved:
            return {}  # moved already (a step run again): nothing to do
        allocations_store.replace(context, [
            {'consumer': {'uuid': target_uuid, 'project_id': project_id,
                          'user_id': user_id, 'generation': 'any',
                          'consumer_type': target_type},
             'allocations': moved},
            {'consumer': {'uuid': source_uuid, 'project_id': project_id,
                          'user_id': user_id, 'generation': 'any',
                          'consumer_type': 'INSTANCE'},
             'allocations': {}}])
        return moved

    @base.remotable_classmethod
    def usage_of(cls, context, provider_uuids):
        """{provider uuid: {class: {'capacity', 'used'}}} of providers."""
        return candidates.summaries_of(context, provider_uuids)

    @base.remotable_classmethod
    def traits_of(cls, context, provider_uuids):
        """{provider uuid: [trait]} of the providers (a server's ports
        are bound to those of its claim that have what they need)."""
        found = {}
        for uuid in provider_uuids:
            try:
                found[uuid] = sorted(traits.of_provider(context, uuid)[1])
            except exception.ResourceProviderNotFound:
                found[uuid] = []
        return found

    @base.remotable_classmethod
    def allocations_of(cls, context, consumer_uuid):
        """{provider uuid: resources} the consumer holds anywhere."""
        _consumer, found = allocations_store.for_consumer(context,
                                                          consumer_uuid)
        return {uuid: entry['resources'] for uuid, entry in found.items()}


def _claim(context, consumer_uuid, allocations, project_id, user_id,
           before=None):
    """``before``: as ``allocations_store.replace`` takes it."""
    allocations_store.replace(context, [{
        'consumer': {'uuid': consumer_uuid, 'project_id': project_id,
                     'user_id': user_id, 'generation': 'any',
                     'consumer_type': 'INSTANCE'},
        'allocations': allocations}], before)
