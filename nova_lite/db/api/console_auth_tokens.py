# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console tokens, found by their SHA-256 and good until ``expires`` (a
Unix time, compared with the caller's ``now``)."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models

_T = models.ConsoleAuthToken


@engine.writer
def create(context, values, now):
    """The new token's row; the expired ones go in the same step (no
    periodic task needed to keep the table small)."""
    context.session.execute(sa.delete(_T).where(_T.expires <= now))
    row = _T(**values)
    context.session.add(row)
    context.session.flush()
    return row


@engine.reader
def get_valid(context, token_hash, now, instance_uuid=None):
    """The unexpired token of that hash (of that server if given), or
    None."""
    query = sa.select(_T).where(_T.token_hash == token_hash,
                                _T.expires > now)
    if instance_uuid is not None:
        query = query.where(_T.instance_uuid == instance_uuid)
    return context.session.scalars(query).first()


@engine.writer
def take(context, token_hash, now):
    """The unexpired token of that hash, deleted in the same step, or
    None: of two connections with one token, one gets it."""
    row = context.session.scalars(
        sa.select(_T).where(_T.token_hash == token_hash, _T.expires > now)
        .with_for_update()).first()
    if row is None:
        return None
    deleted = context.session.execute(
        sa.delete(_T).where(_T.id == row.id)).rowcount
    return row if deleted == 1 else None


@engine.writer
def destroy_for_instance(context, instance_uuid):
    destroy_for_instance_in(context.session, instance_uuid)


def destroy_for_instance_in(session, instance_uuid):
    """As destroy_for_instance, in the caller's transaction."""
    session.execute(sa.delete(_T).where(_T.instance_uuid == instance_uuid))
