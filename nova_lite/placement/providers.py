# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
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


def check_generation(provider, given, message=None):
    """A write names the generation it read (None: no check); a stale
    one is a 409 (in ``message``'s words, if given)."""
    if given is not None and provider.generation != given:
        raise exception.ResourceProviderGenerationConflict(
            message=message, uuid=provider.uuid,
            current=provider.generation, given=given)


KEEP = object()  # a PUT that does not name a parent keeps it


@engine.writer
def update(context, uuid, name, parent_uuid=KEEP, may_move=False):
    """Rename the provider and, if ``parent_uuid`` is given, give it that
    parent (None: none). Before API 1.37 (``may_move`` False) a provider
    may only gain a parent; from it, it may change or lose one. The
    generation is not moved (it counts inventory and allocation
    changes)."""
    session = context.session
    provider = db.get_row(session, uuid)
    if parent_uuid is not KEEP:
        _move(session, provider, parent_uuid, may_move)
    db.rename(session, provider, name)
    return db.as_dict(session, provider)


def _refuse(uuid, reason, action='update'):
    raise exception.PlacementBadRequest(
        detail='Unable to save resource provider %s: Object action %s '
               'failed because: %s' % (uuid, action, reason))


def _move(session, provider, parent_uuid, may_move):
    current = provider.parent_provider_id
    if parent_uuid is None:
        if current is not None and not may_move:
            _refuse(provider.uuid, 'Un-parenting a provider is not allowed.')
        db.move(session, provider, None)
        return
    parent = db.find_row(session, parent_uuid)
    if parent is None:
        _refuse(provider.uuid, 'parent provider UUID does not exist.',
                'create')
    if parent.id in db.subtree_ids(session, provider):
        _refuse(provider.uuid,
                'creating loop in the provider tree is not allowed.')
    if current is not None and current != parent.id and not may_move:
        _refuse(provider.uuid, 'Re-parenting a provider is not allowed.')
    db.move(session, provider, parent)


@engine.writer
def delete(context, uuid):
    session = context.session
    provider = db.get_row(session, uuid)
    allocations, children = db.holds(session, provider.id)
    if allocations:
        raise exception.ResourceProviderInUse(
            uuid=uuid, reason='Resource provider has allocations.')
    if children:
        raise exception.ResourceProviderHasChildren(uuid=uuid)
    db.delete_row(session, provider)
