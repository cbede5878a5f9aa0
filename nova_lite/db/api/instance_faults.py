# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Instance faults: why an instance went to ERROR."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models


@engine.writer
def create(context, values):
    fault = models.InstanceFault(**values)
    context.session.add(fault)
    context.session.flush()
    return fault


@engine.reader
def get_latest_by_instance_uuids(context, uuids):
    """The newest fault of each instance, keyed by instance uuid."""
    if not uuids:
        return {}
    query = (sa.select(models.InstanceFault)
             .where(models.InstanceFault.instance_uuid.in_(uuids))
             .order_by(models.InstanceFault.id.desc()))
    latest = {}
    for fault in context.session.scalars(query):
        latest.setdefault(fault.instance_uuid, fault)
    return latest
