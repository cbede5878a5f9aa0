# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Task logs: one row per periodic task, host and period."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

_T = models.TaskLog


@engine.writer
def begin(context, task_name, host, beginning, ending, message):
    """Record the task as RUNNING for the period; TaskLogExists if this
    host has a row for it already (another run took it)."""
    row = _T(task_name=task_name, state='RUNNING', host=host,
             period_beginning=beginning, period_ending=ending,
             message=message, task_items=0, errors=0)
    context.session.add(row)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.TaskLogExists(task_name=task_name, host=host)
    return row


@engine.writer
def end(context, task_name, host, beginning, ending, items, errors,
        message):
    context.session.execute(
        sa.update(_T).where(_T.task_name == task_name, _T.host == host,
                            _T.period_beginning == beginning,
                            _T.period_ending == ending)
        .values(state='DONE', task_items=items, errors=errors,
                message=message))


@engine.reader
def get_all(context, task_name, beginning, ending, host=None):
    query = sa.select(_T).where(_T.task_name == task_name,
                                _T.period_beginning == beginning,
                                _T.period_ending == ending)
    if host is not None:
        query = query.where(_T.host == host)
    return list(context.session.scalars(query.order_by(_T.host)))
