# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The projects each image is shared with (image_members)."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

M = models.ImageMember


def _get(session, image_id, member):
    row = session.get(M, (image_id, member))
    if row is None:
        raise exception.ImageMemberNotFound(image_id=image_id,
                                            member=member)
    return row


@engine.reader
def get(context, image_id, member):
    return _get(context.session, image_id, member)


@engine.reader
def get_all(context, image_id):
    return list(context.session.scalars(
        sa.select(M).where(M.image_id == image_id).order_by(M.created_at,
                                                            M.member)))


@engine.writer
def create(context, image_id, member, status):
    row = M(image_id=image_id, member=member, status=status)
    context.session.add(row)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.ImageMemberExists(image_id=image_id, member=member)
    return row


@engine.writer
def update(context, image_id, member, status):
    row = _get(context.session, image_id, member)
    row.status = status
    context.session.flush()
    return row


@engine.writer
def delete(context, image_id, member):
    if not context.session.execute(sa.delete(M).where(
            M.image_id == image_id, M.member == member)).rowcount:
        raise exception.ImageMemberNotFound(image_id=image_id,
                                            member=member)


def delete_all(session, image_id):
    """An image's members, removed with it (the caller's transaction)."""
    session.execute(sa.delete(M).where(M.image_id == image_id))


def shared_with(project_id, statuses):
    """Clause: the image is shared with ``project_id``, who answered one
    of ``statuses`` (any answer, with None)."""
    query = sa.select(M.image_id).where(M.image_id == models.Image.id,
                                        M.member == project_id)
    if statuses is not None:
        query = query.where(M.status.in_(statuses))
    return sa.and_(models.Image.visibility == 'shared', query.exists())
