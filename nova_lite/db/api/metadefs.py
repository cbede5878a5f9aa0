# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The metadata definitions catalogue: namespaces, and the records each
holds (objects, properties, tags, resource type associations).

A namespace is found by its name; a private one only by its owner's
project (``project_id``) or an admin (``project_id`` None). A namespace
and the records it is created with are written in one transaction, so a
refused record leaves nothing behind.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

N = models.MetadefNamespace
R = models.MetadefRecord
SORT_KEYS = ('created_at', 'namespace')


def _visible(query, project_id):
    if project_id is None:
        return query
    return query.where(sa.or_(N.visibility == 'public',
                              N.owner == project_id))


def _namespace(session, name, project_id=None):
    row = session.scalars(_visible(sa.select(N).where(N.namespace == name),
                                   project_id)).first()
    if row is None:
        raise exception.MetadefNamespaceNotFound(namespace=name)
    return row


@engine.reader
def get(context, name, project_id=None):
    return _namespace(context.session, name, project_id)


@engine.reader
def get_all(context, project_id=None, visibility=None, resource_types=None,
            sort_key='created_at', sort_dir='desc', limit=None,
            marker=None):
    query = _visible(sa.select(N), project_id)
    if visibility is not None:
        query = query.where(N.visibility == visibility)
    if resource_types:
        query = query.where(sa.select(R.id).where(
            R.namespace_id == N.id, R.kind == 'resource_type',
            R.name.in_(resource_types)).exists())
    # An unknown marker is the namespace's own 404, as in Glance.
    after = (None if marker is None
             else _namespace(context.session, marker, project_id))
    query = paging.paginate(query, N, limit, after, [sort_key], [sort_dir],
                            sort_key, sort_dir)
    return list(context.session.scalars(query))


def _add_records(session, namespace, records):
    # Read before a failed flush expires the row.
    namespace_id, namespace_name = namespace.id, namespace.namespace
    for kind, name, body in records:
        session.add(R(namespace_id=namespace_id, kind=kind, name=name,
                      body=body))
        try:
            session.flush()
        except db_exc.DBDuplicateEntry:
            raise exception.METADEF_EXISTS[kind](
                name=name, namespace=namespace_name)


@engine.writer
def create(context, values, records=()):
    """A namespace and its first records: (kind, name, JSON body)."""
    row = N(**values)
    context.session.add(row)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.MetadefNamespaceExists(namespace=values['namespace'])
    _add_records(context.session, row, records)
    return row


@engine.writer
def update(context, name, values):
    row = _namespace(context.session, name)
    for key, value in values.items():
        setattr(row, key, value)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.MetadefNamespaceExists(namespace=values['namespace'])
    return row


def _unprotected(session, name):
    row = _namespace(session, name)
    if row.protected:
        raise exception.MetadefProtected(namespace=name)
    return row


@engine.writer
def delete(context, name):
    row = _unprotected(context.session, name)
    context.session.execute(sa.delete(R).where(R.namespace_id == row.id))
    context.session.delete(row)


@engine.reader
def records(context, namespace_names, kind):
    """The records of one kind in these namespaces: (namespace, row)."""
    query = sa.select(N.namespace, R).join(N, R.namespace_id == N.id).where(
        N.namespace.in_(namespace_names), R.kind == kind).order_by(
        R.created_at, R.id)
    return list(context.session.execute(query))


def _record(session, namespace, kind, name):
    row = session.scalars(sa.select(R).where(
        R.namespace_id == namespace.id, R.kind == kind,
        R.name == name)).first()
    if row is None:
        raise exception.METADEF_NOT_FOUND[kind](
            name=name, namespace=namespace.namespace)
    return row


@engine.reader
def record(context, namespace_name, kind, name, project_id=None):
    """A record of a namespace that ``project_id`` sees."""
    namespace = _namespace(context.session, namespace_name, project_id)
    return _record(context.session, namespace, kind, name)


@engine.writer
def add_records(context, namespace_name, kind, entries, replace=False):
    """Add records of one kind, (name, JSON body) each; with ``replace``,
    instead of those the namespace has."""
    namespace = _namespace(context.session, namespace_name)
    if replace:
        context.session.execute(sa.delete(R).where(
            R.namespace_id == namespace.id, R.kind == kind))
    _add_records(context.session, namespace,
                 [(kind, name, body) for name, body in entries])
    return [_record(context.session, namespace, kind, name)
            for name, body in entries]


@engine.writer
def update_record(context, namespace_name, kind, name, new_name, body):
    namespace = _namespace(context.session, namespace_name)
    row = _record(context.session, namespace, kind, name)
    row.name, row.body = new_name, body
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.METADEF_EXISTS[kind](name=new_name,
                                             namespace=namespace_name)
    return row


@engine.writer
def delete_record(context, namespace_name, kind, name):
    namespace = _unprotected(context.session, namespace_name)
    context.session.delete(_record(context.session, namespace, kind, name))


@engine.writer
def delete_records(context, namespace_name, kind):
    namespace = _unprotected(context.session, namespace_name)
    context.session.execute(sa.delete(R).where(
        R.namespace_id == namespace.id, R.kind == kind))


@engine.reader
def resource_type_names(context):
    """Every resource type some namespace is associated with."""
    return set(context.session.scalars(
        sa.select(R.name).where(R.kind == 'resource_type').distinct()))
