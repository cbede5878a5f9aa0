# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API's metadata definitions catalogue: namespaces, and the
records each holds (MetadefRecord: an object, a property, a tag or a
resource type association, by ``kind``), as Glance's metadefs API shows
them.

``project_id`` is whose namespaces may be seen: a private namespace only
by its owner; None (an admin) sees every one.
"""
from oslo_serialization import jsonutils

from nova_lite.db.api import metadefs as db
from nova_lite.objects import base
from nova_lite.objects import fields

OBJECT, PROPERTY, TAG, RESOURCE_TYPE = (
    'object', 'property', 'tag', 'resource_type')
_NAMESPACE_FIELDS = ('namespace', 'display_name', 'description',
                     'visibility', 'protected', 'owner', 'created_at',
                     'updated_at')
SORT_KEYS = db.SORT_KEYS


@base.NovaLiteObjectRegistry.register
class MetadefNamespace(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'namespace': fields.StringField(),
        'display_name': fields.StringField(nullable=True, default=None),
        'description': fields.StringField(nullable=True, default=None),
        'visibility': fields.StringField(default='private'),
        'protected': fields.BooleanField(default=False),
        'owner': fields.StringField(),
    })

    @classmethod
    def from_db(cls, context, row):
        namespace = cls(context)
        for name in _NAMESPACE_FIELDS:
            setattr(namespace, name, getattr(row, name))
        namespace.obj_reset_changes()
        return namespace

    def _values(self):
        return {name: getattr(self, name) for name in _NAMESPACE_FIELDS[:6]}

    @base.remotable_classmethod
    def get(cls, context, name, project_id=None):
        return cls.from_db(context, db.get(context, name, project_id))

    @base.remotable
    def create(self, records=()):
        """Create it with its first records (MetadefRecord, unsaved)."""
        self.obj_set_defaults()
        row = db.create(self._context, self._values(), [
            (r.kind, r.name, jsonutils.dumps(r.body)) for r in records])
        self.created_at, self.updated_at = row.created_at, row.updated_at
        self.obj_reset_changes()
        for record in records:  # written in the same transaction
            record.created_at, record.updated_at = (row.created_at,
                                                    row.updated_at)
            record.obj_reset_changes()

    @base.remotable
    def save(self, old_name):
        row = db.update(self._context, old_name, self._values())
        self.updated_at = row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def destroy(self):
        db.delete(self._context, self.namespace)


@base.NovaLiteObjectRegistry.register
class MetadefNamespaceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('MetadefNamespace')}

    @base.remotable_classmethod
    def get_all(cls, context, project_id=None, **filters):
        """``filters``: visibility, resource_types, sort_key, sort_dir,
        limit, marker (a namespace name)."""
        rows = db.get_all(context, project_id, **filters)
        return cls(context, objects=[MetadefNamespace.from_db(context, row)
                                     for row in rows])


@base.NovaLiteObjectRegistry.register
class MetadefRecord(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'namespace': fields.StringField(),
        'kind': fields.StringField(),
        'name': fields.StringField(),
        'body': fields.JSONDictField(),
    })

    @classmethod
    def from_db(cls, context, namespace, row):
        record = cls(context, namespace=namespace, kind=row.kind,
                     name=row.name, body=jsonutils.loads(row.body),
                     created_at=row.created_at, updated_at=row.updated_at)
        record.obj_reset_changes()
        return record

    @base.remotable_classmethod
    def get(cls, context, namespace, kind, name, project_id=None):
        """A record of a namespace ``project_id`` sees (None: any)."""
        return cls.from_db(context, namespace, db.record(
            context, namespace, kind, name, project_id))

    @base.remotable
    def create(self):
        MetadefRecordList.add(self._context, self.namespace, self.kind,
                              [self])

    @base.remotable
    def save(self, old_name):
        row = db.update_record(self._context, self.namespace, self.kind,
                               old_name, self.name,
                               jsonutils.dumps(self.body))
        self.updated_at = row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def destroy(self):
        db.delete_record(self._context, self.namespace, self.kind,
                         self.name)


@base.NovaLiteObjectRegistry.register
class MetadefRecordList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('MetadefRecord')}

    @base.remotable_classmethod
    def get_in(cls, context, namespaces, kind):
        """The records of one kind in these namespaces (names)."""
        return cls(context, objects=[
            MetadefRecord.from_db(context, namespace, row)
            for namespace, row in db.records(context, namespaces, kind)])

    @base.remotable_classmethod
    def add(cls, context, namespace, kind, records, replace=False):
        """Add these records (all of ``kind``) to the namespace; with
        ``replace``, instead of those of that kind it holds."""
        rows = db.add_records(context, namespace, kind, [
            (r.name, jsonutils.dumps(r.body)) for r in records], replace)
        for record, row in zip(records, rows):
            record.created_at, record.updated_at = (row.created_at,
                                                    row.updated_at)
            record.obj_reset_changes()
        return cls(context, objects=list(records))

    @base.remotable_classmethod
    def destroy_all(cls, context, namespace, kind):
        db.delete_records(context, namespace, kind)

    @base.remotable_classmethod
    def resource_type_names(cls, context):
        return sorted(db.resource_type_names(context))
