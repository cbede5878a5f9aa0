"""What allocation candidates are made of, read in one transaction.

The search itself (``nova_lite.placement.candidates``) works on sets of
provider ids; the database answers the questions that narrow them: which
providers can take ``amount`` of a class now, which carry a trait, which
belong to an aggregate, how the trees they sit in are shaped, and what the
providers of the chosen trees hold and use.
"""
import sqlalchemy as sa

from nova_lite.db.api import allocations
from nova_lite.db import engine
from nova_lite.db import models

INV = models.Inventory
ALLOC = models.Allocation
RP = models.ResourceProvider
# Past this many ids, reading every row and dropping the others in Python
# is cheaper than binding a long IN list.
_IN_LIST_MAX = 200


def _rows(session, query):
    """Plain rows, without the ORM's per-row loading: these reads want
    tuples, and at thousands of rows that loading costs more than the
    SQL."""
    return session.connection().execute(query).all()


def _among(query, column, ids):
    """Narrow ``query`` to rows whose ``column`` is one of ``ids``: an IN
    list when short, else the range they span (the caller drops the rest;
    ids from a limited search in id order make that range tight)."""
    if len(ids) <= _IN_LIST_MAX:
        return query.where(column.in_(list(ids)))
    return query.where(column.between(min(ids), max(ids)))


def _used(resource_class):
    return (sa.select(ALLOC.resource_provider_id,
                      sa.func.sum(ALLOC.used).label('used'))
            .where(ALLOC.resource_class == resource_class)
            .group_by(ALLOC.resource_provider_id).subquery())


def _with_capacity(session, resource_class, amount):
    """{provider id: root id} of providers that can take ``amount`` now."""
    used = _used(resource_class)
    query = (
        sa.select(INV.resource_provider_id, RP.root_provider_id)
        .join(RP, RP.id == INV.resource_provider_id)
        .outerjoin(used, used.c.resource_provider_id ==
                   INV.resource_provider_id)
        .where(INV.resource_class == resource_class,
               INV.min_unit <= amount, INV.max_unit >= amount,
               sa.literal(amount) % INV.step_size == 0,
               (INV.total - INV.reserved) * INV.allocation_ratio -
               sa.func.coalesce(used.c.used, 0) >= amount))
    return dict(session.execute(query).all())


def _room_for(resource_class, amount):
    """The provider (``RP.id``) has an inventory of the class that takes
    ``amount`` now: within min/max/step, and capacity left. Correlated on
    the provider, so a search in id order can stop at its limit instead of
    grouping every inventory row first."""
    used = (sa.select(sa.func.coalesce(sa.func.sum(ALLOC.used), 0))
            .where(ALLOC.resource_provider_id == INV.resource_provider_id,
                   ALLOC.resource_class == resource_class)
            .scalar_subquery())
    return sa.exists().where(
        INV.resource_provider_id == RP.id,
        INV.resource_class == resource_class,
        INV.min_unit <= amount, INV.max_unit >= amount,
        amount % INV.step_size == 0,
        (INV.total - INV.reserved) * INV.allocation_ratio - used >= amount)


def _qualifying(resources, required, forbidden, member_of, not_member_of):
    """WHERE clauses on ``RP.id``: room for each of ``resources``, each
    set of ``required`` traits met by one, none of ``forbidden``, and the
    aggregates."""
    clauses = [_room_for(rc, amount) for rc, amount in resources.items()]
    clauses += [_trait_exists(any_of) for any_of in required]
    if forbidden:
        clauses.append(~_trait_exists(forbidden))
    clauses += [_aggregate_exists(any_of) for any_of in member_of]
    if not_member_of:
        clauses.append(~_aggregate_exists(not_member_of))
    return clauses


def _flat(session):
    return session.execute(sa.select(RP.id).where(
        RP.parent_provider_id.is_not(None)).limit(1)).first() is None


@engine.reader
def single_providers(context, resources, required, forbidden, member_of,
                     not_member_of, root_id, limit, randomize=False,
                     flat_only=True):
    """(id, uuid) of providers that alone hold room for all of
    ``resources`` and qualify, in id order (or at random), at most
    ``limit`` (the database stops there). With ``flat_only``, None if
    some provider has a parent, as a search must then look at trees."""
    if flat_only and not _flat(context.session):
        return None
    query = (sa.select(RP.id, RP.uuid)
             .where(*_qualifying(resources, required, forbidden, member_of,
                                 not_member_of))
             .order_by(_random(context.session) if randomize else RP.id))
    if root_id is not None:
        query = query.where(RP.root_provider_id == root_id)
    if limit:
        query = query.limit(limit)
    return [tuple(row) for row in _rows(context.session, query)]


def _random(session):
    """The database's own random(): MariaDB calls it rand()."""
    if session.get_bind().dialect.name == 'mysql':
        return sa.func.rand()
    return sa.func.random()


def _trait_exists(names):
    return sa.exists().where(
        models.ProviderTrait.resource_provider_id == RP.id,
        models.ProviderTrait.trait.in_(list(names)))


def _aggregate_exists(aggregates):
    return sa.exists().where(
        models.ProviderAggregate.resource_provider_id == RP.id,
        models.ProviderAggregate.aggregate.in_(list(aggregates)))


@engine.reader
def matching_providers(context, resources, required, forbidden, member_of,
                       not_member_of):
    """Uuids of providers that qualify on their own: room for all of
    ``resources``, the traits, the aggregates (GET /resource_providers
    filters)."""
    return set(context.session.scalars(sa.select(RP.uuid).where(
        *_qualifying(resources, required, forbidden, member_of,
                     not_member_of))))


@engine.reader
def with_capacity(context, resource_class, amount):
    return _with_capacity(context.session, resource_class, amount)


def _with_trait(session, trait):
    return set(session.scalars(sa.select(
        models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == trait)))


def _in_aggregates(session, aggregates):
    return set(session.scalars(sa.select(
        models.ProviderAggregate.resource_provider_id).where(
        models.ProviderAggregate.aggregate.in_(list(aggregates)))))


@engine.reader
def gather(context, amounts, traits, aggregate_sets, tree_uuids):
    """Everything the search needs, in one read.

    ``amounts``: (class, amount) pairs; ``traits``: names;
    ``aggregate_sets``: frozensets of aggregate uuids (any of each);
    ``tree_uuids``: provider uuids whose root the request names.
    """
    session = context.session
    roots = {}
    for uuid in tree_uuids:
        row = session.execute(sa.select(RP.id, RP.root_provider_id).where(
            RP.uuid == uuid)).first()
        roots[uuid] = row[1] if row else None
    return {
        'capacity': {pair: _with_capacity(session, *pair)
                     for pair in amounts},
        'traits': {name: _with_trait(session, name) for name in traits},
        'aggregates': {aggs: _in_aggregates(session, aggs)
                       for aggs in aggregate_sets},
        'roots_of': roots,
    }


@engine.reader
def trees(context, root_ids):
    """{provider id: (uuid, root id, parent id)} of the given trees."""
    if not root_ids:
        return {}
    query = sa.select(RP.id, RP.uuid, RP.root_provider_id,
                      RP.parent_provider_id)
    if len(root_ids) <= _IN_LIST_MAX:
        query = query.where(RP.root_provider_id.in_(list(root_ids)))
    return {row[0]: (row[1], row[2], row[3])
            for row in context.session.execute(query)
            if row[2] in root_ids}


@engine.reader
def summaries(context, provider_ids, with_traits):
    """{provider id: {'resources': {class: {capacity, used}}, 'traits'}}."""
    found = {i: {'resources': {}, 'traits': []} for i in provider_ids}
    if not found:
        return found
    session = context.session
    used_query = (sa.select(ALLOC.resource_provider_id, ALLOC.resource_class,
                            sa.func.sum(ALLOC.used))
                  .group_by(ALLOC.resource_provider_id, ALLOC.resource_class))
    used = {(p, rc): int(u) for p, rc, u in _rows(session, _among(
        used_query, ALLOC.resource_provider_id, found))}
    inventory = sa.select(INV.resource_provider_id, INV.resource_class,
                          INV.total, INV.reserved, INV.allocation_ratio)
    capacity = allocations.capacity
    for provider_id, rc, total, reserved, ratio in _rows(session, _among(
            inventory, INV.resource_provider_id, found)):
        summary = found.get(provider_id)
        if summary is not None:
            summary['resources'][rc] = {
                'capacity': capacity(total, reserved, ratio),
                'used': used.get((provider_id, rc), 0) if used else 0}
    if with_traits:
        traits = (sa.select(models.ProviderTrait.resource_provider_id,
                            models.ProviderTrait.trait)
                  .order_by(models.ProviderTrait.trait))
        for provider_id, trait in _rows(session, _among(
                traits, models.ProviderTrait.resource_provider_id, found)):
            summary = found.get(provider_id)
            if summary is not None:
                summary['traits'].append(trait)
    return found


@engine.reader
def summaries_by_uuid(context, uuids):
    """{uuid: {class: {'capacity', 'used'}}} of the providers named, in
    one query (the use of each inventory summed through its index)."""
    uuids = list(uuids)
    if not uuids:
        return {}
    used = (sa.select(sa.func.coalesce(sa.func.sum(ALLOC.used), 0))
            .where(ALLOC.resource_provider_id == INV.resource_provider_id,
                   ALLOC.resource_class == INV.resource_class)
            .scalar_subquery())
    query = (sa.select(RP.uuid, INV.resource_class, INV.total,
                       INV.reserved, INV.allocation_ratio, used)
             .join(RP, RP.id == INV.resource_provider_id))
    if len(uuids) <= _IN_LIST_MAX:
        query = query.where(RP.uuid.in_(uuids))
    wanted = set(uuids)
    found = {}
    for uuid, rc, total, reserved, ratio, in_use in context.session.execute(
            query):
        if uuid in wanted:
            found.setdefault(uuid, {})[rc] = {
                'capacity': allocations.capacity(total, reserved, ratio),
                'used': int(in_use)}
    return found
