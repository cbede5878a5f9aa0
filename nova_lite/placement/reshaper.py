# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /reshaper (Placement 1.30): inventories and allocations moved
together, in one transaction.

The listed consumers' allocations go first, then the listed providers get
their new inventories (a class may leave a provider only if no one else
still uses it there), then the consumers' new allocations are written
with the usual checks. Either all of it holds or none of it is written.
"""
from nova_lite.db.api import allocations as allocations_db
from nova_lite.db.api import resource_providers as providers_db
from nova_lite.db import engine
from nova_lite.placement import allocations
from nova_lite.placement import inventories
from nova_lite.placement import providers
from nova_lite.placement import resource_classes
from nova_lite.placement import retry


def reshape(context, inventory_sets, requests):
    """``inventory_sets``: {provider uuid: (generation, {class: record})};
    ``requests`` as ``allocations.replace`` takes them."""
    names = {rc for _g, records in inventory_sets.values()
             for rc in records}
    names |= {rc for request in requests
              for resources in request['allocations'].values()
              for rc in resources}
    resource_classes.check_known(context, names)
    normalized = {uuid: (generation, {
        rc: inventories.normalized(rc, r, uuid=uuid)
        for rc, r in records.items()})
        for uuid, (generation, records) in inventory_sets.items()}
    retry.write(_reshape, context, normalized, requests)


@engine.writer
def _reshape(context, inventory_sets, requests):
    session = context.session
    uuids = [r['consumer']['uuid'] for r in requests]
    emptied = allocations_db.provider_ids_of(session, uuids)
    allocations_db.delete_of(session, uuids)
    reshaped = set()
    for uuid, (generation, records) in sorted(inventory_sets.items()):
        provider = providers_db.get_row(session, uuid)
        providers.check_generation(provider, generation)
        inventories.check_not_in_use(session, provider, records)
        inventories.write(session, provider, records)
        reshaped.add(provider.id)
    allocations_db.note_freed(session, emptied - reshaped)
    # The swaps above wrote new generations behind the loaded rows' back.
    session.expire_all()
    allocations.write(session, requests)
