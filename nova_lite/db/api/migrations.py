# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Migrations: the record of each move of a server between hosts.

A migration is in progress until it reaches one of ``ENDED``: until then
its hosts count it in their usage, and its uuid may hold the source's
allocation in placement.
"""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

_M = models.Migration
# The states a move ends in (Nova's): nothing of it is held any more.
# An evacuation is 'done' once the server runs on its destination, but
# its source (down) still holds the old allocation until that host comes
# back and removes its guest ('completed').
ENDED = ('confirmed', 'reverted', 'error', 'failed', 'completed',
         'cancelled')
COLUMNS = ('uuid', 'instance_uuid', 'migration_type', 'status',
           'source_compute', 'source_node', 'dest_compute', 'dest_node',
           'dest_host', 'old_instance_type_id', 'new_instance_type_id',
           'user_id', 'project_id', 'memory_total', 'memory_processed',
           'memory_remaining', 'disk_total', 'disk_processed',
           'disk_remaining')


def _find(session, **where):
    row = session.scalars(sa.select(_M).filter_by(**where)).first()
    if row is None:
        raise exception.MigrationNotFound(
            migration_id=where.get('id') or where.get('uuid'))
    return row


@engine.writer
def create(context, values):
    row = _M(**{k: values[k] for k in COLUMNS if k in values})
    context.session.add(row)
    context.session.flush()
    return row


@engine.reader
def get(context, migration_id=None, uuid=None):
    where = {'id': migration_id} if migration_id is not None else {
        'uuid': uuid}
    return _find(context.session, **where)


@engine.writer
def update(context, migration_id, values, expected_status=None):
    """Conflict if ``expected_status`` is given and is not the status."""
    row = _find(context.session, id=migration_id)
    if expected_status is not None and row.status not in expected_status:
        raise exception.Conflict(
            reason='migration %s is %s, not %s' % (
                row.uuid, row.status, ' or '.join(expected_status)))
    for key, value in values.items():
        setattr(row, key, value)
    context.session.flush()
    return row


def in_progress_on_host(context, host):
    """Migrations under way from or to ``host``."""
    return in_progress_on_hosts(context, [host])


@engine.reader
def in_progress_on_hosts(context, hosts):
    """Migrations under way from or to any of ``hosts``, in one read."""
    hosts = list(hosts)
    return list(context.session.scalars(sa.select(_M).where(
        sa.or_(_M.source_compute.in_(hosts), _M.dest_compute.in_(hosts)),
        _M.status.notin_(ENDED)).order_by(_M.id)))


@engine.reader
def in_progress_of(context, instance_uuid):
    """The instance's migration under way, or None."""
    return context.session.scalars(sa.select(_M).where(
        _M.instance_uuid == instance_uuid,
        _M.status.notin_(ENDED)).order_by(_M.id.desc())).first()


def _filtered(query, filters):
    for column in ('uuid', 'status', 'instance_uuid', 'migration_type',
                   'source_compute', 'user_id', 'project_id'):
        if filters.get(column) is not None:
            value = filters[column]
            values = value if isinstance(value, (list, tuple)) else [value]
            query = query.where(getattr(_M, column).in_(values))
    if filters.get('host'):
        query = query.where(sa.or_(_M.source_compute == filters['host'],
                                   _M.dest_compute == filters['host']))
    if filters.get('changes-since') is not None:
        query = query.where(_M.updated_at >= filters['changes-since'])
    if filters.get('changes-before') is not None:
        query = query.where(_M.updated_at <= filters['changes-before'])
    if filters.get('in_progress'):
        query = query.where(_M.status.notin_(ENDED))
    return query


@engine.reader
def get_all(context, filters, limit=None, marker=None):
    """Migrations matching ``filters``, newest first; a page after the
    migration whose uuid is ``marker``."""
    session = context.session
    row = paging.marker_row(lambda uuid: _find(session, uuid=uuid), marker,
                            exception.MigrationNotFound)
    query = _filtered(sa.select(_M), filters)
    query = paging.paginate(query, _M, limit, row, ['created_at'],
                            ['desc'], 'created_at', 'desc')
    return list(session.scalars(query))
