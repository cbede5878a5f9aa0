# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Inventory records: Placement's defaults and rules, then the write.

A record needs ``total``; ``reserved`` (0), ``min_unit`` (1),
``max_unit`` (2147483647), ``step_size`` (1) and ``allocation_ratio``
(1.0) default. Reserved may not pass total, min_unit may not pass
max_unit.

A write names the provider generation the client read (a stale one is a
409) and moves it on; a class in use may not leave the inventory.
Writes run again in a new transaction after a deadlock: InnoDB's gap
locks make two providers' inventories, replaced at once (two computes
starting together), deadlock now and then.
"""
from nova_lite.db.api import inventories as db
from nova_lite.db.api import resource_providers as providers_db
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.placement import providers
from nova_lite.placement import resource_classes
from nova_lite.placement import retry

FIELDS = ('total', 'reserved', 'min_unit', 'max_unit', 'step_size',
          'allocation_ratio')


MAX_INT = 2147483647
DEFAULTS = {'reserved': 0, 'min_unit': 1, 'max_unit': MAX_INT,
            'step_size': 1, 'allocation_ratio': 1.0}


def normalized(resource_class, record, reserved_can_be_total=True,
               uuid=None):
    """A record with Placement's defaults, or PlacementBadRequest when its
    capacity, (total - reserved) * allocation_ratio, is not positive
    (before API 1.26, reserved may not equal total either)."""
    values = dict(DEFAULTS, **record)
    values = {name: (float(values[name]) if name == 'allocation_ratio'
                     else int(values[name])) for name in FIELDS}
    capacity = (values['total'] - values['reserved']) * \
        values['allocation_ratio']
    if capacity < 0 or (capacity == 0 and not reserved_can_be_total):
        raise exception.InvalidInventoryCapacity(
            resource_class=resource_class, uuid=uuid,
            than='than' if reserved_can_be_total else 'than or equal to')
    if values['min_unit'] > values['max_unit']:
        raise exception.PlacementBadRequest(
            detail='Unable to update inventory for resource class %s: '
                   'min_unit (%d) exceeds max_unit (%d).' % (
                       resource_class, values['min_unit'],
                       values['max_unit']))
    return values


def get(context, uuid):
    return db.get(context, uuid)


def check_not_in_use(session, provider, wanted):
    """A class in use may not leave the provider's inventory."""
    check_none_in_use(session, {provider: wanted})


def check_none_in_use(session, wanted):
    """``check_not_in_use`` of each {provider row: its new inventory}, in
    one read."""
    if not wanted:
        return
    used = db.used_of_many(session, [row.id for row in wanted])
    for row, inventory in wanted.items():
        for resource_class, amount in used[row.id].items():
            if amount and resource_class not in inventory:
                raise exception.InventoryInUse(
                    resource_class=resource_class, uuid=row.uuid)


def set_all(context, uuid, generation, records, reserved_can_be_total=True):
    """Make the provider's inventory exactly ``records``: (new generation,
    {class: inventory}). Checked as Placement checks: the generation,
    then the classes, then each record's capacity."""
    return retry.write(_set_all, context, uuid, generation, records,
                       reserved_can_be_total)


@engine.writer
def _set_all(context, uuid, generation, records, reserved_can_be_total):
    session = context.session
    provider = _checked_provider(session, uuid, generation)
    _check_classes(context, uuid, records)
    inventories = {rc: normalized(rc, record, reserved_can_be_total, uuid)
                   for rc, record in records.items()}
    check_not_in_use(session, provider, inventories)
    generation = write(session, provider, inventories)
    return generation, db.of(session, provider.id)


def set_one(context, uuid, generation, resource_class, record,
            reserved_can_be_total=True):
    """Add or change one class: (new generation, its inventory)."""
    return retry.write(_set_one, context, uuid, generation,
                       resource_class, record, reserved_can_be_total)


@engine.writer
def _set_one(context, uuid, generation, resource_class, record,
             reserved_can_be_total):
    session = context.session
    provider = _checked_provider(session, uuid, generation)
    _check_classes(context, uuid, [resource_class])
    values = normalized(resource_class, record, reserved_can_be_total,
                        uuid)
    inventories = db.of(session, provider.id)
    inventories[resource_class] = values
    return write(session, provider, inventories), values


def delete_one(context, uuid, generation, resource_class):
    return retry.write(_delete_one, context, uuid, generation,
                       resource_class)


@engine.writer
def _delete_one(context, uuid, generation, resource_class):
    session = context.session
    provider = _checked_provider(session, uuid, generation)
    inventories = db.of(session, provider.id)
    if resource_class not in inventories:
        raise exception.NotFound(
            message='No inventory of class %s found for delete'
                    % resource_class)
    del inventories[resource_class]
    check_not_in_use(session, provider, inventories)
    return write(session, provider, inventories)


def delete_all(context, uuid, generation):
    return set_all(context, uuid, generation, {})


def _check_classes(context, uuid, names):
    """After the generation (a stale one is answered first, as Placement
    does): every class exists."""
    resource_classes.check_known(
        context, names, said_as='Unknown resource class in inventory for '
                                'resource provider %s: ' % uuid)


def _checked_provider(session, uuid, generation):
    provider = providers_db.get_row(session, uuid)
    providers.check_generation(provider, generation)
    return provider


def write(session, provider, inventories):
    """Replace the rows and move the provider on: its new generation."""
    db.replace(session, provider.id, inventories)
    return providers_db.bump_generation(session, provider.id,
                                        provider.generation, provider.uuid)
