"""Instance actions and their events: what was done to a server, by
whom, and how each service's part of it went."""
import datetime

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
    action = _get(context.session, instance_uuid, request_id)
    context.session.add(_EVENT(action_id=action.id, event=event,
                               start_time=_utcnow(), host=host))
    action.updated_at = _utcnow()
    context.session.flush()


@engine.writer
def event_finish(context, instance_uuid, request_id, event, result,
                 traceback=None, details=None):
    """Close the newest open event of that name; an error also marks its
    action (message 'Error')."""
    action = _get(context.session, instance_uuid, request_id)
    found = context.session.scalars(
        sa.select(_EVENT).where(_EVENT.action_id == action.id,
                                _EVENT.event == event)
        .order_by(_EVENT.id.desc())).first()
    if found is None:
        found = _EVENT(action_id=action.id, event=event,
                       start_time=_utcnow())
        context.session.add(found)
    found.finish_time = _utcnow()
    found.result = result
    found.traceback = traceback
    found.details = details
    action.updated_at = _utcnow()
    if result == 'Error':
        action.message = 'Error'
    context.session.flush()


@engine.reader
def get_events(context, action_id):
    return list(context.session.scalars(
        sa.select(_EVENT).where(_EVENT.action_id == action_id)
        .order_by(_EVENT.id)))
