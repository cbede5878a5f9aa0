# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute's report: make its provider tree exist and hold what the
host declares, whoever else writes at the same time.

Every step makes state exist if it does not, so a whole report runs again
after a deadlock (two computes reporting at once on MariaDB take gap locks
on the same indexes), and an inventory write that lost to a concurrent
writer is tried again from a fresh read.
"""
import uuid as uuid_lib

import os_resource_classes as orc
import os_traits
from oslo_db import api as oslo_db_api

from nova_lite.db.api import inventories as inventories_db
from nova_lite.db.api import provider_sets as provider_sets_db
from nova_lite.db.api import resource_providers as providers_db
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.placement import aggregates
from nova_lite.placement import allocations
from nova_lite.placement import inventories
from nova_lite.placement import providers
from nova_lite.placement import resource_classes
from nova_lite.placement import retry
from nova_lite.placement import traits

_INVENTORY_ATTEMPTS = 3
COMPUTE_NODE = os_traits.COMPUTE_NODE


@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
def report_root(context, provider_uuid, name, records):
    """The host's provider exists and holds exactly ``records``."""
    try:
        providers.get(context, provider_uuid)
    except exception.ResourceProviderNotFound:
        _create_root(context, provider_uuid, name)
    _set_inventory(context, provider_uuid, records)


def report_tree(context, root_uuid, name, inventory, children):
    """The host's provider holds exactly ``inventory`` and its children
    are exactly ``children`` (as ``report_children`` has them). The tree
    is read in three statements, without the write lock; only a tree
    that differs is written, in one transaction that writes only what
    differs. A report with nothing new costs three reads, however many
    hosts the cloud has."""
    tree = _tree(root_uuid, name, inventory, children)
    _ensure_names(context, [tree])
    if _differing(context, [tree]):
        _write_reported(context, tree)


def report_trees(context, trees):
    """``report_tree`` of each of ``trees`` ([{root_uuid, name,
    inventory, children}]), all read in the same three statements; each
    one that differs is written in its own transaction. {root uuid:
    error} of those that could not be written (the others are)."""
    _ensure_names(context, trees)
    failed = {}
    for tree in _differing(context, trees):
        try:
            _write_reported(context, tree)
        except exception.NovaLiteException as e:
            failed[tree['root_uuid']] = e.format_message()
    return failed


def _tree(root_uuid, name, inventory, children):
    return {'root_uuid': root_uuid, 'name': name, 'inventory': inventory,
            'children': children}


def _ensure_names(context, trees):
    """The custom classes and traits the trees' children name exist."""
    children = [child for tree in trees for child in tree['children']]
    resource_classes.ensure_all(context, {
        rc for child in children for rc in child['inventory']})
    traits.ensure_all(context, {
        trait for child in children for trait in child['traits']})


def _write_reported(context, tree):
    args = (context, tree['root_uuid'], tree['inventory'], tree['children'])
    try:
        retry.write(_write_tree, *args, name=tree['name'])
    except exception.ResourceProviderExists:
        # Its name is another's: a provider an earlier compute node of
        # the host left, which goes first (unless it holds allocations).
        _create_root(context, tree['root_uuid'], tree['name'])
        retry.write(_write_tree, *args)


@engine.reader
def _differing(context, trees):
    """Those of ``trees`` not as declared already (or not there at all),
    read in three statements however many they are."""
    declared = {tree['root_uuid']: _declared(
        tree['root_uuid'], tree['inventory'], tree['children'])
        for tree in trees}
    found, held, tagged = _read_trees(context.session, declared)
    return [tree for tree in trees if tree['root_uuid'] not in found or
            not _holds(found[tree['root_uuid']], tree['root_uuid'],
                       declared[tree['root_uuid']], held, tagged)]


def _holds(tree, root_uuid, declared, held, tagged):
    """The tree is as declared already."""
    if set(declared) - set(tree) or _undeclared(tree, root_uuid, declared,
                                                held):
        return False
    return not any(_changes(tree, declared, held, tagged))


def _read_tree(session, root_uuid, declared):
    """The tree's rows by uuid, and the inventories and traits of the
    declared providers it has, by provider id: three reads;
    ResourceProviderNotFound without its root."""
    found, held, tagged = _read_trees(session, {root_uuid: declared})
    if root_uuid not in found:
        raise exception.ResourceProviderNotFound(uuid=root_uuid)
    return found[root_uuid], held, tagged


def _read_trees(session, declared):
    """({root uuid: {uuid: row}} of the trees of ``declared`` ({root
    uuid: its declared providers}) that exist, the inventories of all
    their providers and the traits of the declared ones, by provider id):
    three reads however many trees."""
    found = providers_db.trees_rows(session, list(declared))
    ids = [rows[uuid].id for root, rows in found.items()
           for uuid in declared[root] if uuid in rows]
    return (found, inventories_db.of_many(session, [
        row.id for rows in found.values() for row in rows.values()]),
        provider_sets_db.of_ids(session, 'traits', ids))


def _changes(tree, declared, held, tagged):
    """({row: inventory}, {row: traits}) of the declared providers whose
    inventory or traits differ from what they hold (``held``, ``tagged``
    by provider id)."""
    return ({tree[uuid]: records for uuid, (records, _) in declared.items()
             if not _same(held[tree[uuid].id], records)},
            {tree[uuid]: names for uuid, (_, names) in declared.items()
             if names is not None and tagged[tree[uuid].id] != set(names)})


def _declared(root_uuid, inventory, children):
    """{provider uuid: (inventory, traits or None to leave them)}."""
    declared = {root_uuid: (inventory, None)}
    declared.update((child['uuid'], (child['inventory'], child['traits']))
                    for child in children)
    return declared


def _undeclared(tree, root_uuid, declared, held):
    """The rows of the root's children the host no longer declares, of
    those it made: they hold custom classes (its resource plugins').
    Another service's providers under the host (the network service's
    bandwidth providers, of standard classes or none) are that
    service's to keep."""
    root = tree[root_uuid]
    return [row for uuid, row in tree.items()
            if row.parent_provider_id == root.id and uuid not in declared
            and _made_by_host(held[row.id])]


def _made_by_host(inventory):
    return any(orc.is_custom(rc) for rc in inventory)


@engine.writer
def _write_tree(context, root_uuid, inventory, children, name=None):
    """``name``: the root's, to create it if it does not exist (with its
    inventory, children and the COMPUTE_NODE trait, all in this
    transaction); without it, ResourceProviderNotFound."""
    session = context.session
    declared = _declared(root_uuid, inventory, children)
    try:
        tree, held, tagged = _read_tree(session, root_uuid, declared)
        new = {}
    except exception.ResourceProviderNotFound:
        if name is None:
            raise
        tree, held, tagged, new = _new_root(session, root_uuid, name)
    new.update(providers_db.add_children(session, tree[root_uuid], [
        (child['uuid'], child['name']) for child in children
        if child['uuid'] not in tree], generation=1))
    for row in new.values():
        tree[row.uuid], held[row.id], tagged[row.id] = row, {}, set()
    _write_changes(session, *_changes(tree, declared, held, tagged),
                   new=set(new))
    _remove_undeclared(session, _undeclared(tree, root_uuid, declared,
                                            held))


def _new_root(session, uuid, name):
    """A root at its first generation, marked COMPUTE_NODE: the tree,
    inventories, traits and new rows as ``_write_tree`` holds them."""
    row = providers_db.add_root(session, uuid, name, generation=1)
    provider_sets_db.replace_many(session, 'traits', {
        row.id: [COMPUTE_NODE]}, new={row.id})
    return {uuid: row}, {row.id: {}}, {row.id: {COMPUTE_NODE}}, {uuid: row}


def _write_changes(session, inventory, provider_traits, new):
    """Write the providers' changed inventories ({row: records}) and
    traits ({row: names}); each existing provider changed moves on one
    generation (a concurrent writer makes the whole report run again),
    those ``new`` (uuids) are at their first already."""
    wanted = {row: {rc: inventories.normalized(rc, record, uuid=row.uuid)
                    for rc, record in records.items()}
              for row, records in inventory.items()}
    inventories.check_none_in_use(session, {
        row: records for row, records in wanted.items()
        if row.uuid not in new})
    made = {row.id for row in set(wanted) | set(provider_traits)
            if row.uuid in new}
    if wanted:
        inventories_db.replace_many(session, {
            row.id: records for row, records in wanted.items()}, made)
    if provider_traits:
        provider_sets_db.replace_many(session, 'traits', {
            row.id: names for row, names in provider_traits.items()}, made)
    for row in set(inventory) | set(provider_traits):
        if row.uuid not in new:
            providers_db.bump_generation(session, row.id, row.generation,
                                         row.uuid)


def _remove_undeclared(session, rows):
    """Children the host no longer declares go, unless something is
    allocated on them or they have children (the next report tries
    again)."""
    for row in rows:
        if not any(providers_db.holds(session, row.id)):
            providers_db.delete_row(session, row)


def report_children(context, root_uuid, children):
    """The root's children are exactly ``children``, except those that
    still hold allocations (the next report tries again) and those of
    another service (``_undeclared``)."""
    for child in children:
        _report_child(context, root_uuid, child)
    declared = {child['uuid'] for child in children}
    for found in providers.get_all(context, in_tree=root_uuid):
        if found['parent_provider_uuid'] == root_uuid and \
                found['uuid'] not in declared and \
                _made_by_host(inventories.get(context, found['uuid'])[1]):
            try:
                providers.delete(context, found['uuid'])
            except exception.ResourceProviderInUse:
                pass


def delete_tree(context, provider_uuid):
    """The provider and its children are gone; none is fine."""
    try:
        tree = providers.get_all(context, in_tree=provider_uuid)
    except exception.ResourceProviderNotFound:
        return
    # Children before parents: a provider with children cannot go.
    for found in sorted(tree, key=lambda p: p['parent_provider_uuid']
                        is None):
        try:
            providers.delete(context, found['uuid'])
        except exception.ResourceProviderNotFound:
            pass


def orphaned_compute_trees(context):
    """[(uuid, name, consumers)] of the compute-node provider trees that
    no compute node has (a compute removed while they stayed), with the
    consumers anything in each tree still holds."""
    found = []
    for uuid, name in providers_db.compute_roots_without_node(
            context, COMPUTE_NODE):
        tree = [p['uuid'] for p in providers.get_all(context, in_tree=uuid)]
        held = allocations.consumers_on_each(context, tree)
        found.append((uuid, name, sorted(set().union(*held.values()))))
    return found


def _create_root(context, uuid, name):
    """Create the host's provider. A provider of that name left by an
    earlier compute node of the host (deleted and made again) goes first,
    unless it still holds allocations."""
    try:
        providers.create(context, uuid, name)
    except exception.ResourceProviderExists:
        stale = [p for p in providers.get_all(context, name=name)
                 if p['uuid'] != uuid]
        if not stale:
            return  # created meanwhile, by a restart racing with itself
        providers.delete(context, stale[0]['uuid'])
        providers.create(context, uuid, name)
    _mark_compute_node(context, uuid)


@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
def _mark_compute_node(context, uuid):
    """The COMPUTE_NODE trait, as Nova gives its compute nodes' providers:
    the audit tells a provider a deleted compute left from one another
    client of placement made by it. A root's other traits are left to
    operators. Run again after a deadlock (computes starting together on
    MariaDB), as the report is."""
    generation, names = traits.of_provider(context, uuid)
    if COMPUTE_NODE not in names:
        traits.set_for_provider(context, uuid, generation,
                                sorted(set(names) | {COMPUTE_NODE}))


def _set_inventory(context, provider_uuid, records):
    for attempt in range(_INVENTORY_ATTEMPTS):
        generation, current = inventories.get(context, provider_uuid)
        if _same(current, records):
            return
        try:
            inventories.set_all(context, provider_uuid, generation,
                                records)
            return
        except (exception.ConcurrentUpdate,
                exception.ResourceProviderGenerationConflict):
            if attempt == _INVENTORY_ATTEMPTS - 1:
                raise


@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
def _report_child(context, root_uuid, child):
    try:
        providers.get(context, child['uuid'])
    except exception.ResourceProviderNotFound:
        providers.create(context, child['uuid'], child['name'],
                         parent_uuid=root_uuid)
    for rc in child['inventory']:
        resource_classes.ensure(context, rc)
    _set_inventory(context, child['uuid'], child['inventory'])
    for trait in child['traits']:
        if not traits.exists(context, trait):
            traits.ensure(context, trait)
    generation, current = traits.of_provider(context, child['uuid'])
    if sorted(current) != sorted(child['traits']):
        traits.set_for_provider(context, child['uuid'], generation,
                                child['traits'])


def _same(current, records):
    for rc, record in records.items():
        mine = current.get(rc)
        if mine is None or any(mine[k] != v for k, v in record.items()):
            return False
    return set(current) == set(records)


SHARES = 'MISC_SHARES_VIA_AGGREGATE'


def _pool_uuid(context, pool):
    """The uuid of the provider ``pool`` names (its uuid or its name)."""
    try:
        return providers.get(context, pool)['uuid']
    except exception.ResourceProviderNotFound:
        named = providers.get_all(context, name=pool)
        if not named:
            raise
        return named[0]['uuid']


@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
def join_shared_storage(context, host_uuid, pool):
    """The host's provider shares an aggregate with the pool, which
    shares its inventory; the pool's uuid. An aggregate is made for a
    pool that has none (its uuid follows from the pool's)."""
    pool_uuid = _pool_uuid(context, pool)
    generation, names = traits.of_provider(context, pool_uuid)
    if SHARES not in names:
        traits.set_for_provider(context, pool_uuid, generation,
                                sorted(set(names) | {SHARES}))
    generation, pool_aggregates = aggregates.of_provider(context,
                                                         pool_uuid)
    if not pool_aggregates:
        pool_aggregates = [str(uuid_lib.uuid5(uuid_lib.UUID(pool_uuid),
                                              'shared-storage'))]
        aggregates.set_for_provider(context, pool_uuid, generation,
                                    pool_aggregates)
    generation, host_aggregates = aggregates.of_provider(context, host_uuid)
    if not set(pool_aggregates) <= set(host_aggregates):
        aggregates.set_for_provider(
            context, host_uuid, generation,
            sorted(set(host_aggregates) | set(pool_aggregates)))
    return pool_uuid
