# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host aggregates: their hosts and metadata, and the availability zones
their ``availability_zone`` metadata makes.

Every write that could put a host in two zones (adding a host, setting
an aggregate's zone) runs under one lock row, AGGREGATES_LOCK in
quota_locks, and checks the zones in the same transaction: two admins
acting at once cannot both pass the check. Aggregates change rarely, so
one lock for them all costs nothing.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db.api import quotas
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

AGGREGATES_LOCK = 'aggregates:'
ZONE_KEY = 'availability_zone'
_A = models.Aggregate
_H = models.AggregateHost
_M = models.AggregateMetadata


def _get(session, aggregate_id):
    aggregate = session.get(_A, aggregate_id)
    if aggregate is None:
        raise exception.AggregateNotFound(aggregate_id=aggregate_id)
    return aggregate


def _hosts(session, ids):
    found = {}
    for aggregate_id, host in session.execute(
            sa.select(_H.aggregate_id, _H.host)
            .where(_H.aggregate_id.in_(ids)).order_by(_H.id)):
        found.setdefault(aggregate_id, []).append(host)
    return found


def _metadata(session, ids):
    found = {}
    for aggregate_id, key, value in session.execute(
            sa.select(_M.aggregate_id, _M.key, _M.value)
            .where(_M.aggregate_id.in_(ids))):
        found.setdefault(aggregate_id, {})[key] = value
    return found


def _as_dicts(session, aggregates):
    ids = [a.id for a in aggregates]
    hosts, metadata = _hosts(session, ids), _metadata(session, ids)
    return [{'id': a.id, 'uuid': a.uuid, 'name': a.name,
             'hosts': hosts.get(a.id, []),
             'metadata': metadata.get(a.id, {}),
             'availability_zone': metadata.get(a.id, {}).get(ZONE_KEY),
             'created_at': a.created_at, 'updated_at': a.updated_at}
            for a in aggregates]


@engine.reader
def get(context, aggregate_id):
    return _as_dicts(context.session, [_get(context.session,
                                            aggregate_id)])[0]


@engine.reader
def get_all(context, host=None):
    """Every aggregate, or those ``host`` is in, by id."""
    query = sa.select(_A).order_by(_A.id)
    if host is not None:
        query = query.where(_A.id.in_(
            sa.select(_H.aggregate_id).where(_H.host == host)))
    return _as_dicts(context.session, list(context.session.scalars(query)))


def zone_of_host_in(session, host):
    """The zone of ``host`` (None: in none), in the caller's
    transaction."""
    return session.scalar(
        sa.select(_M.value)
        .join(_H, _H.aggregate_id == _M.aggregate_id)
        .where(_H.host == host, _M.key == ZONE_KEY).limit(1))


@engine.reader
def zones_of_hosts(context, hosts=None):
    """{host: zone} of the hosts (all when None) that are in one."""
    query = (sa.select(_H.host, _M.value)
             .join(_M, sa.and_(_M.aggregate_id == _H.aggregate_id,
                               _M.key == ZONE_KEY)))
    if hosts is not None:
        query = query.where(_H.host.in_(list(hosts)))
    return dict(context.session.execute(query).all())


def _listed(value):
    return {v.strip() for v in value.split(',')}


@engine.reader
def uuids_with_metadata(context, key, value=None):
    """Uuids of the aggregates with ``key`` set (to ``value``, or to a
    comma-separated list holding it, if given)."""
    query = sa.select(_A.uuid, _M.value).join(
        _M, _M.aggregate_id == _A.id).where(_M.key == key)
    return sorted({uuid for uuid, found in context.session.execute(query)
                   if value is None or value in _listed(found)})


@engine.reader
def values_by_key_prefix(context, prefix):
    """{uuid: the values (comma-separated lists read as sets) of its keys
    starting with ``prefix``} of the aggregates with such keys."""
    query = sa.select(_A.uuid, _M.value).join(
        _M, _M.aggregate_id == _A.id).where(_M.key.startswith(prefix))
    found = {}
    for uuid, value in context.session.execute(query):
        found.setdefault(uuid, set()).update(_listed(value))
    return found


def _lock(session):
    quotas.lock_project(session, AGGREGATES_LOCK)


def _check_zone(session, aggregate, zone, hosts, action):
    """Refuse to put ``hosts`` in ``zone`` (through ``aggregate``) if one
    is in another zone already, as Nova words it."""
    if not zone:
        return
    others = session.execute(
        sa.select(_M.value)
        .join(_H, _H.aggregate_id == _M.aggregate_id)
        .where(_M.key == ZONE_KEY, _H.host.in_(hosts),
               _M.aggregate_id != aggregate.id, _M.value != zone)
        .distinct()).scalars().all()
    if others:
        raise action(aggregate_id=aggregate.id, reason=(
            'One or more hosts already in availability zone(s) %s'
            % sorted(others)))


def _check_no_instances(session, aggregate, zone, hosts, action):
    """A zone's name does not change under servers already in it."""
    current = session.scalar(sa.select(_M.value).where(
        _M.aggregate_id == aggregate.id, _M.key == ZONE_KEY))
    if current == zone or not hosts:
        return
    held = session.scalar(sa.select(sa.func.count(models.Instance.id)).where(
        models.Instance.host.in_(hosts), models.Instance.deleted == 0))
    if held:
        raise action(aggregate_id=aggregate.id,
                     reason='One or more hosts contain instances in this '
                            'zone')


def _set_metadata(session, aggregate, metadata):
    for key, value in metadata.items():
        session.execute(sa.delete(_M).where(_M.aggregate_id == aggregate.id,
                                            _M.key == key))
        if value is not None:
            session.add(_M(aggregate_id=aggregate.id, key=key, value=value))
    session.flush()


@engine.writer
def create(context, uuid, name, zone=None):
    session = context.session
    aggregate = _A(uuid=uuid, name=name)
    session.add(aggregate)
    try:
        session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.AggregateNameExists(aggregate_name=name)
    if zone:
        _set_metadata(session, aggregate, {ZONE_KEY: zone})
    return _as_dicts(session, [aggregate])[0]


@engine.writer
def update(context, aggregate_id, name=None, zone=None, zone_given=False):
    """Rename it and/or move it to ``zone`` (None: out of any zone)."""
    session = context.session
    _lock(session)
    aggregate = _get(session, aggregate_id)
    if zone_given:
        hosts = _hosts(session, [aggregate.id]).get(aggregate.id, [])
        action = exception.InvalidAggregateActionUpdate
        _check_zone(session, aggregate, zone, hosts, action)
        _check_no_instances(session, aggregate, zone, hosts, action)
        _set_metadata(session, aggregate, {ZONE_KEY: zone})
    if name is not None:
        aggregate.name = name
        try:
            session.flush()
        except db_exc.DBDuplicateEntry:
            raise exception.AggregateNameExists(aggregate_name=name)
    return _as_dicts(session, [aggregate])[0]


@engine.writer
def set_metadata(context, aggregate_id, metadata):
    """Set (None: remove) the keys of ``metadata``; a zone change is
    checked as ``update``'s."""
    session = context.session
    _lock(session)
    aggregate = _get(session, aggregate_id)
    if ZONE_KEY in metadata:
        hosts = _hosts(session, [aggregate.id]).get(aggregate.id, [])
        action = exception.InvalidAggregateActionUpdateMeta
        _check_zone(session, aggregate, metadata[ZONE_KEY], hosts, action)
        _check_no_instances(session, aggregate, metadata[ZONE_KEY], hosts,
                            action)
    _set_metadata(session, aggregate, metadata)
    return _as_dicts(session, [aggregate])[0]


@engine.writer
def destroy(context, aggregate_id):
    session = context.session
    aggregate = _get(session, aggregate_id)
    if _hosts(session, [aggregate.id]):
        raise exception.InvalidAggregateActionDelete(
            aggregate_id=aggregate_id, reason='Host aggregate is not empty')
    session.execute(sa.delete(_M).where(_M.aggregate_id == aggregate.id))
    session.delete(aggregate)


@engine.writer
def add_host(context, aggregate_id, host):
    session = context.session
    _lock(session)
    aggregate = _get(session, aggregate_id)
    if host in _hosts(session, [aggregate.id]).get(aggregate.id, []):
        raise exception.AggregateHostExists(aggregate_id=aggregate_id,
                                            host=host)
    zone = _metadata(session, [aggregate.id]).get(aggregate.id, {}).get(
        ZONE_KEY)
    _check_zone(session, aggregate, zone, [host],
                exception.InvalidAggregateActionAdd)
    session.add(_H(aggregate_id=aggregate.id, host=host))
    session.flush()
    return _as_dicts(session, [aggregate])[0]


@engine.writer
def remove_host(context, aggregate_id, host):
    session = context.session
    aggregate = _get(session, aggregate_id)
    gone = session.execute(sa.delete(_H).where(
        _H.aggregate_id == aggregate.id, _H.host == host)).rowcount
    if not gone:
        raise exception.AggregateHostNotFound(aggregate_id=aggregate_id,
                                              host=host)
    return _as_dicts(session, [aggregate])[0]
