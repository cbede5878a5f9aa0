"""Instances and their instance_extra records."""
import datetime

import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

EXTRA_COLUMNS = ('flavor',)


def _utcnow():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


@engine.writer
def create(context, values, extra):
    instance = models.Instance(**values)
    context.session.add(instance)
    context.session.add(models.InstanceExtra(instance_uuid=values['uuid'],
                                             **extra))
    context.session.flush()
    return instance


def _get(session, uuid, read_deleted=False):
    query = sa.select(models.Instance).where(models.Instance.uuid == uuid)
    if not read_deleted:
        query = query.where(models.Instance.deleted == 0)
    instance = session.scalars(query).first()
    if instance is None:
        raise exception.InstanceNotFound(instance_id=uuid)
    return instance


@engine.reader
def get_by_uuid(context, uuid, read_deleted=False):
    return _get(context.session, uuid, read_deleted)


def _filtered(filters):
    filters = dict(filters or {})
    query = sa.select(models.Instance)
    if not filters.pop('read_deleted', False):
        query = query.where(models.Instance.deleted == 0)
    name_regex = filters.pop('name_regex', None)
    if name_regex:
        query = query.where(
            models.Instance.display_name.regexp_match(name_regex))
    since = filters.pop('changes_since', None)
    if since is not None:
        query = query.where(sa.func.coalesce(
            models.Instance.updated_at, models.Instance.created_at) >= since)
    for name, value in filters.items():
        column = getattr(models.Instance, name)
        if isinstance(value, (list, tuple, set)):
            query = query.where(column.in_(value))
        else:
            query = query.where(column == value)
    return query


@engine.reader
def get_all(context, filters=None, limit=None, marker=None, sort_keys=None,
            sort_dirs=None):
    """Instances matching the filters, a page at a time.

    Filters are equalities (a list means any of), plus ``name_regex``,
    ``changes_since`` and ``read_deleted``. The page starts after the
    instance whose uuid is ``marker``; the default order is newest first.
    """
    marker_row = paging.marker_row(
        lambda uuid: _get(context.session, uuid, read_deleted=True), marker,
        exception.InstanceNotFound)
    query = paging.paginate(_filtered(filters), models.Instance, limit,
                            marker_row, sort_keys, sort_dirs, 'created_at',
                            'desc')
    return list(context.session.scalars(query))


@engine.writer
def update(context, uuid, values, expected_task_state=None):
    """Update; with expected_task_state, refuse if the state moved on."""
    instance = _get(context.session, uuid)
    if expected_task_state is not None:
        allowed = expected_task_state
        if not isinstance(allowed, (list, tuple)):
            allowed = [allowed]
        if instance.task_state not in allowed:
            raise exception.Conflict(
                reason='instance %s is in task state %s, not %s' % (
                    uuid, instance.task_state, '/'.join(map(str, allowed))))
    for key, value in values.items():
        setattr(instance, key, value)
    context.session.flush()
    return instance


@engine.writer
def destroy(context, uuid):
    """Soft-delete: the row stays so faults and history can be read."""
    instance = _get(context.session, uuid)
    instance.deleted = instance.id
    instance.deleted_at = _utcnow()
    context.session.flush()
    return instance


@engine.reader
def get_extra(context, uuid, columns):
    query = (sa.select(models.InstanceExtra)
             .where(models.InstanceExtra.instance_uuid == uuid)
             .options(*[orm.undefer(getattr(models.InstanceExtra, c))
                        for c in columns]))
    extra = context.session.scalars(query).first()
    if extra is None:
        raise exception.InstanceExtraNotFound(instance_uuid=uuid)
    return {column: getattr(extra, column) for column in columns}


@engine.reader
def get_extra_for_many(context, uuids, columns):
    query = (sa.select(models.InstanceExtra)
             .where(models.InstanceExtra.instance_uuid.in_(uuids))
             .options(*[orm.undefer(getattr(models.InstanceExtra, c))
                        for c in columns]))
    return {extra.instance_uuid: {c: getattr(extra, c) for c in columns}
            for extra in context.session.scalars(query)}


@engine.writer
def update_extra(context, uuid, values):
    extra = context.session.scalars(
        sa.select(models.InstanceExtra)
        .where(models.InstanceExtra.instance_uuid == uuid)).first()
    if extra is None:
        raise exception.InstanceExtraNotFound(instance_uuid=uuid)
    for key, value in values.items():
        setattr(extra, key, value)
