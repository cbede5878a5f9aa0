# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""TaskLog: a host's run of a periodic task for one period (the usage
audit), written by the compute through the conductor, read by the API's
os-instance_usage_audit_log."""
from nova_lite.db.api import task_logs as db
from nova_lite.objects import base
from nova_lite.objects import fields

MESSAGE_MAX = 255
# The task name of the usage audit.
USAGE_AUDIT = 'instance_usage_audit'


@base.NovaLiteObjectRegistry.register
class TaskLog(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(read_only=True),
        'task_name': fields.StringField(),
        'state': fields.StringField(),
        'host': fields.StringField(),
        'period_beginning': fields.DateTimeField(),
        'period_ending': fields.DateTimeField(),
        'message': fields.StringField(),
        'task_items': fields.IntegerField(nullable=True),
        'errors': fields.IntegerField(nullable=True),
    })

    @classmethod
    def from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable
    def begin(self):
        """Record the run as RUNNING (TaskLogExists if the host has run,
        or is running, the task for the period)."""
        base.fill_from_db(self, db.begin(
            self._context, self.task_name, self.host, self.period_beginning,
            self.period_ending, self.message[:MESSAGE_MAX]))

    @base.remotable
    def end(self):
        """Record the run as DONE, with its items, errors and message."""
        db.end(self._context, self.task_name, self.host,
               self.period_beginning, self.period_ending, self.task_items,
               self.errors, self.message[:MESSAGE_MAX])
        self.state = 'DONE'
        self.obj_reset_changes()


@base.NovaLiteObjectRegistry.register
class TaskLogList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('TaskLog')}

    @base.remotable_classmethod
    def get_all(cls, context, task_name, beginning, ending, host=None):
        return cls(context, objects=[
            TaskLog.from_db(context, row) for row in db.get_all(
                context, task_name, beginning, ending, host)])
