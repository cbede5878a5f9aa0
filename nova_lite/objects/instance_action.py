# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""InstanceAction and InstanceActionEvent: the history of a server.

The API starts an action for each request that changes a server (create,
reboot, lock...), under the request's id; every service that does a part
of it (the conductor scheduling, the compute building) records that part
as an event of the action, with when it started and finished and whether
it failed. A request id travels with the RPC context, so the events find
their action.
"""
import contextlib
import traceback as tb

from oslo_utils import timeutils

from nova_lite.db.api import instance_actions as db
from nova_lite import exception
from nova_lite.objects import base
from nova_lite.objects import fields

SUCCESS = 'Success'
ERROR = 'Error'


@base.NovaLiteObjectRegistry.register
class InstanceAction(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'action': fields.StringField(),
        'instance_uuid': fields.UUIDField(),
        'request_id': fields.StringField(),
        'user_id': fields.StringField(nullable=True),
        'project_id': fields.StringField(nullable=True),
        'start_time': fields.DateTimeField(nullable=True),
        'finish_time': fields.DateTimeField(nullable=True),
        'message': fields.StringField(nullable=True),
    })

    @classmethod
    def from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable_classmethod
    def action_start(cls, context, instance_uuid, action):
        """Record that the caller's request does ``action`` on the server."""
        return cls.from_db(context, db.action_start(context, {
            'action': action, 'instance_uuid': instance_uuid,
            'request_id': context.request_id, 'user_id': context.user_id,
            'project_id': context.project_id}))

    @base.remotable_classmethod
    def get_by_request_id(cls, context, instance_uuid, request_id):
        return cls.from_db(context, db.get_by_request_id(
            context, instance_uuid, request_id))


@base.NovaLiteObjectRegistry.register
class InstanceActionList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('InstanceAction')}

    @base.remotable_classmethod
    def get_by_instance_uuid(cls, context, instance_uuid, limit=None,
                             marker=None, changes_since=None,
                             changes_before=None):
        rows = db.get_by_instance(context, instance_uuid, limit, marker,
                                  changes_since, changes_before)
        return cls(context, objects=[InstanceAction.from_db(context, r)
                                     for r in rows])


@base.NovaLiteObjectRegistry.register
class InstanceActionEvent(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'action_id': fields.IntegerField(),
        'event': fields.StringField(),
        'start_time': fields.DateTimeField(nullable=True),
        'finish_time': fields.DateTimeField(nullable=True),
        'result': fields.StringField(nullable=True),
        'traceback': fields.StringField(nullable=True),
        'host': fields.StringField(nullable=True),
        'details': fields.StringField(nullable=True),
    })

    @classmethod
    def from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable_classmethod
    def event_start(cls, context, instance_uuid, event, host=None):
        db.event_start(context, instance_uuid, context.request_id, event,
                       host)

    @base.remotable_classmethod
    def event_finish(cls, context, instance_uuid, event, result,
                     traceback=None, details=None):
        db.event_finish(context, instance_uuid, context.request_id, event,
                        result, traceback, details)

    @base.remotable_classmethod
    def event_record(cls, context, instance_uuid, event, start_time, result,
                     traceback=None, details=None, host=None):
        db.event_record(context, instance_uuid, context.request_id, event,
                        start_time, result, traceback, details, host)

    @classmethod
    def finish_with(cls, context, instance_uuid, event, error=None,
                    started_at=None, host=None):
        """Close the event: Success, or Error with the error's words (the
        details users may see) and its traceback (for admins). With
        ``started_at``, the event was not opened: it is written whole."""
        outcome = {'result': SUCCESS}
        if error is not None:
            words = (error.format_message()
                     if hasattr(error, 'format_message') else str(error))
            outcome = {'result': ERROR, 'details': words[:255],
                       'traceback': ''.join(tb.format_exception(error))}
        if started_at is None:
            cls.event_finish(context, instance_uuid, event, **outcome)
        else:
            cls.event_record(context, instance_uuid, event, started_at,
                             host=host, **outcome)


@base.NovaLiteObjectRegistry.register
class InstanceActionEventList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('InstanceActionEvent')}

    @base.remotable_classmethod
    def get_by_action(cls, context, action_id):
        return cls(context, objects=[
            InstanceActionEvent.from_db(context, row)
            for row in db.get_events(context, action_id)])


@base.NovaLiteObjectRegistry.register
class ActionStep(base.NovaLiteObject):
    """A step of the request's action written with another write (a
    claim's): opened on ``host``, closed with ``result``, or written whole
    (started at ``started_at``, an ISO time, on ``host``; ended with
    ``result``)."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    OPENED, CLOSED, WHOLE = 'start', 'finish', 'whole'
    fields = {
        'kind': fields.EnumField([OPENED, CLOSED, WHOLE]),
        'event': fields.StringField(),
        'host': fields.StringField(nullable=True, default=None),
        'result': fields.StringField(nullable=True, default=None),
        'started_at': fields.StringField(nullable=True, default=None),
    }

    @classmethod
    def opened(cls, event, host):
        return cls(kind=cls.OPENED, event=event, host=host)

    @classmethod
    def closed(cls, event, result=SUCCESS):
        return cls(kind=cls.CLOSED, event=event, result=result)

    @classmethod
    def whole(cls, event, started_at, host, result=SUCCESS):
        return cls(kind=cls.WHOLE, event=event, started_at=started_at,
                   host=host, result=result)

    def for_db(self, request_id):
        """The step as the database's ``record_in`` takes it."""
        self.obj_set_defaults()
        detail = {self.OPENED: self.host, self.CLOSED: self.result}.get(
            self.kind, (self.started_at, self.host, self.result))
        return self.kind, request_id, self.event, detail


class Outcome:
    """How the step went: set ``error`` for one handled without raising."""
    error = None


def _quietly(record, *args, **kwargs):
    """A step of a request that recorded no action (a periodic task's, or
    one from before actions were kept) goes unrecorded."""
    try:
        record(*args, **kwargs)
    except exception.InstanceActionNotFound:
        return False
    return True


def finish_event(context, instance_uuid, event, error=None, started_at=None,
                 host=None):
    """Close an opened event (or, with ``started_at``, write it whole),
    unless the request recorded no action."""
    _quietly(InstanceActionEvent.finish_with, context, instance_uuid, event,
             error, started_at=started_at, host=host)


@contextlib.contextmanager
def recorded_event(context, instance_uuid, event, host=None, whole=False):
    """Record the enclosed step as ``event`` of the request's action:
    opened as it starts (a long step shows while under way), or, with
    ``whole``, written once it is over (a short one, in one write)."""
    outcome = Outcome()
    started_at = timeutils.utcnow() if whole else None
    started = whole or _quietly(InstanceActionEvent.event_start, context,
                                instance_uuid, event, host)
    try:
        yield outcome
    except Exception as e:
        outcome.error = e
        raise
    finally:
        if started:
            finish_event(context, instance_uuid, event, outcome.error,
                         started_at=started_at, host=host)
