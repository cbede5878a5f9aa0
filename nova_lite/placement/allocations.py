# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Allocations: what each consumer uses of which providers, and the rules
every write of them obeys.

``replace`` writes the allocations of one or more consumers all or
nothing in one transaction: their old allocations go, every new amount is
checked against the provider's inventory (min/max/step, and capacity
``(total - reserved) * allocation_ratio`` against what is used once the
old ones are gone), a consumer's generation is checked when the client
sent one, and every provider touched moves on a generation with a
compare-and-swap. A concurrent writer makes that swap fail
(ConcurrentUpdate) and the whole transaction roll back; it runs again in
a new transaction (``retry``), never inside the failed one.
"""
from nova_lite.db.api import allocations as db
from nova_lite.db.api import resource_providers as providers_db
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.placement import resource_classes
from nova_lite.placement import retry


def replace(context, requests, before=None):
    """Write each consumer's allocations, replacing what it had.

    ``requests``: [{'consumer': {uuid, project_id, user_id,
    generation ('any' to skip the check), consumer_type},
    'allocations': {provider uuid: {resource class: amount}}}].
    ``before``: called with the session first thing in the write's
    transaction (each attempt's), to lock and check what else the write
    must hold to; what it raises ends the write.
    """
    names = {rc for request in requests
             for resources in request['allocations'].values()
             for rc in resources}
    resource_classes.check_known(context, names, seen=True)
    retry.write(_replace, context, requests, before)


@engine.writer
def _replace(context, requests, before=None):
    if before is not None:
        before(context.session)
    write(context.session, requests)


def write(session, requests):
    """``replace``'s write, in the caller's transaction."""
    uuids = [r['consumer']['uuid'] for r in requests]
    consumers = db.consumer_rows(session, uuids)
    # A stale consumer generation is answered first, as Placement does.
    for request in requests:
        _check_generation(request['consumer'],
                          consumers.get(request['consumer']['uuid']))
    touched = set()
    if consumers:  # new consumers have nothing to replace
        touched = db.provider_ids_of(session, list(consumers))
        db.delete_of(session, list(consumers))
    wanted = _wanted_by_provider(requests)
    rows = _providers(session, list(wanted))
    # The generations read before the usage is: the swaps below must
    # compare against these, never against a fresh read.
    expected = {row.id: (row.generation, row.uuid) for row in rows.values()}
    _check_capacity(session, rows, wanted)
    for request in requests:
        _write_consumer(session, request['consumer'],
                        consumers.get(request['consumer']['uuid']))
    db.insert(session, [
        {'resource_provider_id': rows[p].id,
         'consumer_id': request['consumer']['uuid'],
         'resource_class': rc, 'used': amount}
        for request in requests
        for p, resources in request['allocations'].items()
        for rc, amount in resources.items()])
    # Providers that only lose allocations keep their generation, as in
    # Placement (nothing at stake).
    db.note_freed(session, touched - set(expected))
    for provider_id, (generation, uuid) in sorted(expected.items()):
        providers_db.bump_generation(session, provider_id, generation, uuid)
    db.drop_consumers(session, [r['consumer']['uuid'] for r in requests
                                if not r['allocations']])


def _wanted_by_provider(requests):
    wanted = {}
    for request in requests:
        for provider_uuid, resources in request['allocations'].items():
            per_class = wanted.setdefault(provider_uuid, {})
            for resource_class, amount in resources.items():
                per_class[resource_class] = per_class.get(
                    resource_class, 0) + amount
    return wanted


def _providers(session, uuids):
    """{uuid: row} of the providers named, or InvalidAllocation naming
    the first that does not exist."""
    rows = db.provider_rows(session, uuids)
    for uuid in uuids:
        if uuid not in rows:
            raise exception.InvalidAllocation(
                detail="Allocation for resource provider '%s' that does "
                       "not exist." % uuid)
    return rows


def _check_capacity(session, rows, wanted):
    """Every provider of ``rows`` ({uuid: row}) can take what ``wanted``
    ({uuid: {class: amount}}) puts on it; read for all at once."""
    inventory, used = db.inventories_and_use(
        session, [row.id for row in rows.values()])
    for uuid, per_class in wanted.items():
        provider = rows[uuid]
        for resource_class, amount in per_class.items():
            inv = inventory[provider.id].get(resource_class)
            _check_amount(uuid, resource_class, amount, inv)
            if used[provider.id].get(resource_class, 0) + amount > \
                    db.capacity(inv['total'], inv['reserved'],
                                inv['allocation_ratio']):
                raise exception.CapacityExceeded(
                    resource_class=resource_class, uuid=uuid)


def _check_amount(uuid, resource_class, amount, inventory):
    if inventory is None:
        raise exception.AllocationRefused(
            detail="Unable to allocate inventory: Inventory for "
                   "'%s' on resource provider '%s' invalid."
                   % (resource_class, uuid))
    if not (inventory['min_unit'] <= amount <= inventory['max_unit']) or \
            amount % inventory['step_size']:
        raise exception.AllocationRefused(
            detail="Unable to allocate inventory: Unable to create "
                   "allocation for '%s' on resource provider '%s'. The "
                   "requested amount would violate inventory constraints."
                   % (resource_class, uuid))


def _check_generation(consumer, row):
    """The generation the client sent is the consumer's (None: it has
    none yet; 'any': not checked, before API 1.28)."""
    sent = consumer.get('generation', 'any')
    if sent == 'any':
        return
    if row is None and sent is not None:
        raise exception.ConsumerGenerationConflict(expected='null',
                                                   got=sent)
    if row is not None and sent != row.generation:
        raise exception.ConsumerGenerationConflict(
            expected=row.generation, got='null' if sent is None else sent)


def _write_consumer(session, consumer, row):
    """Create (``row`` None) or move on the consumer."""
    if row is None:
        db.insert_consumer(session, consumer)
        return
    db.move_consumer(session, row, consumer)


def delete(context, consumer_uuid):
    retry.write(_delete, context, consumer_uuid)


@engine.writer
def _delete(context, consumer_uuid):
    """Drop the consumer's allocations (NotFound if it has none)."""
    session = context.session
    touched = db.provider_ids_of(session, [consumer_uuid])
    if not touched:
        raise exception.NotFound(
            message='No allocations for consumer \'%s\'' % consumer_uuid)
    db.delete_of(session, [consumer_uuid])
    db.note_freed(session, touched)
    db.drop_consumers(session, [consumer_uuid])


def for_consumer(context, consumer_uuid):
    return db.get_for_consumer(context, consumer_uuid)


def for_provider(context, provider_uuid):
    return db.get_for_provider(context, provider_uuid)


def consumers_on_each(context, provider_uuids):
    return db.consumers_on_each(context, provider_uuids)


def consumers_on_each_tree(context, root_uuids):
    return db.consumers_on_each_tree(context, root_uuids)


def usages_of_provider(context, provider_uuid):
    return db.usages_of_provider(context, provider_uuid)


def usages_of_project(context, project_id, user_id=None,
                      consumer_type=None):
    return db.usages_of_project(context, project_id, user_id, consumer_type)


def usages_by_consumer_type(context, project_id, user_id=None,
                            consumer_type=None):
    return db.usages_by_consumer_type(context, project_id, user_id,
                                      consumer_type)
