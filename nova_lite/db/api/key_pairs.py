# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Key pairs: one user's named public keys."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite import exception

_KP = models.KeyPair


def _get(session, user_id, name):
    keypair = session.scalars(sa.select(_KP).where(
        _KP.user_id == user_id, _KP.name == name)).first()
    if keypair is None:
        raise exception.KeypairNotFound(user_id=user_id, name=name)
    return keypair


@engine.reader
def get(context, user_id, name):
    return _get(context.session, user_id, name)


@engine.reader
def get_all(context, user_id, limit=None, marker=None):
    """The user's key pairs by name; a page after ``marker`` (a name)."""
    row = paging.marker_row(lambda name: _get(context.session, user_id, name),
                            marker, exception.KeypairNotFound)
    query = sa.select(_KP).where(_KP.user_id == user_id)
    query = paging.paginate(query, _KP, limit, row, ['name'], ['asc'],
                            'name', 'asc')
    return list(context.session.scalars(query))


@engine.writer
def create(context, values, limit=None):
    """Add one; KeyPairExists if the user has one by that name,
    KeypairLimitExceeded if they hold ``limit`` already."""
    session = context.session
    if limit is not None and limit >= 0:
        held = session.scalar(sa.select(sa.func.count()).select_from(_KP)
                              .where(_KP.user_id == values['user_id']))
        if held >= limit:
            raise exception.KeypairLimitExceeded()
    keypair = _KP(**values)
    session.add(keypair)
    try:
        session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.KeyPairExists(key_name=values['name'])
    return keypair


@engine.writer
def destroy(context, user_id, name):
    context.session.delete(_get(context.session, user_id, name))
