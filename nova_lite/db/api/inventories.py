# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A provider's inventories in SQL: what it holds of each resource class
and what is used of it. The rules of a write (generations, classes in use)
are the placement store's (``nova_lite.placement.inventories``).
"""
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models

INV = models.Inventory
FIELDS = ('total', 'reserved', 'min_unit', 'max_unit', 'step_size',
          'allocation_ratio')


def of(session, provider_id):
    """{resource class: inventory} of the provider."""
    rows = session.scalars(sa.select(INV).where(
        INV.resource_provider_id == provider_id))
    return {row.resource_class: {f: getattr(row, f) for f in FIELDS}
            for row in rows}


def of_many(session, provider_ids):
    """{provider id: {resource class: inventory}}, in one read (none
    for no provider)."""
    found = {provider_id: {} for provider_id in provider_ids}
    if not found:
        return found
    for row in session.execute(sa.select(
            INV.resource_provider_id, INV.resource_class,
            *[getattr(INV, f) for f in FIELDS]).where(
            INV.resource_provider_id.in_(list(provider_ids)))):
        found[row[0]][row[1]] = dict(zip(FIELDS, row[2:]))
    return found


def used_of_many(session, provider_ids):
    """{provider id: {resource class: used}}, in one read."""
    alloc = models.Allocation
    found = {provider_id: {} for provider_id in provider_ids}
    for provider_id, resource_class, used in session.execute(
            sa.select(alloc.resource_provider_id, alloc.resource_class,
                      sa.func.sum(alloc.used))
            .where(alloc.resource_provider_id.in_(list(provider_ids)))
            .group_by(alloc.resource_provider_id, alloc.resource_class)):
        found[provider_id][resource_class] = used
    return found


def used_by_class(session, provider_id):
    """{resource class: used} of one provider."""
    return used_of_many(session, [provider_id])[provider_id]


@engine.reader
def get(context, uuid):
    """(provider generation, {resource class: inventory})."""
    provider = providers.get_row(context.session, uuid)
    return provider.generation, of(context.session, provider.id)


def replace_many(session, wanted, new=()):
    """Make each provider's inventory rows exactly ``wanted[provider
    id]``: one DELETE (of those not ``new``: ids of providers made in
    this transaction, which have none yet) and one INSERT for them all."""
    held = [provider_id for provider_id in wanted if provider_id not in new]
    if held:
        session.execute(sa.delete(INV).where(
            INV.resource_provider_id.in_(held)))
    rows = [dict(values, resource_provider_id=provider_id,
                 resource_class=resource_class)
            for provider_id, inventories in wanted.items()
            for resource_class, values in inventories.items()]
    if rows:
        session.execute(sa.insert(INV), rows)


def replace(session, provider_id, inventories):
    """Make the provider's inventory rows exactly ``inventories``."""
    replace_many(session, {provider_id: inventories})
