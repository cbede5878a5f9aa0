# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Resource providers in SQL: create, find, rename, delete, and the
generation's compare-and-swap (``bump_generation``) every change to a
provider or to what hangs off it ends with: a writer that read generation
G may only write if the provider is still at G when it commits. The rules
(generations a client names, the tree's shape, what keeps a provider from
going) are the placement store's (``nova_lite.placement.providers``).
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

RP = models.ResourceProvider


def get_row(session, uuid):
    provider = session.scalars(sa.select(RP).where(RP.uuid == uuid)).first()
    if provider is None:
        raise exception.ResourceProviderNotFound(uuid=uuid)
    return provider


def bump_generation(session, provider_id, expected, uuid):
    """Move the provider from generation ``expected`` to the next, or fail.

    The UPDATE's WHERE re-reads the committed row (PostgreSQL waits for a
    concurrent writer's commit first; InnoDB reads the latest version), so
    a concurrent change since our read makes it match no row.
    """
    updated = session.execute(
        sa.update(RP).where(RP.id == provider_id, RP.generation == expected)
        .values(generation=expected + 1)
        .execution_options(synchronize_session=False))
    if updated.rowcount != 1:
        raise exception.ConcurrentUpdate(
            detail='resource provider %s changed while it was written '
                   '(generation %d is stale)' % (uuid, expected))
    return expected + 1


@engine.writer
def create(context, uuid, name, parent_uuid=None):
    parent = find_row(context.session, parent_uuid) if parent_uuid else None
    if parent_uuid and parent is None:
        raise exception.PlacementBadRequest(
            detail='Unable to create resource provider "%s", %s: Object '
                   'action create failed because: parent provider UUID '
                   'does not exist.' % (name, uuid))
    provider = _added(context.session, RP(
        uuid=uuid, name=name, generation=0,
        parent_provider_id=parent.id if parent else None))
    provider.root_provider_id = (parent.root_provider_id if parent
                                 else provider.id)
    context.session.flush()
    return _as_dict(context.session, provider)


def _added(session, row):
    """The provider ``row`` inserted (flushed, so it has its id);
    ResourceProviderExists if its uuid or name is taken."""
    session.add(row)
    try:
        session.flush()
    except db_exc.DBDuplicateEntry as e:
        field = 'uuid' if 'uuid' in (e.columns or []) else 'name'
        raise exception.ResourceProviderExists(
            field=field, value=row.uuid if field == 'uuid' else row.name)
    return row


def add_root(session, uuid, name, generation):
    """The row of a new root provider at ``generation``, in the caller's
    transaction (its first inventory and traits go in with it, so it
    needs no compare-and-swap either); ResourceProviderExists if its
    uuid or name is taken."""
    row = _added(session, RP(uuid=uuid, name=name, generation=generation))
    row.root_provider_id = row.id
    session.flush()
    return row


def add_children(session, parent, children, generation):
    """Rows for the ``children`` ([(uuid, name)]) of the ``parent`` row
    at ``generation``, inserted in one statement: {uuid: row}. Seen by no
    other writer until the transaction commits, they need no
    compare-and-swap of their generation."""
    rows = {uuid: RP(uuid=uuid, name=name, generation=generation,
                     parent_provider_id=parent.id,
                     root_provider_id=parent.root_provider_id)
            for uuid, name in children}
    session.add_all(list(rows.values()))
    try:
        session.flush()
    except db_exc.DBDuplicateEntry as e:
        field = 'uuid' if 'uuid' in (e.columns or []) else 'name'
        raise exception.ResourceProviderExists(
            field=field, value=', '.join(sorted(
                getattr(row, field) for row in rows.values())))
    return rows


def _uuids_of(session, ids):
    ids = [i for i in ids if i is not None]
    if not ids:
        return {}
    return dict(session.execute(sa.select(RP.id, RP.uuid)
                                .where(RP.id.in_(ids))).all())


def _as_dict(session, provider, uuids=None):
    uuids = uuids if uuids is not None else _uuids_of(
        session, [provider.root_provider_id, provider.parent_provider_id])
    return {'uuid': provider.uuid, 'name': provider.name,
            'generation': provider.generation,
            'root_provider_uuid': uuids.get(provider.root_provider_id),
            'parent_provider_uuid': uuids.get(provider.parent_provider_id),
            'id': provider.id}


@engine.reader
def get(context, uuid):
    return _as_dict(context.session, get_row(context.session, uuid))


@engine.reader
def compute_roots_without_node(context, trait):
    """[(uuid, name)] of the root providers that carry ``trait`` (the
    one compute nodes' providers carry) and that no compute node has."""
    providers, tagged = models.ResourceProvider, models.ProviderTrait
    return [tuple(row) for row in context.session.execute(
        sa.select(providers.uuid, providers.name).join(
            tagged, tagged.resource_provider_id == providers.id).where(
            tagged.trait == trait,
            providers.parent_provider_id.is_(None),
            providers.uuid.not_in(sa.select(models.ComputeNode.uuid)))
        .order_by(providers.name))]


@engine.reader
def get_all(context, name=None, uuid=None, in_tree=None):
    # Each row with its root's and parent's uuids, joined: a separate read
    # of every provider's uuid would cost each compute's report as much
    # as the cloud has hosts.
    root, parent = orm.aliased(RP), orm.aliased(RP)
    query = (sa.select(RP, root.uuid, parent.uuid)
             .outerjoin(root, root.id == RP.root_provider_id)
             .outerjoin(parent, parent.id == RP.parent_provider_id)
             .order_by(RP.id))
    if name is not None:
        query = query.where(RP.name == name)
    if uuid is not None:
        query = query.where(RP.uuid == uuid)
    if in_tree is not None:
        tree = get_row(context.session, in_tree).root_provider_id
        query = query.where(RP.root_provider_id == tree)
    return [_as_dict(context.session, provider, {
        provider.root_provider_id: root_uuid,
        provider.parent_provider_id: parent_uuid})
        for provider, root_uuid, parent_uuid in
        context.session.execute(query)]


def rename(session, provider, name):
    """Give the provider ``name``; ResourceProviderExists if another
    provider has it."""
    provider.name = name
    try:
        session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.ResourceProviderExists(field='name', value=name)


def trees_rows(session, uuids):
    """{uuid: {uuid: row}}: for each of the providers ``uuids`` that
    exists, the providers in its tree, all in one read."""
    root_ids = sa.select(RP.root_provider_id).where(RP.uuid.in_(list(uuids)))
    trees = {}
    for row in session.scalars(sa.select(RP).where(
            RP.root_provider_id.in_(root_ids))):
        trees.setdefault(row.root_provider_id, {})[row.uuid] = row
    by_uuid = {uuid: tree for tree in trees.values() for uuid in tree}
    return {uuid: by_uuid[uuid] for uuid in uuids if uuid in by_uuid}


def find_row(session, uuid):
    """The provider's row, or None."""
    return session.scalars(sa.select(RP).where(RP.uuid == uuid)).first()


def subtree_ids(session, provider):
    """Ids of the provider and every provider below it."""
    rows = session.execute(sa.select(RP.id, RP.parent_provider_id).where(
        RP.root_provider_id == provider.root_provider_id)).all()
    children = {}
    for row_id, parent_id in rows:
        children.setdefault(parent_id, []).append(row_id)
    found, pending = set(), [provider.id]
    while pending:
        current = pending.pop()
        found.add(current)
        pending.extend(children.get(current, []))
    return found


def move(session, provider, parent):
    """Hang the provider (and what is below it) under ``parent`` (a row;
    None: make it a root), its whole subtree taking the new root."""
    below = subtree_ids(session, provider)
    provider.parent_provider_id = parent.id if parent is not None else None
    root = parent.root_provider_id if parent is not None else provider.id
    session.execute(sa.update(RP).where(RP.id.in_(below))
                    .values(root_provider_id=root)
                    .execution_options(synchronize_session=False))
    provider.root_provider_id = root
    session.flush()


def as_dict(session, provider):
    """The provider as the API shows it, read again after a write."""
    session.refresh(provider)
    return _as_dict(session, provider)


def holds(session, provider_id):
    """(allocations on the provider, its child providers): what keeps it
    from going."""
    allocations = session.scalar(sa.select(sa.func.count()).select_from(
        models.Allocation).where(
        models.Allocation.resource_provider_id == provider_id))
    children = session.scalar(sa.select(sa.func.count()).select_from(
        RP).where(RP.parent_provider_id == provider_id))
    return allocations, children


def delete_row(session, provider):
    """The provider and what hangs off it: inventories, traits,
    aggregates."""
    for model in (models.Inventory, models.ProviderTrait,
                  models.ProviderAggregate):
        session.execute(sa.delete(model).where(
            model.resource_provider_id == provider.id))
    # A root is its own root: InnoDB checks the row's reference to itself
    # at the delete and refuses it (1451), so the reference goes first.
    session.execute(sa.update(models.ResourceProvider).where(
        models.ResourceProvider.id == provider.id).values(
            root_provider_id=None, parent_provider_id=None))
    session.delete(provider)
