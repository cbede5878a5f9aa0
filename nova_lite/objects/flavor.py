# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavor: the size of a server, and extra specs that ask for more."""
from nova_lite.db.api import flavors as db
from nova_lite.objects import base
from nova_lite.objects import fields

FLAVOR_COLUMNS = ('flavorid', 'name', 'memory_mb', 'vcpus', 'root_gb',
                  'ephemeral_gb', 'swap', 'rxtx_factor', 'disabled',
                  'is_public', 'description')


def _from_db(context, db_flavor):
    flavor = Flavor(context)
    base.fill_from_db(flavor, db_flavor, skip=('extra_specs',))
    flavor.extra_specs = {s.key: s.value for s in db_flavor.extra_specs}
    flavor.obj_reset_changes()
    return flavor


@base.NovaLiteObjectRegistry.register
class Flavor(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_projects(), add_access(), remove_access()
    # Version 1.2: save()
    VERSION = '1.2'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'flavorid': fields.StringField(),
        'name': fields.StringField(),
        'memory_mb': fields.IntegerField(),
        'vcpus': fields.IntegerField(),
        'root_gb': fields.IntegerField(default=0),
        'ephemeral_gb': fields.IntegerField(default=0),
        'swap': fields.IntegerField(default=0),
        'rxtx_factor': fields.FloatField(default=1.0),
        'disabled': fields.BooleanField(default=False),
        'is_public': fields.BooleanField(default=True),
        'description': fields.StringField(nullable=True),
        'extra_specs': fields.DictOfStringsField(default={}),
    })

    def usage(self):
        """What one instance of this flavor takes from its host."""
        return {'vcpus': self.vcpus, 'memory_mb': self.memory_mb,
                'local_gb': self.root_gb + self.ephemeral_gb
                + (self.swap + 1023) // 1024}

    @base.remotable_classmethod
    def get_by_flavor_id(cls, context, flavorid):
        return _from_db(context, db.get_by_flavorid(context, flavorid))

    @base.remotable_classmethod
    def get_by_id(cls, context, db_id):
        return _from_db(context, db.get_by_id(context, db_id))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        values = {k: getattr(self, k) for k in FLAVOR_COLUMNS
                  if self.obj_attr_is_set(k)}
        db_flavor = db.create(self._context, values, self.extra_specs)
        self.id = db_flavor.id
        self.created_at = db_flavor.created_at
        self.obj_reset_changes()

    @base.remotable
    def save(self):
        """Write changed columns; extra specs and access have their own."""
        changes = {k: v for k, v in self.obj_get_changes().items()
                   if k in FLAVOR_COLUMNS}
        if changes:
            db_flavor = db.update(self._context, self.flavorid, changes)
            self.updated_at = db_flavor.updated_at
        self.obj_reset_changes()

    @base.remotable
    def destroy(self):
        db.destroy(self._context, self.flavorid)

    @base.remotable
    def update_extra_specs(self, specs):
        db_flavor = db.update_extra_specs(self._context, self.flavorid,
                                          specs)
        self.extra_specs = {s.key: s.value for s in db_flavor.extra_specs}
        self.obj_reset_changes()

    @base.remotable
    def get_projects(self):
        """Projects a private flavor is shared with."""
        return db.get_projects(self._context, self.flavorid)

    @base.remotable
    def add_access(self, project_id):
        db.add_project(self._context, self.flavorid, project_id)

    @base.remotable
    def remove_access(self, project_id):
        db.remove_project(self._context, self.flavorid, project_id)

    def visible_to(self, context):
        """Public, or shared with the context's project, or an admin."""
        return (self.is_public or context.is_admin or
                context.project_id in self.get_projects())

    @base.remotable
    def delete_extra_spec(self, key):
        db_flavor = db.delete_extra_spec(self._context, self.flavorid, key)
        self.extra_specs = {s.key: s.value for s in db_flavor.extra_specs}
        self.obj_reset_changes()


@base.NovaLiteObjectRegistry.register
class FlavorList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_all() takes filters, limit, marker and sorting
    VERSION = '1.1'

    fields = {'objects': fields.ListOfObjectsField('Flavor')}

    @base.remotable_classmethod
    def get_all(cls, context, filters=None, limit=None, marker=None,
                sort_keys=None, sort_dirs=None):
        flavors = db.get_all(context, filters, limit, marker, sort_keys,
                             sort_dirs)
        return cls(context, objects=[_from_db(context, f) for f in flavors])
