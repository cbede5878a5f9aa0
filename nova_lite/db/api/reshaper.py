"""POST /reshaper (Placement 1.30): inventories and allocations moved
together, in one transaction.

The listed consumers' allocations go first, then the listed providers get
their new inventories (a class may leave a provider only if no one else
still uses it there), then the consumers' new allocations are written
with the usual checks. Either all of it holds or none of it is written.
"""
import sqlalchemy as sa

from nova_lite.db.api import allocations
from nova_lite.db.api import inventories
from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models


@engine.writer
def reshape(context, inventory_sets, requests):
    """``inventory_sets``: {provider uuid: (generation, {class: record})};
    ``requests`` as ``allocations.replace`` takes them."""
    session = context.session
    uuids = [r['consumer']['uuid'] for r in requests]
    emptied = allocations._old_provider_ids(session, uuids)
    session.execute(sa.delete(models.Allocation).where(
        models.Allocation.consumer_id.in_(uuids)))
    reshaped = set()
    for uuid, (generation, records) in sorted(inventory_sets.items()):
        provider = providers.get_row(session, uuid)
        providers.check_generation(provider, generation)
        inventories._check_not_in_use(session, provider, records)
        inventories._replace(session, provider, records)
        providers.bump_generation(session, provider.id, provider.generation,
                                  uuid)
        reshaped.add(provider.id)
    allocations._bump_all(session, emptied - reshaped)
    # The swaps above wrote new generations behind the loaded rows' back.
    session.expire_all()
    allocations.replace(context, requests)
