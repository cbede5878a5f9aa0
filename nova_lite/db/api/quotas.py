# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quota limits (of projects, their users and quota classes), the counts
they are checked against, and the per-project lock under which a count
and the records it allows are written together.

Nothing here is reserved: usage is always counted from the instances
table, so no row can leak when a request dies half-way.
"""
import sqlalchemy as sa
from sqlalchemy.dialects import mysql
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

_INSERT_IGNORING_DUPLICATES = {
    'postgresql': lambda table: postgresql.insert(table)
    .on_conflict_do_nothing(),
    'sqlite': lambda table: sqlite.insert(table).on_conflict_do_nothing(),
}


def _insert_ignoring_duplicates(session, table):
    dialect = session.get_bind().dialect.name
    make = _INSERT_IGNORING_DUPLICATES.get(
        dialect, lambda t: mysql.insert(t).prefix_with('IGNORE'))
    return make(table)


@engine.writer
def add_lock_row(context, project_id):
    """Make the project's lock row, in a step of its own: made in the
    step that locks it, two first creates of a project would each hold
    the row shared (MariaDB's duplicate check) and deadlock locking it."""
    session = context.session
    if session.get(models.QuotaLock, project_id) is None:
        session.execute(_insert_ignoring_duplicates(
            session, models.QuotaLock.__table__).values(
                project_id=project_id))


def lock_project(session, project_id):
    """Hold the project's lock row (made by ``add_lock_row``) until the
    transaction ends: every other transaction that counts this project's
    usage to add to it waits here. Other projects are not held up."""
    locked = session.execute(sa.select(models.QuotaLock.project_id).where(
        models.QuotaLock.project_id == project_id).with_for_update()).first()
    if locked is None:
        raise exception.QuotaLockMissing(project_id=project_id)


def _limits(session, model, **where):
    rows = session.execute(sa.select(model.resource, model.hard_limit)
                           .where(*[getattr(model, k) == v
                                    for k, v in where.items()]))
    return dict(rows.all())


@engine.reader
def class_limits(context, class_name):
    return _limits(context.session, models.QuotaClass, class_name=class_name)


@engine.reader
def project_limits(context, project_id):
    return _limits(context.session, models.Quota, project_id=project_id)


@engine.reader
def user_limits(context, project_id, user_id):
    return _limits(context.session, models.ProjectUserQuota,
                   project_id=project_id, user_id=user_id)


@engine.reader
def limits_of(context, project_id, user_id, class_name):
    """(class's, project's, user's own limits), read in one step."""
    session = context.session
    return (_limits(session, models.QuotaClass, class_name=class_name),
            _limits(session, models.Quota, project_id=project_id),
            _limits(session, models.ProjectUserQuota, project_id=project_id,
                    user_id=user_id))


@engine.reader
def user_limit_sums(context, project_id):
    """{resource: sum of the limits set for the project's users}."""
    model = models.ProjectUserQuota
    return dict(context.session.execute(
        sa.select(model.resource, sa.func.sum(model.hard_limit))
        .where(model.project_id == project_id)
        .group_by(model.resource)).all())


@engine.writer
def set_limits(context, values, project_id=None, user_id=None,
               class_name=None):
    """Write ``values`` ({resource: limit}) as a user's (``project_id`` and
    ``user_id``), a project's, or a quota class's own limits."""
    if class_name is not None:
        model, key = models.QuotaClass, {'class_name': class_name}
    elif user_id is not None:
        model, key = models.ProjectUserQuota, {'project_id': project_id,
                                               'user_id': user_id}
    else:
        model, key = models.Quota, {'project_id': project_id}
    for resource, limit in values.items():
        row = context.session.scalars(sa.select(model).where(
            model.resource == resource,
            *[getattr(model, k) == v for k, v in key.items()])).first()
        if row is None:
            context.session.add(model(resource=resource, hard_limit=limit,
                                      **key))
        else:
            row.hard_limit = limit


@engine.writer
def destroy_limits(context, project_id, user_id=None):
    """Forget a user's own limits, or a project's and all its users'."""
    user_rows = sa.delete(models.ProjectUserQuota).where(
        models.ProjectUserQuota.project_id == project_id)
    if user_id is not None:
        context.session.execute(user_rows.where(
            models.ProjectUserQuota.user_id == user_id))
        return
    context.session.execute(user_rows)
    context.session.execute(sa.delete(models.Quota).where(
        models.Quota.project_id == project_id))


def instance_usage(session, project_id, user_id=None):
    """{'instances', 'cores', 'ram'} held by the project's (or the user's)
    servers that are not deleted, whatever their state."""
    inst = models.Instance
    query = sa.select(sa.func.count(inst.id),
                      sa.func.coalesce(sa.func.sum(inst.vcpus), 0),
                      sa.func.coalesce(sa.func.sum(inst.memory_mb), 0)
                      ).where(inst.deleted == 0, inst.project_id == project_id)
    if user_id is not None:
        query = query.where(inst.user_id == user_id)
    count, cores, ram = session.execute(query).one()
    return {'instances': count, 'cores': int(cores), 'ram': int(ram)}


@engine.reader
def usage(context, project_id, user_id=None):
    return instance_usage(context.session, project_id, user_id)


def count_server_groups(session, project_id, user_id=None):
    query = sa.select(sa.func.count(models.InstanceGroup.id)).where(
        models.InstanceGroup.project_id == project_id)
    if user_id is not None:
        query = query.where(models.InstanceGroup.user_id == user_id)
    return session.scalar(query)


@engine.reader
def server_group_count(context, project_id, user_id=None):
    return count_server_groups(context.session, project_id, user_id)


def check_room(session, project_id, user_id, limits, deltas):
    """Under the project's lock: raise OverQuota unless the project (and
    the user) can take ``deltas`` more instances/cores/ram.

    ``limits``: {'project': {resource: limit}, 'user': {resource: limit}},
    -1 for no limit."""
    lock_project(session, project_id)
    for scope, owner in (('project', None), ('user', user_id)):
        used = instance_usage(session, project_id, owner)
        overs = sorted(r for r, delta in deltas.items()
                       if 0 <= limits[scope][r] < used[r] + delta)
        if overs:
            raise exception.OverQuota(overs=overs, usages=used,
                                      quotas=limits[scope])
