"""The aggregates a provider belongs to."""
from nova_lite.db.api import provider_aggregates as db


def of_provider(context, uuid):
    return db.get(context, uuid)


def set_for_provider(context, uuid, generation, aggregates):
    return db.replace(context, uuid, generation, aggregates)
