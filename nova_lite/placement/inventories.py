"""Inventory records: Placement's defaults and rules, then the write.

A record needs ``total``; ``reserved`` (0), ``min_unit`` (1),
``max_unit`` (total), ``step_size`` (1) and ``allocation_ratio`` (1.0)
default. Reserved may not pass total, min_unit may not pass max_unit.

Writes run again in a new transaction after a deadlock: InnoDB's gap
locks make two providers' inventories, replaced at once (two computes
starting together), deadlock now and then.
"""
from nova_lite.db.api import inventories as db
from nova_lite import exception
from nova_lite.placement import resource_classes
from nova_lite.placement import retry


def normalized(resource_class, record):
    values = {'total': int(record['total']),
              'reserved': int(record.get('reserved', 0)),
              'min_unit': int(record.get('min_unit', 1)),
              'step_size': int(record.get('step_size', 1)),
              'allocation_ratio': float(record.get('allocation_ratio', 1.0))}
    values['max_unit'] = int(record.get('max_unit', values['total']))
    if values['reserved'] > values['total']:
        raise exception.PlacementBadRequest(
            detail='Unable to update inventory for resource class %s: '
                   'reserved (%d) exceeds total (%d).' % (
                       resource_class, values['reserved'], values['total']))
    if values['min_unit'] > values['max_unit']:
        raise exception.PlacementBadRequest(
            detail='Unable to update inventory for resource class %s: '
                   'min_unit (%d) exceeds max_unit (%d).' % (
                       resource_class, values['min_unit'],
                       values['max_unit']))
    return values


def get(context, uuid):
    return db.get(context, uuid)


def set_all(context, uuid, generation, records):
    resource_classes.check_known(context, records)
    inventories = {rc: normalized(rc, record)
                   for rc, record in records.items()}
    return retry.write(db.set_all, context, uuid, generation, inventories)


def set_one(context, uuid, generation, resource_class, record):
    resource_classes.check_known(context, [resource_class])
    values = normalized(resource_class, record)
    return retry.write(db.set_one, context, uuid, generation,
                       resource_class, values), values


def delete_one(context, uuid, generation, resource_class):
    return retry.write(db.delete_one, context, uuid, generation,
                       resource_class)


def delete_all(context, uuid, generation):
    return retry.write(db.set_all, context, uuid, generation, {})
