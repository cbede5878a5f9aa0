# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Images of the image service: one row each, properties as JSON."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db.api import image_members
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

# Visible beyond their owner's project to every project; a shared image
# is seen by the projects it is shared with too.
OPEN = ('public', 'community')


def _visible(query, project_id, is_admin, member_status):
    """Public and community images, the project's own, and those shared
    with it whose sharing it answered with one of ``member_status``."""
    if is_admin:
        return query
    return query.where(sa.or_(
        models.Image.owner == project_id,
        models.Image.visibility.in_(OPEN),
        image_members.shared_with(project_id, member_status)))


def _get(session, image_id):
    row = session.get(models.Image, image_id)
    if row is None:
        raise exception.ImageNotFound(image_id=image_id)
    return row


@engine.reader
def get(context, image_id):
    return _get(context.session, image_id)


@engine.writer
def create(context, values):
    row = models.Image(**values)
    context.session.add(row)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.ImageExists(image_id=values['id'])
    return row


@engine.writer
def update(context, image_id, values, expected_status=None):
    """Change an image; with expected_status, only from one of those
    statuses (a compare-and-swap, so two uploads cannot both win)."""
    query = sa.update(models.Image).where(models.Image.id == image_id)
    if expected_status is not None:
        query = query.where(models.Image.status.in_(expected_status))
    result = context.session.execute(query.values(**values))
    if not result.rowcount:
        row = _get(context.session, image_id)
        raise exception.ImageStatusConflict(image_id=image_id,
                                            status=row.status)
    return _get(context.session, image_id)


@engine.writer
def delete(context, image_id):
    image_members.delete_all(context.session, image_id)
    if not context.session.execute(sa.delete(models.Image).where(
            models.Image.id == image_id)).rowcount:
        raise exception.ImageNotFound(image_id=image_id)


@engine.reader
def stale(context, statuses, before):
    """Images in one of ``statuses`` last changed before ``before``."""
    return list(context.session.scalars(sa.select(models.Image).where(
        models.Image.status.in_(statuses),
        sa.func.coalesce(models.Image.updated_at,
                         models.Image.created_at) < before)))


@engine.reader
def get_all(context, filters, limit=None, marker=None, sort_key='created_at',
            sort_dir='desc'):
    query = _visible(sa.select(models.Image), context.project_id,
                     context.is_admin,
                     filters.get('member_status', ('accepted',)))
    for name in ('name', 'status', 'visibility', 'disk_format',
                 'container_format', 'owner', 'os_hidden'):
        if filters.get(name) is not None:
            query = query.where(getattr(models.Image, name) == filters[name])
    if (filters.get('visibility') is None and not context.is_admin and
            not filters.get('any_visibility')):
        # Community images are listed when asked for (or to their owner).
        query = query.where(sa.or_(
            models.Image.visibility != 'community',
            models.Image.owner == context.project_id))
    marker_row = paging.marker_row(
        lambda m: _get(context.session, m), marker, exception.ImageNotFound)
    query = paging.paginate(query, models.Image, limit, marker_row,
                            [sort_key], [sort_dir], sort_key, sort_dir)
    return list(context.session.scalars(query))
