# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor runs object methods for services with no database.

A compute agent started without ``[database] connection`` sets the
conductor's RPC API as its objects' indirection API: each remotable method
then runs here, on the conductor's database, and its result and the
object's changed fields travel back. A peer that speaks older object
versions gets results backported to the versions it names, and a compute
of the release before that asks ``Instance.save`` for a claim's write
(Instance 1.8) has it done as ``ClaimWrite`` does it.
"""
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import versionutils
from oslo_versionedobjects import base as ovo_base

from nova_lite import exception
from nova_lite.objects import base as objects_base
from nova_lite.objects import claim_write

LOG = logging.getLogger(__name__)


# A field holding objects: sent back whatever the method did, as objects
# do not compare equal to their copies.
_SENT = object()


def _snapshot(objinst):
    """What ``_updates`` compares against: each set field's value, copied
    where it is plain data. Copying the object fields too (``obj_clone``)
    costs the conductor a deep copy of every instance it writes, for
    fields that are sent back in any case."""
    return {name: _copy_unless_objects(getattr(objinst, name))
            for name in objinst.fields if objinst.obj_attr_is_set(name)}


def _copy_unless_objects(value):
    """``value`` as plain data (a field's list or dict keeps a reference
    to its object: deep copying it copies the object), or ``_SENT``."""
    if isinstance(value, ovo_base.VersionedObject):
        return _SENT
    if isinstance(value, dict):
        items = {key: _copy_unless_objects(each)
                 for key, each in value.items()}
        return _SENT if _SENT in items.values() else items
    if isinstance(value, (list, tuple, set)):
        items = [_copy_unless_objects(each) for each in value]
        if any(each is _SENT for each in items):
            return _SENT
        if isinstance(value, set):
            return set(items)
        return tuple(items) if isinstance(value, tuple) else items
    return value  # a scalar: strings, numbers and times do not change


def _updates(before, after):
    """The fields a method changed, as primitives, plus what it left
    dirty; ``before``: the object's ``_snapshot`` before it."""
    updates = {}
    for name, field in after.fields.items():
        if not after.obj_attr_is_set(name):
            continue
        old = before.get(name, _SENT)
        if old is _SENT or old != getattr(after, name):
            updates[name] = field.to_primitive(after, name,
                                               getattr(after, name))
    updates['obj_what_changed'] = after.obj_what_changed()
    return updates


class ObjectIndirection:

    @messaging.expected_exceptions(exception.NovaLiteException)
    def object_class_action_versions(self, context, objname, objmethod,
                                     object_versions, args, kwargs):
        objclass = objects_base.NovaLiteObject.obj_class_from_name(
            objname, object_versions[objname])
        result = getattr(objclass, objmethod)(context, *args, **kwargs)
        if isinstance(result, objects_base.NovaLiteObject):
            return _as_caller_knows(result, object_versions)
        return result

    @messaging.expected_exceptions(exception.NovaLiteException)
    def object_action(self, context, objinst, objmethod, args, kwargs):
        before = _snapshot(objinst)
        if _claim_by_save(objinst, objmethod, kwargs):
            result = claim_write.from_instance_save(objinst, *args,
                                                    **kwargs).commit()
        else:
            result = getattr(objinst, objmethod)(*args, **kwargs)
        return _updates(before, objinst), result

    def object_backport_versions(self, context, objinst, object_versions):
        """A caller received ``objinst`` at a version it does not know
        (an older service during a rolling upgrade): its primitive at the
        caller's version."""
        return _as_caller_knows(objinst, object_versions)


def _claim_by_save(objinst, objmethod, kwargs):
    """Whether a compute of the release before (Instance 1.8) asks for a
    claim's write through ``Instance.save``."""
    return (objmethod == 'save' and objinst.obj_name() == 'Instance' and
            bool(set(kwargs) & _CLAIM_BY_SAVE))


_CLAIM_BY_SAVE = {'events', 'vifs', 'pools', 'node'}


def _as_caller_knows(obj, object_versions):
    """``obj``'s primitive at the caller's version of its class when
    that is older (never claiming a version the object does not have)."""
    name = obj.obj_name()
    wanted = object_versions.get(name, obj.VERSION)
    if versionutils.convert_version_to_tuple(wanted) >= \
            versionutils.convert_version_to_tuple(obj.VERSION):
        return obj.obj_to_primitive()
    LOG.debug('backported %s %s to %s for a service of an older release',
              name, obj.VERSION, wanted)
    return obj.obj_to_primitive(target_version=wanted,
                                version_manifest=object_versions)
