"""Allocations: what each consumer uses of which providers.

``replace`` writes the allocations of one or more consumers all or
nothing in one transaction: their old allocations go, every new amount is
checked against the provider's inventory (min/max/step, and capacity
``(total - reserved) * allocation_ratio`` against what is used once the
old ones are gone), and every provider touched moves on a generation with
a compare-and-swap. A concurrent writer makes that swap fail
(ConcurrentUpdate) and the whole transaction roll back; the caller retries
in a new transaction, never inside this one.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db.api import inventories
from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

ALLOC = models.Allocation
CONSUMER = models.Consumer


def capacity(total, reserved, allocation_ratio):
    """What may be allocated of an inventory, as Placement reckons it."""
    return int((total - reserved) * allocation_ratio)


def _check_amount(uuid, resource_class, amount, inventory):
    if inventory is None:
        raise exception.InvalidAllocation(
            detail="Unable to allocate inventory: Inventory for "
                   "'%s' on resource provider '%s' invalid."
                   % (resource_class, uuid))
    if not (inventory['min_unit'] <= amount <= inventory['max_unit']) or \
            amount % inventory['step_size']:
        raise exception.InvalidAllocation(
            detail="Unable to allocate inventory: Allocation of %d %s on "
                   "resource provider '%s' violates min_unit, max_unit, or "
                   "step_size." % (amount, resource_class, uuid))


def _consumer_rows(session, uuids):
    """{uuid: (id, generation, consumer_type)} of the consumers that
    exist; only those can hold allocations (a consumer's row is written
    with its first allocations and goes with its last)."""
    return {row.uuid: row for row in session.execute(sa.select(
        CONSUMER.uuid, CONSUMER.id, CONSUMER.generation,
        CONSUMER.consumer_type).where(CONSUMER.uuid.in_(uuids)))}


def _write_consumer(session, consumer, row):
    """Create (``row`` None) or move on the consumer, checking the
    generation sent.

    Rows are written with plain statements, not through the ORM's unit of
    work: a claim is a handful of rows, and the unit of work cost more
    than the SQL (a fifth of a claim's time)."""
    expected = consumer.get('generation', 'any')
    if row is None:
        if expected not in (None, 'any'):
            raise exception.ConsumerGenerationConflict(expected=expected,
                                                       got=None)
        # Created at 0 and moved on by this write, as Placement does.
        try:
            session.execute(sa.insert(CONSUMER).values(
                uuid=consumer['uuid'], project_id=consumer['project_id'],
                user_id=consumer['user_id'], generation=1,
                consumer_type=consumer.get('consumer_type')))
        except db_exc.DBDuplicateEntry:
            raise exception.ConcurrentUpdate(
                detail='consumer %s was created by another request '
                       'meanwhile' % consumer['uuid'])
        return
    if expected != 'any' and expected != row.generation:
        raise exception.ConsumerGenerationConflict(expected=expected,
                                                   got=row.generation)
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


def _old_provider_ids(session, consumer_uuids):
    return set(session.scalars(sa.select(ALLOC.resource_provider_id)
                               .where(ALLOC.consumer_id.in_(
                                   consumer_uuids))))


def _check_capacity(session, rows, wanted):
    """Every provider of ``rows`` ({uuid: row}) can take what ``wanted``
    ({uuid: {class: amount}}) puts on it; read for all at once."""
    ids = [row.id for row in rows.values()]
    inventory = inventories.of_many(session, ids)
    used = inventories.used_of_many(session, ids)
    for uuid, per_class in wanted.items():
        provider = rows[uuid]
        for resource_class, amount in per_class.items():
            inv = inventory[provider.id].get(resource_class)
            _check_amount(uuid, resource_class, amount, inv)
            if used[provider.id].get(resource_class, 0) + amount > capacity(
                    inv['total'], inv['reserved'], inv['allocation_ratio']):
                raise exception.CapacityExceeded(
                    resource_class=resource_class, uuid=uuid)


def _wanted_by_provider(requests):
    wanted = {}
    for request in requests:
        for provider_uuid, resources in request['allocations'].items():
            per_class = wanted.setdefault(provider_uuid, {})
            for resource_class, amount in resources.items():
                per_class[resource_class] = per_class.get(
                    resource_class, 0) + amount
    return wanted


def _providers(session, uuids):
    """{uuid: row} of the providers named, or InvalidAllocation naming
    the first that does not exist."""
    rp = models.ResourceProvider
    rows = {row.uuid: row for row in session.execute(
        sa.select(rp.id, rp.uuid, rp.generation).where(
            rp.uuid.in_(list(uuids))))}
    for uuid in uuids:
        if uuid not in rows:
            raise exception.InvalidAllocation(
                detail="Allocation for resource provider '%s' that does "
                       "not exist." % uuid)
    return rows


@engine.writer
def replace(context, requests):
    """Write each consumer's allocations, replacing what it had.

    ``requests``: [{'consumer': {uuid, project_id, user_id,
    generation ('any' to skip the check), consumer_type},
    'allocations': {provider uuid: {resource class: amount}}}].
    """
    session = context.session
    consumers = _consumer_rows(session,
                               [r['consumer']['uuid'] for r in requests])
    touched = set()
    if consumers:  # new consumers have nothing to replace
        touched = _old_provider_ids(session, list(consumers))
        session.execute(sa.delete(ALLOC).where(
            ALLOC.consumer_id.in_(list(consumers))))
    wanted = _wanted_by_provider(requests)
    rows = _providers(session, list(wanted))
    # The generations read before the usage is: the swaps below must
    # compare against these, never against a fresh read.
    expected = {row.id: (row.generation, row.uuid) for row in rows.values()}
    _check_capacity(session, rows, wanted)
    new_rows = []
    for request in requests:
        _write_consumer(session, request['consumer'],
                        consumers.get(request['consumer']['uuid']))
        new_rows.extend(
            {'resource_provider_id': rows[p].id,
             'consumer_id': request['consumer']['uuid'],
             'resource_class': rc, 'used': amount}
            for p, resources in request['allocations'].items()
            for rc, amount in resources.items())
    if new_rows:
        session.execute(sa.insert(ALLOC), new_rows)
    _bump_all(session, touched - set(expected))
    for provider_id, (generation, uuid) in sorted(expected.items()):
        providers.bump_generation(session, provider_id, generation, uuid)
    _drop_empty_consumers(session, [r['consumer']['uuid'] for r in requests
                                    if not r['allocations']])


def _bump_all(session, provider_ids):
    """Bump providers that only lose allocations (no capacity at stake)."""
    if not provider_ids:
        return
    rows = session.execute(
        sa.select(models.ResourceProvider.id,
                  models.ResourceProvider.generation,
                  models.ResourceProvider.uuid)
        .where(models.ResourceProvider.id.in_(provider_ids))
        .order_by(models.ResourceProvider.id)).all()
    for provider_id, generation, uuid in rows:
        providers.bump_generation(session, provider_id, generation, uuid)


def _drop_empty_consumers(session, uuids):
    if uuids:
        session.execute(sa.delete(CONSUMER).where(CONSUMER.uuid.in_(uuids)))


@engine.writer
def delete(context, consumer_uuid):
    session = context.session
    touched = _old_provider_ids(session, [consumer_uuid])
    if not touched:
        raise exception.NotFound(
            message='No allocations for consumer \'%s\'' % consumer_uuid)
    session.execute(sa.delete(ALLOC).where(
        ALLOC.consumer_id == consumer_uuid))
    _bump_all(session, touched)
    _drop_empty_consumers(session, [consumer_uuid])


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
def usages_of_provider(context, provider_uuid):
    provider = providers.get_row(context.session, provider_uuid)
    used = inventories.used_by_class(context.session, provider.id)
    for resource_class in inventories._of(context.session, provider.id):
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
    """{type: {class: amount, 'consumer_count': n}}, with 'all' (and
    'unknown' for consumers of no type), as Placement answers from 1.38."""
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
        for name in (kind or 'unknown', 'all'):
            totals = groups.setdefault(name, {})
            totals[resource_class] = totals.get(resource_class, 0) + used
            consumers.setdefault(name, set()).add(consumer)
    for name, totals in groups.items():
        totals['consumer_count'] = len(consumers[name])
    if consumer_type == 'unknown':
        groups = {k: v for k, v in groups.items() if k == 'unknown'}
    return groups
