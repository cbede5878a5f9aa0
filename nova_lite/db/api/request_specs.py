# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request specs, stored as the serialized object."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception


def find(session, instance_uuid):
    """The instance's row, or None, within the caller's transaction."""
    return session.scalars(
        sa.select(models.RequestSpec)
        .where(models.RequestSpec.instance_uuid == instance_uuid)).first()


def _get(session, instance_uuid):
    row = find(session, instance_uuid)
    if row is None:
        raise exception.RequestSpecNotFound(instance_uuid=instance_uuid)
    return row


@engine.writer
def create(context, instance_uuid, spec):
    return add(context.session, instance_uuid, spec)


def add(session, instance_uuid, spec):
    """``create`` within the caller's transaction."""
    row = models.RequestSpec(instance_uuid=instance_uuid, spec=spec)
    session.add(row)
    session.flush()
    return row


@engine.reader
def get_by_instance_uuid(context, instance_uuid):
    return _get(context.session, instance_uuid)


@engine.reader
def get_by_instance_uuids(context, instance_uuids):
    """The rows of those of ``instance_uuids`` that have a spec."""
    return context.session.scalars(
        sa.select(models.RequestSpec)
        .where(models.RequestSpec.instance_uuid.in_(
            list(instance_uuids)))).all()


@engine.writer
def update(context, instance_uuid, spec):
    _get(context.session, instance_uuid).spec = spec


@engine.writer
def destroy(context, instance_uuid):
    context.session.execute(
        sa.delete(models.RequestSpec)
        .where(models.RequestSpec.instance_uuid == instance_uuid))
