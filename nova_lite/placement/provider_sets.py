# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a provider is tagged with (its traits, the aggregates it belongs
to), replaced whole under the generation the client read."""
from oslo_db import api as oslo_db_api

from nova_lite.db.api import provider_sets as db
from nova_lite.db.api import resource_providers as providers_db
from nova_lite.db import engine
from nova_lite.placement import providers

# Placement's words for a stale generation of a provider's traits or
# aggregates (its inventories' are shorter).
STALE = ("Resource provider's generation already changed. Please update "
         "the generation and try again.")


def get(context, kind, uuid):
    """(provider generation, its members: traits sorted, aggregates in the
    order placement first heard of each)."""
    return db.get(context, kind, uuid)


def _as_answered(kind, members):
    """The set written, as Placement answers it: aggregates in the order
    they were sent, traits sorted."""
    if kind == 'aggregates':
        return list(dict.fromkeys(members))
    return sorted(set(members))


def replace(context, kind, uuid, generation, members):
    """Make the set exactly ``members``: (new generation, the set);
    ``generation`` None skips the check and leaves the generation where
    it is (the aggregates call before API 1.19, as Placement has it)."""
    if kind == 'aggregates':
        db.number(context, members)
    return _replace(context, kind, uuid, generation, members)


# Concurrent writers of different providers' sets can deadlock on
# MariaDB's gap locks; the whole write is tried again, as oslo.db does.
@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
@engine.writer
def _replace(context, kind, uuid, generation, members):
    session = context.session
    provider = providers_db.get_row(session, uuid)
    providers.check_generation(provider, generation, STALE)
    db.replace(session, kind, provider.id, members)
    written = _as_answered(kind, members)
    if generation is None:
        return provider.generation, written
    return providers_db.bump_generation(session, provider.id,
                                        provider.generation, uuid), written
