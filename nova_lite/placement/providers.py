"""Resource providers, as the placement API and the services see them,
and the rules their writes obey: the generation a client names, a tree
that only grows (no un-parenting, re-parenting or loop) and a provider
that goes only when nothing is allocated on it and it has no children.
"""
from nova_lite.db.api import resource_providers as db
from nova_lite.db import engine
from nova_lite import exception


def create(context, uuid, name, parent_uuid=None):
    return db.create(context, uuid, name, parent_uuid)


def get(context, uuid):
    return db.get(context, uuid)


def get_all(context, name=None, uuid=None, in_tree=None):
    return db.get_all(context, name=name, uuid=uuid, in_tree=in_tree)


def check_generation(provider, given):
    """A write names the generation it read (None: no check); a stale
    one is a 409."""
    if given is not None and provider.generation != given:
        raise exception.ResourceProviderGenerationConflict(
            uuid=provider.uuid, current=provider.generation, given=given)


@engine.writer
def update(context, uuid, name, parent_uuid=None, generation=None):
    session = context.session
    provider = db.get_row(session, uuid)
    check_generation(provider, generation)
    parent = _checked_parent(session, provider, parent_uuid)
    db.rename(session, provider, name, parent)
    db.bump_generation(session, provider.id, provider.generation, uuid)
    return db.as_dict(session, provider)


def _checked_parent(session, provider, parent_uuid):
    """A provider may get a parent, keep it, or (not) change it."""
    current = provider.parent_provider_id
    if parent_uuid is None:
        if current is not None:
            raise exception.PlacementBadRequest(
                detail='Un-parenting a provider is not allowed.')
        return None
    parent = db.get_row(session, parent_uuid)
    if parent.root_provider_id == provider.root_provider_id and (
            current is None or parent.id == provider.id):
        raise exception.PlacementBadRequest(
            detail='Creating a loop in the provider tree is not allowed.')
    if current is not None and current != parent.id:
        raise exception.PlacementBadRequest(
            detail='Re-parenting a provider is not allowed.')
    return parent


@engine.writer
def delete(context, uuid):
    session = context.session
    provider = db.get_row(session, uuid)
    allocations, children = db.holds(session, provider.id)
    if allocations:
        raise exception.ResourceProviderInUse(
            uuid=uuid, reason='it has allocations')
    if children:
        raise exception.ResourceProviderInUse(
            uuid=uuid, reason='it has child providers')
    db.delete_row(session, provider)
