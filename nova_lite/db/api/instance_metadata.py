# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server metadata: (instance_uuid, key, value) rows."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

_META = models.InstanceMetadata


def _rows(session, uuid):
    return {row.key: row for row in session.scalars(
        sa.select(_META).where(_META.instance_uuid == uuid))}


@engine.reader
def get_for_many(context, uuids):
    """{uuid: {key: value}} for every uuid given (empty dicts too)."""
    metadata = {uuid: {} for uuid in uuids}
    if uuids:
        rows = context.session.execute(
            sa.select(_META.instance_uuid, _META.key, _META.value)
            .where(_META.instance_uuid.in_(list(uuids))))
        for uuid, key, value in rows:
            metadata[uuid][key] = value
    return metadata


def write(session, uuid, metadata, replace=False):
    """Set the keys of ``metadata`` (and, with ``replace``, remove every
    other key); returns the server's metadata after."""
    rows = _rows(session, uuid)
    for key, row in rows.items():
        if key in metadata:
            row.value = metadata[key]
        elif replace:
            session.delete(row)
    session.add_all([_META(instance_uuid=uuid, key=key, value=value)
                     for key, value in metadata.items() if key not in rows])
    session.flush()
    return {key: row.value for key, row in _rows(session, uuid).items()}


@engine.writer
def update(context, uuid, metadata, replace=False, limit=None):
    """``write`` in its own transaction, refused (MetadataLimitExceeded)
    if the server would hold more than ``limit`` keys."""
    result = write(context.session, uuid, metadata, replace)
    if limit is not None and len(result) > limit:
        raise exception.MetadataLimitExceeded(allowed=limit)
    return result


@engine.writer
def delete(context, uuid, key):
    """Remove one key; False if the server had no such key."""
    result = context.session.execute(sa.delete(_META).where(
        _META.instance_uuid == uuid, _META.key == key))
    return bool(result.rowcount)
