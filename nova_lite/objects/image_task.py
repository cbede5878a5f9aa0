# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ImageTask: an import of data into an image, as Glance reports it
(``api_image_import``: pending, processing, then success or failure).

The image API runs an import in a worker thread and records each step
here, so that a client can follow it and so that an import whose process
died is found (its task stops being touched) and failed, with its image
put back to ``queued``.
"""
import datetime

from oslo_serialization import jsonutils
from oslo_utils import timeutils

from nova_lite.db.api import image_tasks as db
from nova_lite.objects import base
from nova_lite.objects import fields

PENDING, PROCESSING = 'pending', 'processing'
SUCCESS, FAILURE = 'success', 'failure'
UNFINISHED = (PENDING, PROCESSING)
STATUSES = (PENDING, PROCESSING, SUCCESS, FAILURE)
IMPORT = 'api_image_import'
# A task of the tasks API (POST /v2/tasks): an image made and its data
# fetched from a URL in one request.
TASKS_API_IMPORT = 'import'
# How long a finished task is kept visible (Glance's task_time_to_live).
TIME_TO_LIVE = datetime.timedelta(hours=48)
_PLAIN = ('id', 'type', 'status', 'image_id', 'owner', 'user_id',
          'request_id', 'message', 'expires_at', 'created_at', 'updated_at')


@base.NovaLiteObjectRegistry.register
class ImageTask(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.UUIDField(),
        'type': fields.StringField(),
        'status': fields.StringField(),
        'image_id': fields.UUIDField(),
        'owner': fields.StringField(nullable=True, default=None),
        'user_id': fields.StringField(nullable=True, default=None),
        'request_id': fields.StringField(nullable=True, default=None),
        'input': fields.JSONDictField(),
        'result': fields.JSONDictField(nullable=True),
        'message': fields.StringField(default=''),
        'expires_at': fields.DateTimeField(nullable=True),
    })

    @classmethod
    def from_db(cls, context, row):
        task = cls(context)
        for name in _PLAIN:
            setattr(task, name, getattr(row, name))
        task.input = jsonutils.loads(row.input or '{}')
        task.result = jsonutils.loads(row.result) if row.result else None
        task.obj_reset_changes()
        return task

    @base.remotable_classmethod
    def get_by_id(cls, context, task_id):
        return cls.from_db(context, db.get(context, task_id))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        row = db.create(self._context, {
            'id': self.id, 'type': self.type, 'status': PENDING,
            'image_id': self.image_id, 'owner': self.owner,
            'user_id': self.user_id, 'request_id': self.request_id,
            'input': jsonutils.dumps(self.input), 'message': ''})
        self.status, self.message, self.result = PENDING, '', None
        self.created_at, self.updated_at = row.created_at, row.updated_at
        self.expires_at = None
        self.obj_reset_changes()

    def _move(self, values, expected):
        """Write ``values`` if the task is still in ``expected``."""
        moved = db.update(self._context, self.id, values, expected)
        if moved:
            for name, value in values.items():
                if name != 'result':
                    setattr(self, name, value)
            self.obj_reset_changes()
        return moved

    @base.remotable
    def start(self):
        return self._move({'status': PROCESSING,
                           'updated_at': timeutils.utcnow()}, (PENDING,))

    @base.remotable
    def touch(self):
        """Say the import is still being worked on (a heartbeat)."""
        return self._move({'updated_at': timeutils.utcnow()}, UNFINISHED)

    @base.remotable
    def finish(self, succeeded, message='', result=None):
        """success or failure, once: False if it had already ended."""
        now = timeutils.utcnow()
        moved = self._move({
            'status': SUCCESS if succeeded else FAILURE,
            'message': message, 'updated_at': now,
            'expires_at': now + TIME_TO_LIVE,
            'result': jsonutils.dumps(result) if result else None},
            UNFINISHED)
        if moved:
            self.result = result
        return moved

    @base.remotable_classmethod
    def stale_ids(cls, context, seconds):
        """Unfinished tasks nobody has touched for ``seconds``."""
        before = timeutils.utcnow() - datetime.timedelta(seconds=seconds)
        return db.stale(context, UNFINISHED, before)


@base.NovaLiteObjectRegistry.register
class ImageTaskList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('ImageTask')}

    @base.remotable_classmethod
    def get_by_image(cls, context, image_id):
        return cls(context, objects=[
            ImageTask.from_db(context, row)
            for row in db.get_for_image(context, image_id)])

    @base.remotable_classmethod
    def get_all(cls, context, filters=None, limit=None, marker=None,
                sort_dir='desc'):
        return cls(context, objects=[
            ImageTask.from_db(context, row)
            for row in db.get_all(context, filters or {}, limit, marker,
                                  sort_dir)])
