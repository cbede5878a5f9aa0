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
    model, column = KINDS[kind]
    return sorted(session.scalars(sa.select(getattr(model, column)).where(
        model.resource_provider_id == provider_id)))


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


def replace(session, kind, provider_id, members):
    """Make the provider's set exactly ``members``; the set as written."""
    model, column = KINDS[kind]
    session.execute(sa.delete(model).where(
        model.resource_provider_id == provider_id))
    session.add_all([model(resource_provider_id=provider_id,
                           **{column: member})
                     for member in sorted(set(members))])
    session.flush()
    return _of(session, kind, provider_id)
