# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Traits: standard ones (os-traits) and CUSTOM_* ones; a provider's set."""
import functools
import re

from nova_lite.db.api import resource_classes as db
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.placement import custom_names
from nova_lite.placement import provider_sets

CUSTOM_NAME = re.compile(r'^CUSTOM_[A-Z0-9_]+$')
_LONGEST = 255
# Custom traits this process has seen exist; only ``ensure_all`` trusts
# it.
_SEEN = set()
engine.forget_on_switch(_SEEN.clear)


@functools.lru_cache(maxsize=1)
def standard():
    """os-traits' names; imported on first use, as it loads a module per
    namespace and a process that never looks at traits need not."""
    import os_traits
    return frozenset(os_traits.get_traits())


def all_names(context):
    return sorted(standard()) + db.custom_traits(context)


def associated(context):
    """Names of the traits at least one provider has."""
    return db.associated_traits(context)


def exists(context, name):
    return name in standard() or name in db.custom_traits(context)


def check_known(context, names, said_as=''):
    """Raise a 400 naming the traits that do not exist, after
    ``said_as`` (what the caller was reading)."""
    unknown = set(names) - standard()
    if unknown:
        missing = sorted(unknown - set(db.custom_traits(context)))
        if missing:
            raise exception.PlacementBadRequest(
                detail='%sNo such trait(s): %s.' % (said_as,
                                                    ', '.join(missing)))


def ensure(context, name):
    """Create a custom trait unless it exists: True if it was created."""
    if not CUSTOM_NAME.match(name) or len(name) > _LONGEST:
        raise exception.PlacementBadRequest(
            detail='The trait is invalid. A valid trait must be no longer '
                   'than 255 characters, start with the prefix "CUSTOM_" '
                   'and use following characters: "A"-"Z", "0"-"9" and '
                   '"_"')
    try:
        db.create_trait(context, name)
    except exception.TraitExists:
        return False  # there already, or created meanwhile by another
    return True


def ensure_all(context, names):
    """The custom traits among ``names`` exist, created if not: no read
    at all when this process has seen them all (a trait a provider has
    cannot be deleted)."""
    custom_names.ensure_all(context, names, standard(), _SEEN,
                            db.custom_traits, ensure)


def delete(context, name):
    if name in standard():
        raise exception.PlacementBadRequest(
            detail='Cannot delete standard trait %s.' % name)
    db.delete_trait(context, name)
    _SEEN.discard(name)


def of_provider(context, uuid):
    return provider_sets.get(context, 'traits', uuid)


def set_for_provider(context, uuid, generation, names):
    check_known(context, names)
    return provider_sets.replace(context, 'traits', uuid, generation,
                                 names)
