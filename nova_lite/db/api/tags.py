# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server tags: (resource_id, tag) rows, at most MAX_TAGS per server."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

MAX_TAGS = 50


def _tags_of(session, resource_id):
    return list(session.scalars(
        sa.select(models.Tag.tag).where(models.Tag.resource_id == resource_id)
        .order_by(models.Tag.tag)))


@engine.reader
def get_for_many(context, resource_ids):
    """{resource_id: sorted tags} for every id given (empty lists too)."""
    tags = {resource_id: [] for resource_id in resource_ids}
    if resource_ids:
        rows = context.session.execute(
            sa.select(models.Tag.resource_id, models.Tag.tag)
            .where(models.Tag.resource_id.in_(list(resource_ids)))
            .order_by(models.Tag.tag))
        for resource_id, tag in rows:
            tags[resource_id].append(tag)
    return tags


@engine.writer
def replace(context, resource_id, tags):
    """Make the server's tags exactly ``tags``; returns them sorted."""
    tags = sorted(set(tags))
    if len(tags) > MAX_TAGS:
        raise exception.TooManyTags(limit=MAX_TAGS, count=len(tags))
    context.session.execute(sa.delete(models.Tag).where(
        models.Tag.resource_id == resource_id))
    context.session.add_all([models.Tag(resource_id=resource_id, tag=tag)
                             for tag in tags])
    context.session.flush()
    return tags


@engine.writer
def add(context, resource_id, tag):
    """Add one tag (a no-op if present); False if it was there already."""
    current = _tags_of(context.session, resource_id)
    if tag in current:
        return False
    if len(current) + 1 > MAX_TAGS:
        raise exception.TooManyTags(limit=MAX_TAGS, count=len(current) + 1)
    context.session.add(models.Tag(resource_id=resource_id, tag=tag))
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        return False  # added by a concurrent request meanwhile
    return True


@engine.writer
def delete(context, resource_id, tag):
    deleted = context.session.execute(sa.delete(models.Tag).where(
        models.Tag.resource_id == resource_id, models.Tag.tag == tag))
    if not deleted.rowcount:
        raise exception.TagNotFound(resource_id=resource_id, tag=tag)
