"""Base classes, registry and RPC serializer for nova_lite objects."""
from oslo_versionedobjects import base as ovo_base
from oslo_versionedobjects import fields as ovo_fields

remotable = ovo_base.remotable
remotable_classmethod = ovo_base.remotable_classmethod


class NovaLiteObjectRegistry(ovo_base.VersionedObjectRegistry):
    pass


class NovaLiteObject(ovo_base.VersionedObject):
    OBJ_SERIAL_NAMESPACE = 'nova_lite_object'
    OBJ_PROJECT_NAMESPACE = 'nova_lite'


class NovaLiteTimestampObject:
    """Mixin for objects whose rows carry created_at/updated_at."""
    fields = {
        'created_at': ovo_fields.DateTimeField(nullable=True),
        'updated_at': ovo_fields.DateTimeField(nullable=True),
    }


class ObjectListBase(ovo_base.ObjectListBase):
    pass


class NovaLiteObjectSerializer(ovo_base.VersionedObjectSerializer):
    OBJ_BASE_CLASS = NovaLiteObject


def fill_from_db(obj, db_row, skip=()):
    """Copy the columns named by the object's fields from a database row."""
    for name in obj.fields:
        if name in skip or not hasattr(db_row, name):
            continue
        setattr(obj, name, getattr(db_row, name))
    obj.obj_reset_changes()
    return obj
