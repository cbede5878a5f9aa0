# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavors and their extra specs."""
from oslo_db import exception as db_exc
import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite.db import regex
from nova_lite.db import wide
from nova_lite import exception


def _query(session):
    return sa.select(models.Flavor)


@engine.writer
def create(context, values, extra_specs):
    flavor = models.Flavor(**values)
    flavor.extra_specs = [models.FlavorExtraSpec(key=k, value=v)
                          for k, v in extra_specs.items()]
    context.session.add(flavor)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry as e:
        field = 'name' if 'name' in (e.columns or ['name']) else 'id'
        value = values['name'] if field == 'name' else values['flavorid']
        raise exception.FlavorExists(field=field, value=value)
    return flavor


def _get(session, flavorid):
    # One query with its extra specs joined, rather than two.
    flavor = session.scalars(
        _query(session).where(models.Flavor.flavorid == flavorid)
        .options(orm.joinedload(models.Flavor.extra_specs))).unique().first()
    if flavor is None:
        raise exception.FlavorNotFound(flavor_id=flavorid)
    return flavor


@engine.reader
def get_by_flavorid(context, flavorid):
    return _get(context.session, flavorid)


@engine.reader
def get_by_id(context, db_id):
    flavor = context.session.get(models.Flavor, db_id)
    if flavor is None:
        raise exception.FlavorNotFound(flavor_id=db_id)
    return flavor


def _filtered(filters):
    filters = dict(filters or {})
    query = sa.select(models.Flavor)
    if 'min_memory_mb' in filters:
        query = query.where(models.Flavor.memory_mb >=
                            wide.wide(filters['min_memory_mb']))
    if 'min_root_gb' in filters:
        query = query.where(models.Flavor.root_gb >=
                            wide.wide(filters['min_root_gb']))
    if filters.get('name_regex'):
        query = query.where(
            models.Flavor.name.regexp_match(filters['name_regex']))
    if filters.get('disabled') is not None:
        query = query.where(models.Flavor.disabled == filters['disabled'])
    if filters.get('is_public') is not None:
        query = query.where(models.Flavor.is_public == filters['is_public'])
    if filters.get('visible_to') is not None:
        shared = sa.select(models.FlavorProject.flavor_id).where(
            models.FlavorProject.project_id == filters['visible_to'])
        query = query.where(sa.or_(models.Flavor.is_public.is_(True),
                                   models.Flavor.id.in_(shared)))
    return query


@engine.reader
def get_all(context, filters=None, limit=None, marker=None, sort_keys=None,
            sort_dirs=None):
    """Flavors matching the filters, a page at a time, by flavorid.

    Filters: ``min_memory_mb``, ``min_root_gb``, ``name_regex`` (a
    regular expression found anywhere in the name), ``disabled``,
    ``is_public`` and ``visible_to`` (a project: public flavors and the
    private ones shared with it).
    """
    regex.check(context.session, filters, {'name_regex': 'name'})
    marker_row = paging.marker_row(
        lambda flavorid: _get(context.session, flavorid), marker,
        exception.FlavorNotFound)
    query = paging.paginate(_filtered(filters), models.Flavor, limit,
                            marker_row, sort_keys, sort_dirs, 'flavorid',
                            'asc')
    return list(context.session.scalars(query))


@engine.reader
def get_projects(context, flavorid):
    flavor = _get(context.session, flavorid)
    return sorted(context.session.scalars(
        sa.select(models.FlavorProject.project_id)
        .where(models.FlavorProject.flavor_id == flavor.id)))


@engine.writer
def add_project(context, flavorid, project_id):
    flavor = _get(context.session, flavorid)
    if flavor.is_public:
        raise exception.Conflict(message='Can not add access to a public '
                                         'flavor.')
    context.session.add(models.FlavorProject(flavor_id=flavor.id,
                                             project_id=project_id))
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.FlavorAccessExists(flavor_id=flavorid,
                                           project_id=project_id)


@engine.writer
def remove_project(context, flavorid, project_id):
    flavor = _get(context.session, flavorid)
    result = context.session.execute(
        sa.delete(models.FlavorProject)
        .where(models.FlavorProject.flavor_id == flavor.id,
               models.FlavorProject.project_id == project_id))
    if not result.rowcount:
        raise exception.FlavorAccessNotFound(flavor_id=flavorid,
                                             project_id=project_id)


@engine.writer
def destroy(context, flavorid):
    """The flavor and the projects given access to it: not every database
    cascades the delete (SQLite does not), and there a new flavor may take
    the deleted one's id."""
    flavor = _get(context.session, flavorid)
    context.session.execute(
        sa.delete(models.FlavorProject)
        .where(models.FlavorProject.flavor_id == flavor.id))
    context.session.delete(flavor)


@engine.writer
def update(context, flavorid, values):
    """Change a flavor's own columns (the API changes only description)."""
    flavor = _get(context.session, flavorid)
    for key, value in values.items():
        setattr(flavor, key, value)
    context.session.flush()
    return flavor


@engine.writer
def update_extra_specs(context, flavorid, specs):
    """Add or replace the given keys, leaving the others as they are."""
    flavor = _get(context.session, flavorid)
    existing = {spec.key: spec for spec in flavor.extra_specs}
    for key, value in specs.items():
        if key in existing:
            existing[key].value = value
        else:
            flavor.extra_specs.append(
                models.FlavorExtraSpec(key=key, value=value))
    context.session.flush()
    return flavor


@engine.writer
def delete_extra_spec(context, flavorid, key):
    flavor = _get(context.session, flavorid)
    for spec in flavor.extra_specs:
        if spec.key == key:
            flavor.extra_specs.remove(spec)
            return flavor
    raise exception.FlavorExtraSpecNotFound(flavor_id=flavorid, key=key)
