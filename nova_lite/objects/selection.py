# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Selection: one host the scheduler picked, as returned to the conductor.

``allocation_request`` (JSON, {provider uuid: {class: amount}}) is what
placement would allocate on that host when the request reaches beyond
its root provider (numbered request groups); the conductor claims it when
it falls back to this host.
"""
from oslo_serialization import jsonutils

from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class Selection(base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: allocation_request
    VERSION = '1.1'

    fields = {
        'service_host': fields.StringField(),
        'nodename': fields.StringField(),
        'compute_node_uuid': fields.UUIDField(),
        'weight': fields.FloatField(default=0.0),
        'allocation_request': fields.StringField(nullable=True,
                                                 default=None),
    }

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            primitive.pop('allocation_request', None)

    @classmethod
    def from_host_state(cls, host_state, weight=0.0, allocations=None):
        return cls(service_host=host_state.host,
                   nodename=host_state.nodename,
                   compute_node_uuid=host_state.uuid, weight=weight,
                   allocation_request=jsonutils.dumps(allocations)
                   if allocations else None)

    def allocations(self):
        """{provider uuid: resources}, or None for the root alone."""
        if not self.obj_attr_is_set('allocation_request') or \
                not self.allocation_request:
            return None
        return jsonutils.loads(self.allocation_request)
