"""Instance actions and their events: what was done to a server, by
whom, and how each service's part of it went."""
import datetime

from oslo_utils import timeutils
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

_ACTION = models.InstanceAction
_EVENT = models.InstanceActionEvent


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


@engine.writer
def event_start(context, instance_uuid, request_id, event, host=None):
    record_in(context.session, instance_uuid,
              [('start', request_id, event, host)], strict=True)


@engine.writer
def event_finish(context, instance_uuid, request_id, event, result,
                 traceback=None, details=None):
    """Close the newest open event of that name; an error also marks its
    action (message 'Error')."""
    action = _get(context.session, instance_uuid, request_id)
    _close(context.session, action, event, result, traceback, details)
    action.updated_at = _utcnow()
    context.session.flush()


@engine.writer
def event_record(context, instance_uuid, request_id, event, start_time,
                 result, traceback=None, details=None, host=None):
    """A step recorded once it is over, in one write."""
    action = _get(context.session, instance_uuid, request_id)
    now = _utcnow()
    context.session.add(_EVENT(
        action_id=action.id, event=event, start_time=_as_time(start_time),
        finish_time=now, result=result, traceback=traceback,
        details=details, host=host))
    action.updated_at = now
    if result == 'Error':
        action.message = 'Error'
    context.session.flush()


def record_in(session, instance_uuid, events, strict=False):
    """Steps of one request's action, within the caller's transaction and
    with one look-up of the action: each ``(kind, request_id, name,
    detail)``, 'start' with the host, 'finish' with the result, 'whole'
    with (start time, host, result). None if the request recorded no
    action (InstanceActionNotFound if ``strict``)."""
    request_id = events[0][1]
    try:
        action = _get(session, instance_uuid, request_id)
    except exception.InstanceActionNotFound:
        if strict:
            raise
        return
    now = _utcnow()
    for kind, _, name, detail in events:
        if kind == 'start':
            session.add(_EVENT(action_id=action.id, event=name,
                               start_time=now, host=detail))
        elif kind == 'finish':
            _close(session, action, name, detail)
        else:
            start, host, result = detail
            session.add(_EVENT(action_id=action.id, event=name,
                               start_time=_as_time(start), finish_time=now,
                               result=result, host=host))
    action.updated_at = now
    session.flush()


def _as_time(value):
    """A time given as ISO text (as it travels over RPC) read as UTC."""
    if isinstance(value, str):
        return timeutils.normalize_time(timeutils.parse_isotime(value))
    return value


def _close(session, action, name, result, traceback=None, details=None):
    """Close the newest open event of that name (or write it, if it was
    never opened); an error also marks the action."""
    found = session.scalars(
        sa.select(_EVENT).where(_EVENT.action_id == action.id,
                                _EVENT.event == name)
        .order_by(_EVENT.id.desc())).first()
    if found is None:
        found = _EVENT(action_id=action.id, event=name,
                       start_time=_utcnow())
        session.add(found)
    found.finish_time = _utcnow()
    found.result = result
    found.traceback = traceback
    found.details = details
    if result == 'Error':
        action.message = 'Error'


@engine.reader
def get_events(context, action_id):
    return list(context.session.scalars(
        sa.select(_EVENT).where(_EVENT.action_id == action_id)
        .order_by(_EVENT.id)))
