"""The traits of a provider: replaced as a set, under its generation."""
import sqlalchemy as sa

from nova_lite.db.api import resource_providers as providers
from nova_lite.db import engine
from nova_lite.db import models

PT = models.ProviderTrait


def _of(session, provider_id):
    return sorted(session.scalars(sa.select(PT.trait).where(
        PT.resource_provider_id == provider_id)))


@engine.reader
def get(context, uuid):
    provider = providers.get_row(context.session, uuid)
    return provider.generation, _of(context.session, provider.id)


@engine.writer
def replace(context, uuid, generation, traits):
    session = context.session
    provider = providers.get_row(session, uuid)
    providers.check_generation(provider, generation)
    session.execute(sa.delete(PT).where(PT.resource_provider_id ==
                                        provider.id))
    session.add_all([PT(resource_provider_id=provider.id, trait=t)
                     for t in sorted(set(traits))])
    session.flush()
    return providers.bump_generation(session, provider.id,
                                     provider.generation, uuid), \
        _of(session, provider.id)
