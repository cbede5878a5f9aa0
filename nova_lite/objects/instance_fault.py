# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""InstanceFault: what went wrong with an instance, shown by the API."""
from nova_lite.db.api import instance_faults as db
from nova_lite.objects import base
from nova_lite.objects import fields

MESSAGE_MAX = 255


@base.NovaLiteObjectRegistry.register
class InstanceFault(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'id': fields.IntegerField(),
        'instance_uuid': fields.UUIDField(),
        'code': fields.IntegerField(),
        'message': fields.StringField(nullable=True),
        'details': fields.StringField(nullable=True),
        'host': fields.StringField(nullable=True),
        'created_at': fields.DateTimeField(nullable=True),
    }

    @classmethod
    def record(cls, context, instance_uuid, error, host=None):
        """Store why an instance failed; the API shows the latest one."""
        code = getattr(error, 'code', 500)
        if hasattr(error, 'format_message'):
            message = error.format_message()
        else:
            message = '%s: %s' % (error.__class__.__name__, error)
        fault = cls(context, instance_uuid=instance_uuid, code=code,
                    message=message, details=message, host=host)
        fault.create()
        return fault

    @classmethod
    def from_db(cls, context, db_fault):
        return base.fill_from_db(cls(context), db_fault)

    @base.remotable
    def create(self):
        values = {k: getattr(self, k) for k in
                  ('instance_uuid', 'code', 'message', 'details', 'host')
                  if self.obj_attr_is_set(k)}
        if values.get('message'):
            values['message'] = values['message'][:MESSAGE_MAX]
        db_fault = db.create(self._context, values)
        self.id = db_fault.id
        self.created_at = db_fault.created_at
        self.obj_reset_changes()


@base.NovaLiteObjectRegistry.register
class InstanceFaultList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('InstanceFault')}

    @base.remotable_classmethod
    def get_latest_by_instance_uuids(cls, context, instance_uuids):
        latest = db.get_latest_by_instance_uuids(context, instance_uuids)
        return cls(context, objects=[InstanceFault.from_db(context, f)
                                     for f in latest.values()])
