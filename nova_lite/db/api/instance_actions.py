# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Instance actions and their events: what was done to a server, by
whom, and how each service's part of it went."""
import datetime

from oslo_db import api as oslo_db_api
from oslo_utils import timeutils
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

_ACTION = models.InstanceAction
_EVENT = models.InstanceActionEvent
# Steps of one action recorded at once by several services (a compute's
# step beside a force-complete or abort) each insert an event, which
# share-locks the action's row, then update that row: on MariaDB one of
# them deadlocks, and is written again.
_RETRIED = oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)


def _utcnow():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


@engine.writer
def action_start(context, values):
    action = _ACTION(start_time=_utcnow(), **values)
    context.session.add(action)
    context.session.flush()
    return action


def _get(session, instance_uuid, request_id):
    action = session.scalars(
        sa.select(_ACTION).where(_ACTION.instance_uuid == instance_uuid,
                                 _ACTION.request_id == request_id)
        .order_by(_ACTION.id.desc())).first()
    if action is None:
        raise exception.InstanceActionNotFound(
            request_id=request_id, instance_uuid=instance_uuid)
    return action


@engine.reader
def get_by_request_id(context, instance_uuid, request_id):
    return _get(context.session, instance_uuid, request_id)


@engine.reader
def get_by_instance(context, instance_uuid, limit=None, marker=None,
                    changes_since=None, changes_before=None):
    """Newest first; ``marker`` is a request id, the changes filters bound
    when an action was last updated (or started)."""
    row = paging.marker_row(
        lambda request_id: _get(context.session, instance_uuid, request_id),
        marker, exception.InstanceActionNotFound)
    query = sa.select(_ACTION).where(_ACTION.instance_uuid == instance_uuid)
    changed = sa.func.coalesce(_ACTION.updated_at, _ACTION.created_at)
    if changes_since is not None:
        query = query.where(changed >= changes_since)
    if changes_before is not None:
        query = query.where(changed <= changes_before)
    query = paging.paginate(query, _ACTION, limit, row, ['created_at'],
                            ['desc'], 'created_at', 'desc')
    return list(context.session.scalars(query))


@_RETRIED
@engine.writer
def event_start(context, instance_uuid, request_id, event, host=None):
    record_in(context.session, instance_uuid,
              [('start', request_id, event, host)], strict=True)


@_RETRIED
@engine.writer
def event_finish(context, instance_uuid, request_id, event, result,
                 traceback=None, details=None):
    """Close the newest open event of that name; an error also marks its
    action (message 'Error')."""
    session = context.session
    action_id = _action_id(session, instance_uuid, request_id)
    now = _utcnow()
    _close(session, action_id, event, now, result=result,
           traceback=traceback, details=details)
    _touch(session, action_id, now, result == 'Error')


@_RETRIED
@engine.writer
def event_record(context, instance_uuid, request_id, event, start_time,
                 result, traceback=None, details=None, host=None):
    """A step recorded once it is over, in one write."""
    session = context.session
    action_id = _action_id(session, instance_uuid, request_id)
    now = _utcnow()
    session.execute(sa.insert(_EVENT), [_event_row(
        action_id, event, _as_time(start_time), finish_time=now,
        result=result, traceback=traceback, details=details, host=host)])
    _touch(session, action_id, now, result == 'Error')


def record_in(session, instance_uuid, events, strict=False):
    """Steps of one request's action, within the caller's transaction and
    with one look-up of the action: each ``(kind, request_id, name,
    detail)``, 'start' with the host, 'finish' with the result, 'whole'
    with (start time, host, result). None if the request recorded no
    action (InstanceActionNotFound if ``strict``). Written as plain
    statements: they ride on the boot path's writes."""
    try:
        action_id = _action_id(session, instance_uuid, events[0][1])
    except exception.InstanceActionNotFound:
        if strict:
            raise
        return
    now = _utcnow()
    rows, failed = [], False
    for kind, _, name, detail in events:
        if kind == 'start':
            rows.append(_event_row(action_id, name, now, host=detail))
        elif kind == 'finish':
            _close(session, action_id, name, now, result=detail)
            failed = failed or detail == 'Error'
        else:
            start, host, result = detail
            rows.append(_event_row(action_id, name, _as_time(start),
                                   finish_time=now, result=result,
                                   host=host))
            failed = failed or result == 'Error'
    if rows:
        session.execute(sa.insert(_EVENT), rows)
    _touch(session, action_id, now, failed)


def _action_id(session, instance_uuid, request_id):
    found = session.execute(
        sa.select(_ACTION.id).where(_ACTION.instance_uuid == instance_uuid,
                                    _ACTION.request_id == request_id)
        .order_by(_ACTION.id.desc()).limit(1)).scalar()
    if found is None:
        raise exception.InstanceActionNotFound(
            request_id=request_id, instance_uuid=instance_uuid)
    return found


def _event_row(action_id, name, start_time, finish_time=None, result=None,
               traceback=None, details=None, host=None):
    """An event's values, every column named (rows inserted together must
    name the same ones)."""
    return {'action_id': action_id, 'event': name, 'start_time': start_time,
            'finish_time': finish_time, 'result': result,
            'traceback': traceback, 'details': details, 'host': host}


def _touch(session, action_id, now, failed):
    """The action changed (2.58's changes-since reads it); a failed step
    marks it."""
    values = {'updated_at': now}
    if failed:
        values['message'] = 'Error'
    session.execute(sa.update(_ACTION).where(_ACTION.id == action_id)
                    .values(**values))


def _as_time(value):
    """A time given as ISO text (as it travels over RPC) read as UTC."""
    if isinstance(value, str):
        return timeutils.normalize_time(timeutils.parse_isotime(value))
    return value


def _close(session, action_id, name, now, **outcome):
    """Close the newest open event of that name (or write it whole, if it
    was never opened)."""
    newest = session.execute(
        sa.select(_EVENT.id).where(_EVENT.action_id == action_id,
                                   _EVENT.event == name)
        .order_by(_EVENT.id.desc()).limit(1)).scalar()
    if newest is None:
        session.execute(sa.insert(_EVENT), [_event_row(
            action_id, name, now, finish_time=now, **outcome)])
        return
    session.execute(sa.update(_EVENT).where(_EVENT.id == newest).values(
        finish_time=now, **outcome))


@engine.reader
def get_events(context, action_id):
    return list(context.session.scalars(
        sa.select(_EVENT).where(_EVENT.action_id == action_id)
        .order_by(_EVENT.id)))
