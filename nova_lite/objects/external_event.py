# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""InstanceExternalEvent: what another service tells of a server.

The network service says a server's port was plugged, changed or deleted
(``tag``: the port's id), through ``POST /os-server-external-events``; the
API hands each event to the compute of the server's host, which wakes the
build or move waiting for it or acts on it.
"""
from nova_lite.objects import base
from nova_lite.objects import fields

NETWORK_CHANGED = 'network-changed'
VIF_PLUGGED = 'network-vif-plugged'
VIF_UNPLUGGED = 'network-vif-unplugged'
VIF_DELETED = 'network-vif-deleted'
# The names each microversion takes, as the compute API's schemas list
# them (from the version named).
NAMES_SINCE = (
    ('2.1', (NETWORK_CHANGED, VIF_PLUGGED, VIF_UNPLUGGED, VIF_DELETED)),
    ('2.51', ('volume-extended',)),
    ('2.76', ('power-update',)),
    ('2.82', ('accelerator-request-bound',)),
)
ALL_NAMES = tuple(name for _since, names in NAMES_SINCE for name in names)
STATUSES = ('failed', 'completed', 'in-progress')
COMPLETED = 'completed'
FAILED = 'failed'


@base.NovaLiteObjectRegistry.register
class InstanceExternalEvent(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'instance_uuid': fields.UUIDField(),
        'name': fields.EnumField(ALL_NAMES),
        'status': fields.EnumField(STATUSES, default=COMPLETED),
        'tag': fields.StringField(nullable=True, default=None),
    }

    @property
    def key(self):
        """What a waiter names the event by: its name and tag."""
        return '%s-%s' % (self.name, self.tag) if self.tag else self.name
