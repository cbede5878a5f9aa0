# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Allocations in SQL: small readers and writers for the placement
store, which holds the rules of a write (``nova_lite.placement.
allocations``) and runs them inside its transaction.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db.api import inventories
from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

ALLOC = models.Allocation
CONSUMER = models.Consumer


def capacity(total, reserved, allocation_ratio):
    """What may be allocated of an inventory, as Placement reckons it (the
    searches compute the same in SQL)."""
    return int((total - reserved) * allocation_ratio)


def consumer_rows(session, uuids):
    """{uuid: (id, generation, consumer_type)} of the consumers that
    exist; only those can hold allocations (a consumer's row is written
    with its first allocations and goes with its last)."""
    return {row.uuid: row for row in session.execute(sa.select(
        CONSUMER.uuid, CONSUMER.id, CONSUMER.generation,
        CONSUMER.consumer_type).where(CONSUMER.uuid.in_(uuids)))}


# Rows are written with plain statements, not through the ORM's unit of
# work: a claim is a handful of rows, and the unit of work cost more than
# the SQL (a fifth of a claim's time).

def insert_consumer(session, consumer):
    """A new consumer at generation 1 (made at 0 and moved on by the write
    that creates it, as Placement does); ConcurrentUpdate if another
    request created it meanwhile."""
    try:
        session.execute(sa.insert(CONSUMER).values(
            uuid=consumer['uuid'], project_id=consumer['project_id'],
            user_id=consumer['user_id'], generation=1,
            consumer_type=consumer.get('consumer_type')))
    except db_exc.DBDuplicateEntry:
        raise exception.ConcurrentUpdate(
            detail='consumer %s was created by another request '
                   'meanwhile' % consumer['uuid'])


def move_consumer(session, row, consumer):
    """Move the consumer from ``row``'s generation to the next (compare and
    swap), with the owner and type ``consumer`` gives."""
    updated = session.execute(
        sa.update(CONSUMER).where(CONSUMER.id == row.id,
                                  CONSUMER.generation == row.generation)
        .values(generation=row.generation + 1,
                project_id=consumer['project_id'],
                user_id=consumer['user_id'],
                consumer_type=consumer.get('consumer_type') or
                row.consumer_type))
    if updated.rowcount != 1:
        raise exception.ConcurrentUpdate(
            detail='consumer %s changed while it was written'
                   % consumer['uuid'])


def provider_ids_of(session, consumer_uuids):
    """Ids of the providers the consumers hold allocations on."""
    return set(session.scalars(sa.select(ALLOC.resource_provider_id)
                               .where(ALLOC.consumer_id.in_(
                                   consumer_uuids))))


def delete_of(session, consumer_uuids):
    session.execute(sa.delete(ALLOC).where(
        ALLOC.consumer_id.in_(list(consumer_uuids))))


def insert(session, rows):
    """``rows``: [{resource_provider_id, consumer_id, resource_class,
    used}]."""
    if rows:
        session.execute(sa.insert(ALLOC), rows)


def provider_rows(session, uuids):
    """{uuid: (id, uuid, generation)} of those of the providers that
    exist."""
    rp = models.ResourceProvider
    return {row.uuid: row for row in session.execute(
        sa.select(rp.id, rp.uuid, rp.generation).where(
            rp.uuid.in_(list(uuids))))}


def inventories_and_use(session, provider_ids):
    """({provider id: {class: inventory}}, {provider id: {class: used}})
    of the providers, in two reads."""
    return (inventories.of_many(session, provider_ids),
            inventories.used_of_many(session, provider_ids))


def note_freed(session, provider_ids):
    """Count a change of usage on providers that only lost allocations:
    their generations stay (nothing a writer compares against is at
    stake), what caches their usage sees the count move."""
    if not provider_ids:
        return
    rp = models.ResourceProvider
    session.execute(
        sa.update(rp).where(rp.id.in_(sorted(provider_ids)))
        .values(usage_changes=rp.usage_changes + 1)
        .execution_options(synchronize_session=False))


def drop_consumers(session, uuids):
    if uuids:
        session.execute(sa.delete(CONSUMER).where(CONSUMER.uuid.in_(uuids)))


@engine.reader
def get_for_consumer(context, consumer_uuid):
    """(consumer row as dict or None, {provider uuid: {generation,
    resources}})."""
    session = context.session
    rows = session.execute(
        sa.select(models.ResourceProvider.uuid,
                  models.ResourceProvider.generation, ALLOC.resource_class,
                  ALLOC.used)
        .join(models.ResourceProvider,
              models.ResourceProvider.id == ALLOC.resource_provider_id)
        .where(ALLOC.consumer_id == consumer_uuid)).all()
    allocations = {}
    for uuid, generation, resource_class, used in rows:
        entry = allocations.setdefault(uuid, {'generation': generation,
                                              'resources': {}})
        entry['resources'][resource_class] = used
    consumer = session.scalars(sa.select(CONSUMER).where(
        CONSUMER.uuid == consumer_uuid)).first()
    info = None if consumer is None else {
        'project_id': consumer.project_id, 'user_id': consumer.user_id,
        'generation': consumer.generation,
        'consumer_type': consumer.consumer_type}
    return info, allocations


@engine.reader
def get_for_provider(context, provider_uuid):
    provider = providers.get_row(context.session, provider_uuid)
    rows = context.session.execute(
        sa.select(ALLOC.consumer_id, ALLOC.resource_class, ALLOC.used)
        .where(ALLOC.resource_provider_id == provider.id)).all()
    allocations = {}
    for consumer, resource_class, used in rows:
        allocations.setdefault(consumer, {'resources': {}})['resources'][
            resource_class] = used
    return provider.generation, allocations


@engine.reader
def consumers_on_each(context, provider_uuids):
    """{provider uuid: {consumer uuid: {resource class: used}}} of the
    providers named (those with nothing allocated map to {}), in one
    read."""
    provider = models.ResourceProvider
    found = {uuid: {} for uuid in provider_uuids}
    for uuid, consumer, resource_class, used in context.session.execute(
            sa.select(provider.uuid, ALLOC.consumer_id, ALLOC.resource_class,
                      ALLOC.used)
            .join(provider, provider.id == ALLOC.resource_provider_id)
            .where(provider.uuid.in_(list(provider_uuids)))):
        found[uuid].setdefault(consumer, {})[resource_class] = used
    return found


@engine.reader
def consumers_on_each_tree(context, root_uuids):
    """``consumers_on_each`` of the trees of the root providers named:
    what each consumer holds on the root and its children (a device's,
    a NIC's provider) together, in one read."""
    provider = models.ResourceProvider
    root = orm.aliased(models.ResourceProvider)
    found = {uuid: {} for uuid in root_uuids}
    for uuid, consumer, resource_class, used in context.session.execute(
            sa.select(root.uuid, ALLOC.consumer_id, ALLOC.resource_class,
                      ALLOC.used)
            .join(provider, provider.id == ALLOC.resource_provider_id)
            .join(root, root.id == provider.root_provider_id)
            .where(root.uuid.in_(list(root_uuids)))):
        held = found[uuid].setdefault(consumer, {})
        held[resource_class] = held.get(resource_class, 0) + used
    return found


@engine.reader
def usages_of_provider(context, provider_uuid):
    provider = providers.get_row(context.session, provider_uuid)
    used = inventories.used_by_class(context.session, provider.id)
    for resource_class in inventories.of(context.session, provider.id):
        used.setdefault(resource_class, 0)
    return provider.generation, {k: int(v) for k, v in used.items()}


@engine.reader
def usages_of_project(context, project_id, user_id=None,
                      consumer_type=None):
    query = (sa.select(ALLOC.resource_class, sa.func.sum(ALLOC.used))
             .join(CONSUMER, CONSUMER.uuid == ALLOC.consumer_id)
             .where(CONSUMER.project_id == project_id)
             .group_by(ALLOC.resource_class))
    if user_id is not None:
        query = query.where(CONSUMER.user_id == user_id)
    if consumer_type is not None:
        query = query.where(CONSUMER.consumer_type == consumer_type)
    return {rc: int(total) for rc, total in context.session.execute(query)}


@engine.reader
def usages_by_consumer_type(context, project_id, user_id=None,
                            consumer_type=None):
    """{type: {class: amount, 'consumer_count': n}} ('unknown' for
    consumers of no type), as Placement answers from 1.38; with
    ``consumer_type`` 'all' or 'unknown', only that key (every consumer,
    or those of no type)."""
    query = (sa.select(CONSUMER.consumer_type, ALLOC.consumer_id,
                       ALLOC.resource_class, ALLOC.used)
             .join(CONSUMER, CONSUMER.uuid == ALLOC.consumer_id)
             .where(CONSUMER.project_id == project_id))
    if user_id is not None:
        query = query.where(CONSUMER.user_id == user_id)
    if consumer_type is not None and consumer_type not in ('all',
                                                           'unknown'):
        query = query.where(CONSUMER.consumer_type == consumer_type)
    groups, consumers = {}, {}
    for kind, consumer, resource_class, used in context.session.execute(
            query):
        name = 'all' if consumer_type == 'all' else kind or 'unknown'
        totals = groups.setdefault(name, {})
        totals[resource_class] = totals.get(resource_class, 0) + used
        consumers.setdefault(name, set()).add(consumer)
    for name, totals in groups.items():
        totals['consumer_count'] = len(consumers[name])
    if consumer_type == 'unknown':
        groups = {k: v for k, v in groups.items() if k == 'unknown'}
    return groups
