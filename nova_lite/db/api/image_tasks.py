# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Image import tasks: one row each, input and result as JSON text."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

T = models.ImageTask


def _get(session, task_id):
    row = session.get(T, task_id)
    if row is None:
        raise exception.ImageTaskNotFound(task_id=task_id)
    return row


@engine.reader
def get(context, task_id):
    return _get(context.session, task_id)


@engine.reader
def get_for_image(context, image_id):
    return list(context.session.scalars(
        sa.select(T).where(T.image_id == image_id).order_by(T.created_at,
                                                            T.id)))


@engine.reader
def get_all(context, filters, limit=None, marker=None, sort_dir='desc'):
    query = sa.select(T)
    for name in ('status', 'type'):
        if filters.get(name) is not None:
            query = query.where(getattr(T, name) == filters[name])
    marker_row = paging.marker_row(
        lambda m: _get(context.session, m), marker,
        exception.ImageTaskNotFound)
    query = paging.paginate(query, T, limit, marker_row, ['created_at'],
                            [sort_dir], 'created_at', sort_dir)
    return list(context.session.scalars(query))


@engine.writer
def create(context, values):
    row = T(**values)
    context.session.add(row)
    context.session.flush()
    return row


@engine.writer
def update(context, task_id, values, expected_status):
    """Change a task still in one of ``expected_status`` (a
    compare-and-swap: a sweep and the worker cannot both finish it);
    False when it had moved on."""
    result = context.session.execute(
        sa.update(T).where(T.id == task_id, T.status.in_(expected_status))
        .values(**values))
    return bool(result.rowcount)


@engine.reader
def stale(context, statuses, before):
    """Ids of tasks in ``statuses`` last touched before ``before``."""
    last_touched = sa.func.coalesce(T.updated_at, T.created_at)
    return list(context.session.scalars(sa.select(T.id).where(
        T.status.in_(statuses), last_touched < before)))
