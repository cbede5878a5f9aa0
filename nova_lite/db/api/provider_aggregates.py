"""The aggregates a provider belongs to: replaced as a set."""
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models

PA = models.ProviderAggregate


def _of(session, provider_id):
    return sorted(session.scalars(sa.select(PA.aggregate).where(
        PA.resource_provider_id == provider_id)))


@engine.reader
def get(context, uuid):
    provider = providers.get_row(context.session, uuid)
    return provider.generation, _of(context.session, provider.id)


@engine.writer
def replace(context, uuid, generation, aggregates):
    """``generation`` None skips the check (the 1.1 form of the call)."""
    session = context.session
    provider = providers.get_row(session, uuid)
    providers.check_generation(provider, generation)
    session.execute(sa.delete(PA).where(PA.resource_provider_id ==
                                        provider.id))
    session.add_all([PA(resource_provider_id=provider.id, aggregate=a)
                     for a in sorted(set(aggregates))])
    session.flush()
    return providers.bump_generation(session, provider.id,
                                     provider.generation, uuid), \
        _of(session, provider.id)
