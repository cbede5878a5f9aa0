# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Resource classes: the standard ones (os-resource-classes) and CUSTOM_*
ones operators create."""
import re

import os_resource_classes as orc

from nova_lite.db.api import resource_classes as db
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.placement import custom_names

CUSTOM_NAME = re.compile(r'^CUSTOM_[A-Z0-9_]+$')
# Custom classes this process has seen exist. Only allocations trust it
# (``check_known(..., seen=True)``): a class deleted meanwhile has no
# inventory left, so an allocation of it is refused there anyway.
_SEEN = set()
engine.forget_on_switch(_SEEN.clear)


def all_names(context):
    return list(orc.STANDARDS) + db.custom_classes(context)


# How a query's unknown class is introduced (providers, candidates).
IN_RESOURCES_PARAMETER = 'Invalid resource class in resources parameter: '


def check_known(context, names, seen=False, said_as=''):
    """Raise a 400 naming the first class that does not exist, after
    ``said_as`` (what the caller was reading, in Placement's words); with
    ``seen``, classes known to have existed are not looked up again."""
    unknown = set(names) - set(orc.STANDARDS) - (_SEEN if seen else set())
    if unknown:
        custom = set(db.custom_classes(context))
        _SEEN.update(custom)
        missing = sorted(unknown - custom)
        if missing:
            raise exception.PlacementBadRequest(
                detail='%sNo such resource class %s.' % (said_as,
                                                         missing[0]))


def exists(context, name):
    return name in orc.STANDARDS or name in db.custom_classes(context)


def create(context, name):
    if not CUSTOM_NAME.match(name):
        raise exception.PlacementBadRequest(
            detail='Resource class name %s must start with CUSTOM_ and '
                   'hold only A-Z, 0-9 and _.' % name)
    db.create_class(context, name)


def ensure(context, name):
    """Create a custom class unless it exists: True if it was created."""
    if name in orc.STANDARDS:
        raise exception.PlacementBadRequest(
            detail='Cannot update standard resource class %s.' % name)
    if exists(context, name):
        return False
    try:
        create(context, name)
    except exception.ResourceClassExists:
        return False
    return True


def ensure_all(context, names):
    """The custom classes among ``names`` exist, created if not: no read
    at all when this process has seen them all (a class a provider's
    inventory holds cannot be deleted)."""
    custom_names.ensure_all(context, names, orc.STANDARDS, _SEEN,
                            db.custom_classes, ensure)


def delete(context, name):
    if name in orc.STANDARDS:
        raise exception.PlacementBadRequest(
            detail='Error in delete resource class: Cannot delete '
                   'standard resource class %s.' % name)
    db.delete_class(context, name)
    _SEEN.discard(name)


def rename(context, name, new_name):
    """API 1.2-1.6: a custom class takes a new (custom) name."""
    if name in orc.STANDARDS:
        raise exception.PlacementBadRequest(
            detail='Cannot update standard resource class %s' % name)
    try:
        db.rename_class(context, name, new_name)
    except exception.ResourceClassExists:
        raise exception.ResourceClassExists(
            name=new_name, message='Resource class already exists: %s'
            % new_name)
    _SEEN.discard(name)
