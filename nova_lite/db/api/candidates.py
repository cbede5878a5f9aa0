# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What allocation candidates are made of, read in one transaction.

The search itself (``nova_lite.placement.candidates``) works on sets of
provider ids; the database answers the questions that narrow them: which
providers can take ``amount`` of a class now, which carry a trait, which
belong to an aggregate, how the trees they sit in are shaped, and what the
providers of the chosen trees hold and use.
"""
import collections

import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db.api import allocations
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import wide

INV = models.Inventory
ALLOC = models.Allocation
RP = models.ResourceProvider
# Past this many ids, reading every row and dropping the others in Python
# is cheaper than binding a long IN list.
_IN_LIST_MAX = 200


def _rows(session, query, params=None):
    """Plain rows, without the ORM's per-row loading: these reads want
    tuples, and at thousands of rows that loading costs more than the
    SQL."""
    return session.connection().execute(query, params or {}).all()


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


def _with_capacity(session, resource_class, amount, roots=None):
    """{provider id: root id} of providers that can take ``amount`` now
    (in the trees of ``roots`` only, if given)."""
    def build():
        used = _used(resource_class)
        amount = _bound('amount')
        query = (
            sa.select(INV.resource_provider_id, RP.root_provider_id)
            .join(RP, RP.id == INV.resource_provider_id)
            .outerjoin(used, used.c.resource_provider_id ==
                       INV.resource_provider_id)
            .where(INV.resource_class == resource_class,
                   INV.min_unit <= amount, INV.max_unit >= amount,
                   amount % INV.step_size == 0,
                   (INV.total - INV.reserved) * INV.allocation_ratio -
                   sa.func.coalesce(used.c.used, 0) >= amount))
        if roots is not None:
            query = query.where(INV.resource_provider_id.in_(_members()))
        return query
    query = _shaped(('capacity', resource_class, roots is not None), build)
    params = {'amount': amount}
    if roots is not None:
        params['roots'] = list(roots)
    return dict(_rows(session, query, params))


def _members():
    """Ids of the providers of the trees whose root ids are bound as
    ``roots`` (a subquery the database answers through the root index
    first)."""
    return sa.select(RP.id).where(RP.root_provider_id.in_(
        sa.bindparam('roots', expanding=True)))


def _room_for(resource_class, amount, provider_id=RP.id):
    """The provider (``provider_id``) has an inventory of the class that takes
    ``amount`` now: within min/max/step, and capacity left. Correlated on
    the provider, so a search in id order can stop at its limit instead of
    grouping every inventory row first."""
    used = (sa.select(sa.func.coalesce(sa.func.sum(ALLOC.used), 0))
            .where(ALLOC.resource_provider_id == INV.resource_provider_id,
                   ALLOC.resource_class == resource_class)
            .scalar_subquery())
    return _per_provider(sa.select(INV.resource_provider_id).where(
        INV.resource_provider_id == provider_id,
        INV.resource_class == resource_class,
        INV.min_unit <= amount, INV.max_unit >= amount,
        amount % INV.step_size == 0,
        (INV.total - INV.reserved) * INV.allocation_ratio - used >= amount))


def _per_provider(query):
    """EXISTS (``query``), asked of each provider as the search reaches it.

    Left to itself, PostgreSQL turns such a test into a join over every
    provider's inventory (its estimate of the capacity test's selectivity
    is a guess, far too low), then sorts and keeps the first ``limit``:
    22 ms at 1,000 providers for 10 candidates, about 1 ms walked. A subquery
    with an OFFSET is one it will not flatten, so the search walks the
    providers in id order and stops at the limit (as SQLite and MariaDB
    do already); OFFSET 0 changes no answer.
    """
    return sa.exists(query.offset(0))


def _qualifying(resources, required, forbidden, member_of, not_member_of,
                provider_id=RP.id):
    """WHERE clauses on ``provider_id``: room for each of ``resources``,
    each set of ``required`` traits met by one, none of ``forbidden``, and
    the aggregates."""
    clauses = [_room_for(rc, wide.wide(amount), provider_id)
               for rc, amount in resources.items()]
    clauses += [_trait_exists(any_of, provider_id) for any_of in required]
    if forbidden:
        clauses.append(~_trait_exists(forbidden, provider_id))
    clauses += [_aggregate_exists(any_of, provider_id)
                for any_of in member_of]
    if not_member_of:
        clauses.append(~_aggregate_exists(not_member_of, provider_id))
    return clauses


def one_snapshot(context):
    """A read that the reads made inside it join: the candidates, their
    trees and their summaries all come from one snapshot, in one
    transaction rather than one per read."""
    return engine.one_read(context)


SHARES = 'MISC_SHARES_VIA_AGGREGATE'


Shape = collections.namedtuple('Shape', 'nested sharing low high')


@engine.reader
def shape(context):
    """Whether some provider is nested (has a parent), whether some
    shares its inventory, and the lowest and highest provider id (where
    a random sample may start; None with no provider): what decides
    which search a request needs and where, asked in one statement of
    look-ups in an index each. Each bound is a subquery of its own:
    SQLite reads one end of the key for a lone min() or max(), but scans
    every row for the two together."""
    nested = sa.exists(sa.select(RP.id).where(
        RP.parent_provider_id.is_not(None)))
    sharing = sa.exists(sa.select(
        models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == SHARES))
    row = context.session.execute(sa.select(
        nested, sharing,
        sa.select(sa.func.min(RP.id)).scalar_subquery(),
        sa.select(sa.func.max(RP.id)).scalar_subquery())).first()
    return Shape(bool(row[0]), bool(row[1]), row[2], row[3])


@engine.reader
def nested_hold_none_of(context, classes):
    """No nested provider holds any of ``classes`` (the nested ones hold
    other classes: a host's NICs when its vCPUs, memory and disk are
    asked for), so only a host alone can serve them. Asked only where
    some provider is nested (``shape``): on a flat deployment this search
    by class reads every inventory of the classes before it finds none
    (1.6 ms of a 5 ms answer at 1,000 hosts on SQLite)."""
    return context.session.execute(
        sa.select(INV.resource_provider_id)
        .join(RP, RP.id == INV.resource_provider_id)
        .where(RP.parent_provider_id.is_not(None),
               INV.resource_class.in_(sorted(classes))).limit(1)
    ).first() is None


def _any_sharing(session):
    return session.execute(sa.select(
        models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == SHARES).limit(1)).first() is not None


def _sharing(session):
    """{sharing provider id: ids of the roots it serves}: a provider with
    MISC_SHARES_VIA_AGGREGATE serves the trees of every provider that is
    in one of its aggregates (and its own)."""
    sharing = [row[0] for row in _rows(session, sa.select(
        models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == SHARES))]
    if not sharing:
        return {}
    PA, OTHER = models.ProviderAggregate, orm.aliased(
        models.ProviderAggregate)
    query = (sa.select(PA.resource_provider_id, RP.root_provider_id)
             .join(OTHER, OTHER.aggregate == PA.aggregate)
             .join(RP, RP.id == OTHER.resource_provider_id)
             .where(PA.resource_provider_id.in_(sharing)))
    served = {provider: {root} for provider, root in _rows(
        session, sa.select(RP.id, RP.root_provider_id).where(
            RP.id.in_(sharing)))}
    for provider, root in _rows(session, query):
        served[provider].add(root)
    return served


@engine.reader
def sharing_with(context, uuids):
    """{provider uuid: uuids of the sharing providers whose inventory its
    tree may use} for the roots named."""
    served = _sharing(context.session)
    if not served:
        return {}
    wanted = dict(_rows(context.session, sa.select(
        RP.root_provider_id, RP.uuid).where(RP.uuid.in_(list(uuids)))))
    pools = dict(_rows(context.session, sa.select(RP.id, RP.uuid).where(
        RP.id.in_(list(served)))))
    found = {}
    for pool, roots in served.items():
        for root in roots & set(wanted):
            if pool != root:
                found.setdefault(wanted[root], []).append(pools[pool])
    return found


@engine.reader
def sharing_ids(context):
    return set(context.session.scalars(sa.select(
        models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == SHARES)))


@engine.reader
def any_sharing(context):
    """Whether some provider shares its inventory (the quick searches,
    which look at one tree at a time, do not see sharing)."""
    return _any_sharing(context.session)


@engine.reader
def single_providers(context, resources, required, forbidden, member_of,
                     not_member_of, root_id, limit, start=None):
    """(id, uuid) of providers that alone hold room for all of
    ``resources`` and qualify, in id order (from ``start`` on, wrapping
    around, if given), at most ``limit`` (the database stops there): the
    candidates when only hosts can serve the request."""
    classes = sorted(resources)
    key = ('single', tuple(classes), _traits_key(required, forbidden),
           _traits_key(member_of, not_member_of), root_id is not None)

    def build():
        query = sa.select(RP.id, RP.uuid).where(*_qualifying(
            {rc: _bound('a%d' % i) for i, rc in enumerate(classes)},
            required, forbidden, member_of, not_member_of))
        if root_id is not None:
            query = query.where(RP.root_provider_id == _bound('root'))
        return query
    params = {'a%d' % i: resources[rc] for i, rc in enumerate(classes)}
    params['root'] = root_id
    return [tuple(row) for row in _limited(context.session, key, build,
                                           params, limit, start)]


def _bound(name):
    """A bound amount or id, 64 bits wide (``nova_lite.db.wide``)."""
    return sa.bindparam(name, type_=sa.BigInteger)


def _traits_key(any_of_sets, excluded):
    return (tuple(sorted(tuple(sorted(s)) for s in any_of_sets)),
            tuple(sorted(excluded or ())))


# Searches built once per shape (classes, traits, groups), their amounts
# bound when run: building and compiling the expression costs more than
# running it on a small deployment.
_SHAPES = {}
_SHAPES_MAX = 512


def _shaped(key, build):
    statement = _SHAPES.get(key)
    if statement is None:
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        statement = _SHAPES[key] = build()
    return statement


def _limited(session, key, build, params, limit, start=None):
    """The rows of the search ``build()`` makes (its first column a
    provider id) in id order, at most ``limit``; from id ``start`` on,
    wrapping around, when given (the caller's sampling: a random start
    lets the database stop at the limit, as an ordered search does)."""
    def variant(kind):
        def make():
            query = build()
            column = query.selected_columns[0]
            if kind == 'from':
                query = query.where(column >= _bound('start'))
            elif kind == 'before':
                query = query.where(column < _bound('start'))
            query = query.order_by(column)
            return query.limit(_bound('limit')) if limit else query
        return _shaped(key + (kind, bool(limit)), make)
    params = dict(params, limit=limit)
    if not (limit and start is not None):
        return _rows(session, variant('all'), params)
    params['start'] = start
    rows = _rows(session, variant('from'), params)
    if len(rows) < limit:
        params['limit'] = limit - len(rows)
        rows += _rows(session, variant('before'), params)
    return rows


def _trait_exists(names, provider_id=RP.id):
    return sa.exists().where(
        models.ProviderTrait.resource_provider_id == provider_id,
        models.ProviderTrait.trait.in_(list(names)))


def _aggregate_exists(aggregates, provider_id=RP.id):
    return sa.exists().where(
        models.ProviderAggregate.resource_provider_id == provider_id,
        models.ProviderAggregate.aggregate.in_(list(aggregates)))


def _in_tree(clauses):
    """Some provider of the tree rooted at ``RP`` meets ``clauses(p)``."""
    member = orm.aliased(RP)
    return sa.exists().where(member.root_provider_id == RP.id,
                             *clauses(member.id))


@engine.reader
def candidate_roots(context, spread, groups, limit, start=None):
    """Ids of roots, in id order (from ``start`` on), at most ``limit``,
    whose trees may serve the request: each class of ``spread`` ({class:
    amount}, the unsuffixed group) has room on some provider of the tree,
    and each of ``groups`` ((resources, required, forbidden), a suffixed
    group) fits on one. A necessary condition, cheap to ask; the search
    decides on the trees it names."""
    spread_classes = sorted(spread)
    shapes = [(sorted(resources), required, forbidden)
              for resources, required, forbidden in groups]
    key = ('roots', tuple(spread_classes), tuple(
        (tuple(classes), _traits_key(required, forbidden))
        for classes, required, forbidden in shapes))

    def build():
        query = sa.select(RP.id).where(RP.parent_provider_id.is_(None))
        for i, rc in enumerate(spread_classes):
            query = query.where(_in_tree(
                lambda p, rc=rc, i=i: [_room_for(rc, _bound('s%d' % i), p)]))
        for j, (classes, required, forbidden) in enumerate(shapes):
            amounts = {rc: _bound('g%d_%d' % (j, k))
                       for k, rc in enumerate(classes)}
            query = query.where(_in_tree(
                lambda p, a=amounts, req=required, forb=forbidden:
                _qualifying(a, req, forb, [], (), p)))
        return query
    params = {'s%d' % i: spread[rc] for i, rc in enumerate(spread_classes)}
    for j, (resources, _req, _forb) in enumerate(groups):
        params.update({'g%d_%d' % (j, k): resources[rc]
                       for k, rc in enumerate(sorted(resources))})
    return [row[0] for row in _limited(context.session, key, build, params,
                                       limit, start)]


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
def with_capacity(context, resource_class, amount, roots=None):
    return _with_capacity(context.session, resource_class, amount, roots)


def _with_trait(session, trait, roots=None):
    query = sa.select(models.ProviderTrait.resource_provider_id).where(
        models.ProviderTrait.trait == trait)
    if roots is None:
        return {row[0] for row in _rows(session, query)}
    query = query.where(models.ProviderTrait.resource_provider_id.in_(
        _members()))
    return {row[0] for row in _rows(session, query, {'roots': list(roots)})}


def _in_aggregates(session, aggregates):
    return set(session.scalars(sa.select(
        models.ProviderAggregate.resource_provider_id).where(
        models.ProviderAggregate.aggregate.in_(list(aggregates)))))


@engine.reader
def gather(context, amounts, traits, aggregate_sets, tree_uuids,
           roots=None):
    """Everything the search needs, in one read.

    ``amounts``: (class, amount) pairs; ``traits``: names;
    ``aggregate_sets``: frozensets of aggregate uuids (any of each);
    ``tree_uuids``: provider uuids whose root the request names;
    ``roots``: if given, only the trees of these root ids are read.
    """
    session = context.session
    roots_of = {}
    for uuid in tree_uuids:
        row = session.execute(sa.select(RP.id, RP.root_provider_id).where(
            RP.uuid == uuid)).first()
        roots_of[uuid] = row[1] if row else None
    return {
        'capacity': {pair: _with_capacity(session, *pair, roots=roots)
                     for pair in amounts},
        'traits': {name: _with_trait(session, name, roots)
                   for name in traits},
        'aggregates': {aggs: _in_aggregates(session, aggs)
                       for aggs in aggregate_sets},
        'roots_of': roots_of,
        'sharing': _sharing(session),
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
        _add_traits(session, found)
    return found


@engine.reader
def builds_json(context):
    """Whether the database builds summaries as JSON (SQLite's JSON
    functions; other databases answer ``summaries``)."""
    return context.session.get_bind().dialect.name == 'sqlite'


@engine.reader
def summary_keys(context, provider_ids):
    """{provider id: (uuid, generation, usage changes, created_at)} of
    ``provider_ids``: what a summary read at that key stays true for
    (every change to a provider's inventory, traits or allocations made
    on it moves its generation, allocations taken off it its count of
    usage changes; a provider made again can get its id and uuid back,
    not its creation time)."""
    wanted = set(provider_ids)
    # The creation time as stored: only compared, so not parsed.
    query = sa.select(RP.id, RP.uuid, RP.generation, RP.usage_changes,
                      sa.type_coerce(RP.created_at, sa.String))
    return {row[0]: tuple(row[1:]) for row in _rows(
        context.session, _among(query, RP.id, wanted)) if row[0] in wanted}


@engine.reader
def json_summaries(context, provider_ids):
    """{provider id: {'resources': JSON text of {class: {capacity, used}},
    'traits': [names]}}, built by SQLite's JSON functions."""
    return _json_summaries(context.session, provider_ids)


def _json_summaries(session, provider_ids):
    found = {i: {'resources': '{}', 'traits': []} for i in provider_ids}
    used = (sa.select(ALLOC.resource_provider_id.label('rp'),
                      ALLOC.resource_class.label('rc'),
                      sa.func.sum(ALLOC.used).label('used'))
            .group_by(ALLOC.resource_provider_id, ALLOC.resource_class))
    used = _among(used, ALLOC.resource_provider_id, found).subquery()
    # CAST truncates toward zero, as int() does in allocations.capacity.
    entry = sa.func.json_object(
        'capacity', sa.cast((INV.total - INV.reserved) * INV.allocation_ratio,
                            sa.Integer),
        'used', sa.func.coalesce(used.c.used, 0))
    query = (sa.select(INV.resource_provider_id,
                       sa.func.json_group_object(INV.resource_class, entry))
             .outerjoin(used, sa.and_(
                 used.c.rp == INV.resource_provider_id,
                 used.c.rc == INV.resource_class))
             .group_by(INV.resource_provider_id))
    for provider_id, text in _rows(session, _among(
            query, INV.resource_provider_id, found)):
        summary = found.get(provider_id)
        if summary is not None:
            summary['resources'] = text
    _add_traits(session, found)
    return found


def _add_traits(session, found):
    traits = (sa.select(models.ProviderTrait.resource_provider_id,
                        models.ProviderTrait.trait)
              .order_by(models.ProviderTrait.trait))
    for provider_id, trait in _rows(session, _among(
            traits, models.ProviderTrait.resource_provider_id, found)):
        summary = found.get(provider_id)
        if summary is not None:
            summary['traits'].append(trait)


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
