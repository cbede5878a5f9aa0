# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a provider is tagged with, as sets replaced whole under its
generation: its traits and the aggregates it belongs to.

Traits are listed sorted; aggregates in the order placement first heard
of each (placement_aggregates), as Placement lists them.
"""
from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models

# kind -> (model, column holding the member)
KINDS = {'traits': (models.ProviderTrait, 'trait'),
         'aggregates': (models.ProviderAggregate, 'aggregate')}


def _of(session, kind, provider_id):
    """The provider's members, in the order they are listed."""
    if kind == 'traits':
        return sorted(of_ids(session, kind, [provider_id])[provider_id])
    PA, known = models.ProviderAggregate, models.PlacementAggregate
    return list(session.scalars(
        sa.select(PA.aggregate).join(known, known.uuid == PA.aggregate)
        .where(PA.resource_provider_id == provider_id)
        .order_by(known.id)))


@oslo_db_api.wrap_db_retry(max_retries=5, retry_on_deadlock=True)
@engine.writer.independent
def _number_one(context, uuid):
    try:
        with context.session.begin_nested():
            context.session.add(models.PlacementAggregate(uuid=uuid))
    except db_exc.DBDuplicateEntry:
        pass  # numbered meanwhile by another writer: its number stands


def number(context, aggregates):
    """Number the aggregates placement has not heard of yet, in the order
    given, each in a transaction of its own: writers naming the same new
    aggregates in other orders never wait on each other's locks, and a
    failed write of the provider's set leaves harmless numbers behind."""
    aggregates = list(dict.fromkeys(aggregates))
    known = _known(context, aggregates)
    for uuid in aggregates:
        if uuid not in known:
            _number_one(context, uuid)


@engine.reader.independent
def _known(context, aggregates):
    return set(context.session.scalars(
        sa.select(models.PlacementAggregate.uuid).where(
            models.PlacementAggregate.uuid.in_(aggregates))))


@engine.reader
def get(context, kind, uuid):
    """(provider generation, its members in the order they are listed)."""
    provider = providers.get_row(context.session, uuid)
    return provider.generation, _of(context.session, kind, provider.id)


@engine.reader
def of_many(context, kind, uuids):
    """{provider uuid: its set} of the providers named (empty sets
    included)."""
    model, column = KINDS[kind]
    provider = models.ResourceProvider
    found = {uuid: set() for uuid in uuids}
    rows = context.session.execute(
        sa.select(provider.uuid, getattr(model, column))
        .join(model, model.resource_provider_id == provider.id)
        .where(provider.uuid.in_(list(uuids))))
    for uuid, member in rows:
        found[uuid].add(member)
    return found


def of_ids(session, kind, provider_ids):
    """{provider id: its set} of the providers named, in one read (none
    for no provider)."""
    model, column = KINDS[kind]
    found = {provider_id: set() for provider_id in provider_ids}
    if not found:
        return found
    for provider_id, member in session.execute(
            sa.select(model.resource_provider_id, getattr(model, column))
            .where(model.resource_provider_id.in_(list(provider_ids)))):
        found[provider_id].add(member)
    return found


def replace_many(session, kind, wanted, new=()):
    """Make each provider's set exactly ``wanted[provider id]``: one
    DELETE (of those not ``new``: ids of providers made in this
    transaction, which have none yet) and one INSERT for them all."""
    model, column = KINDS[kind]
    held = [provider_id for provider_id in wanted if provider_id not in new]
    if held:
        session.execute(sa.delete(model).where(
            model.resource_provider_id.in_(held)))
    rows = [{'resource_provider_id': provider_id, column: member}
            for provider_id, members in wanted.items()
            for member in sorted(set(members))]
    if rows:
        session.execute(sa.insert(model), rows)


def replace(session, kind, provider_id, members):
    """Make the provider's set exactly ``members``."""
    replace_many(session, kind, {provider_id: members})
