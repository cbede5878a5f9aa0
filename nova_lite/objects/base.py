# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Base classes, registry and RPC serializer for nova_lite objects."""
from oslo_serialization import jsonutils
from oslo_versionedobjects import base as ovo_base
from oslo_versionedobjects import fields as ovo_fields

from nova_lite.db import engine

remotable = ovo_base.remotable
remotable_classmethod = ovo_base.remotable_classmethod


def one_read(context):
    """The reads of the objects fetched inside it in one reader
    transaction (db.engine.one_read), for a service that reads many in a
    row on its own database connection (never over RPC: a compute's
    objects are read by the conductor, one call each)."""
    return engine.one_read(context)


def read_together(context, read):
    """``read()`` with the reads of the objects fetched inside it in one
    reader transaction, run again whole if the database connection was
    lost under it (a read-only block is safe to run again)."""
    return engine.read_together(context, read)


def one_write(context):
    """The writes of the objects saved inside it in one writer
    transaction: all of them, or none (for a process with the
    database)."""
    return engine.writer.using(context)


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


def read_keeping(stamps, known, read_rows, build):
    """The objects of the rows ``stamps`` names ([(key, updated_at)], in
    its order): ``known[key]`` where its ``updated_at`` is the stamp's
    (the row has not changed since that object was built), else
    ``build(row)`` of the rows ``read_rows(keys)`` ({key: row}) reads of
    only those. Loading a row and building its object cost several times
    reading its stamp; a reader that keeps its objects (the scheduler's
    host states, read only) loads and builds only those that changed."""
    stale = [key for key, stamp in stamps
             if not _unchanged(known.get(key), stamp)]
    built = ({key: build(row) for key, row in read_rows(stale).items()}
             if stale else {})
    stale = set(stale)
    return [built[key] if key in stale else known[key]
            for key, _stamp in stamps if key in built or key not in stale]


def _unchanged(kept, stamp):
    return kept is not None and kept.obj_attr_is_set('updated_at') and \
        _naive(kept.updated_at) == stamp


def _naive(value):
    return value.replace(tzinfo=None) if value is not None else None


def db_text(obj):
    """The object as a text column holds it: its primitive without the
    note of which fields changed, so two objects of the same values are
    stored as the same text."""
    return jsonutils.dumps(_without_changes(obj.obj_to_primitive()))


_CHANGES = NovaLiteObject.OBJ_SERIAL_NAMESPACE + '.changes'
_DATA = NovaLiteObject.OBJ_SERIAL_NAMESPACE + '.data'


def fields_in_text(text, names):
    """{name: value} of the top-level ``names`` a stored object's text
    holds (as primitives), read without building the object: a page of
    servers reads a field or two of hundreds of them."""
    data = jsonutils.loads(text).get(_DATA, {})
    return {name: data.get(name) for name in names}


def _without_changes(primitive):
    if isinstance(primitive, dict):
        return {key: _without_changes(value)
                for key, value in primitive.items() if key != _CHANGES}
    if isinstance(primitive, list):
        return [_without_changes(value) for value in primitive]
    return primitive
