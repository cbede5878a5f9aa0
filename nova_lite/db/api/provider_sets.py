# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a provider is tagged with, as sets replaced whole under its
generation: its traits and the aggregates it belongs to."""
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models

# kind -> (model, column holding the member)
KINDS = {'traits': (models.ProviderTrait, 'trait'),
         'aggregates': (models.ProviderAggregate, 'aggregate')}


def _of(session, kind, provider_id):
    """The provider's members, sorted."""
    return sorted(of_ids(session, kind, [provider_id])[provider_id])


@engine.reader
def get(context, kind, uuid):
    """(provider generation, sorted members)."""
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
    """{provider id: its set} of the providers named, in one read."""
    model, column = KINDS[kind]
    found = {provider_id: set() for provider_id in provider_ids}
    for provider_id, member in session.execute(
            sa.select(model.resource_provider_id, getattr(model, column))
            .where(model.resource_provider_id.in_(list(provider_ids)))):
        found[provider_id].add(member)
    return found


def replace_many(session, kind, wanted):
    """Make each provider's set exactly ``wanted[provider id]``: one
    DELETE and one INSERT for them all."""
    model, column = KINDS[kind]
    session.execute(sa.delete(model).where(
        model.resource_provider_id.in_(list(wanted))))
    session.add_all([model(resource_provider_id=provider_id,
                           **{column: member})
                     for provider_id, members in wanted.items()
                     for member in sorted(set(members))])
    session.flush()


def replace(session, kind, provider_id, members):
    """Make the provider's set exactly ``members``."""
    replace_many(session, kind, {provider_id: members})
