# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What every versioned notification is made of: a payload, a versioned
object serialized as Nova's are (``nova_object.name``, ``.version``,
``.data``, in the ``nova`` namespace, so that the consumers of Nova's
notifications read ours), and the envelope oslo.messaging sends it in:
``event_type`` (``<object>.<action>[.<phase>]``), ``publisher_id``
(``<source>:<host>``) and the priority.
"""
from oslo_versionedobjects import base as ovo_base
from oslo_versionedobjects import exception as ovo_exception

from nova_lite import exception
from nova_lite.notifications import sender

INFO, ERROR = 'INFO', 'ERROR'


class NotificationObject(ovo_base.VersionedObject):
    """A payload, or a part of one."""

    OBJ_SERIAL_NAMESPACE = 'nova_object'
    OBJ_PROJECT_NAMESPACE = 'nova'

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Made on the fly: that every field changed says nothing.
        self.obj_reset_changes(recursive=False)


class NotificationPayloadBase(NotificationObject):
    """A payload filled from its sources by ``SCHEMA``: {payload field:
    (source name, the source's attribute)}."""

    SCHEMA = {}

    def populate_schema(self, **sources):
        for field, (source, attribute) in self.SCHEMA.items():
            setattr(self, field, value_of(sources[source], attribute))
        self.obj_reset_changes(recursive=True)


def value_of(source, attribute):
    """The source's attribute, loaded if it can be; None if it is not
    set and cannot be (a field of a partial object)."""
    try:
        return getattr(source, attribute)
    except (exception.NovaLiteException, NotImplementedError,
            ovo_exception.OrphanedObjectError):
        return None


def event_type(obj, action, phase=None):
    return '.'.join(part for part in (obj, action, phase) if part)


def emit(conf, context, obj, action, phase, payload, source, host,
         priority=INFO):
    """Publish ``payload`` as ``<obj>.<action>.<phase>`` from
    ``source`` on ``host`` (without waiting: ``sender``)."""
    sending = sender.get(conf)
    if not sending.enabled():
        return
    sending.send(context, '%s:%s' % (source, host),
                 event_type(obj, action, phase), priority,
                 payload.obj_to_primitive())


def enabled(conf):
    """Whether a versioned notification would be sent: callers skip
    building a payload otherwise."""
    return sender.get(conf).enabled()


def legacy_enabled(conf):
    """Whether a legacy (unversioned) notification would be sent."""
    return sender.get(conf).enabled(sender.LEGACY)


def emit_legacy(conf, context, event_type, payload, service, host,
                priority=INFO):
    """Publish the dict ``payload`` as the legacy ``event_type`` from
    ``service`` on ``host`` (``<service>.<host>``, as Nova's legacy
    publishers are named)."""
    sending = sender.get(conf)
    if sending.enabled(sender.LEGACY):
        sending.send(context, '%s.%s' % (service, host), event_type,
                     priority, payload, sender.LEGACY)
