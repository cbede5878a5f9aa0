"""A provider's inventories: what it holds of each resource class.

Writes take the provider generation the client read (a stale one is a
409) and bump it. An inventory in use may not go away, nor shrink below
what is allocated of it (Placement's rules).
"""
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

INV = models.Inventory
FIELDS = ('total', 'reserved', 'min_unit', 'max_unit', 'step_size',
          'allocation_ratio')


def _of(session, provider_id):
    rows = session.scalars(sa.select(INV).where(
        INV.resource_provider_id == provider_id))
    return {row.resource_class: {f: getattr(row, f) for f in FIELDS}
            for row in rows}


def of_many(session, provider_ids):
    """{provider id: {resource class: inventory}}, in one read."""
    found = {provider_id: {} for provider_id in provider_ids}
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
    return dict(session.execute(
        sa.select(models.Allocation.resource_class,
                  sa.func.sum(models.Allocation.used))
        .where(models.Allocation.resource_provider_id == provider_id)
        .group_by(models.Allocation.resource_class)).all())


@engine.reader
def get(context, uuid):
    """(provider generation, {resource class: inventory})."""
    provider = providers.get_row(context.session, uuid)
    return provider.generation, _of(context.session, provider.id)


def _check_not_in_use(session, provider, wanted):
    used = used_by_class(session, provider.id)
    for resource_class, amount in used.items():
        if not amount:
            continue
        if resource_class not in wanted:
            raise exception.InventoryInUse(resource_class=resource_class,
                                           uuid=provider.uuid)


def _replace(session, provider, inventories):
    session.execute(sa.delete(INV).where(
        INV.resource_provider_id == provider.id))
    session.add_all([INV(resource_provider_id=provider.id,
                         resource_class=resource_class, **values)
                     for resource_class, values in inventories.items()])
    session.flush()


@engine.writer
def set_all(context, uuid, generation, inventories):
    """Make the provider's inventory exactly ``inventories``."""
    session = context.session
    provider = providers.get_row(session, uuid)
    providers.check_generation(provider, generation)
    _check_not_in_use(session, provider, inventories)
    _replace(session, provider, inventories)
    new = providers.bump_generation(session, provider.id,
                                    provider.generation, uuid)
    return new, _of(session, provider.id)


@engine.writer
def set_one(context, uuid, generation, resource_class, values):
    session = context.session
    provider = providers.get_row(session, uuid)
    providers.check_generation(provider, generation)
    inventories = _of(session, provider.id)
    inventories[resource_class] = values
    _replace(session, provider, inventories)
    return providers.bump_generation(session, provider.id,
                                     provider.generation, uuid)


@engine.writer
def delete_one(context, uuid, generation, resource_class):
    session = context.session
    provider = providers.get_row(session, uuid)
    providers.check_generation(provider, generation)
    inventories = _of(session, provider.id)
    if resource_class not in inventories:
        raise exception.NotFound(
            message='No inventory of class %s found for delete'
                    % resource_class)
    del inventories[resource_class]
    _check_not_in_use(session, provider, inventories)
    _replace(session, provider, inventories)
    return providers.bump_generation(session, provider.id,
                                     provider.generation, uuid)
