# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""NetworkRequest: one entry of a create's ``networks``, as the network
service backend resolved it at the API.

A port the user made (``port_id``; its network then known too), or a
network to make a port on (``network_id``, with the fixed ``address``
asked for, if one was); ``tag`` is the device tag (2.32+). ``networks:
auto`` is resolved to the one network the project may use.
"""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class NetworkRequest(base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: resource_request, owned, outbound_rate, inbound_rate
    VERSION = '1.1'

    fields = {
        'network_id': fields.StringField(nullable=True, default=None),
        'port_id': fields.StringField(nullable=True, default=None),
        'address': fields.StringField(nullable=True, default=None),
        'tag': fields.StringField(nullable=True, default=None),
        # The security groups (ids) a port made for it is in; None: the
        # project's default, as the service gives it.
        'security_groups': fields.ListOfStringsField(nullable=True,
                                                     default=None),
        # The given port's ``resource_request`` (a QoS policy's minimum
        # bandwidth, as the service says it), None if it asks for none.
        'resource_request': fields.JSONDictField(nullable=True,
                                                 default=None),
        # A port made for the server before it was scheduled (a resource
        # plugin's vNIC with guaranteed bandwidth): its delete deletes it.
        'owned': fields.BooleanField(default=False),
        # What such a vNIC's guest is shaped to, kbit/s (0: not shaped).
        'outbound_rate': fields.IntegerField(default=0),
        'inbound_rate': fields.IntegerField(default=0),
    }

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            for name in ('resource_request', 'owned', 'outbound_rate',
                         'inbound_rate'):
                primitive.pop(name, None)

    def __init__(self, context=None, **kwargs):
        super().__init__(context, **kwargs)
        self.obj_set_defaults()

    @classmethod
    def from_body(cls, entry):
        """From one entry of the create's ``networks`` list."""
        return cls(network_id=entry.get('uuid'), port_id=entry.get('port'),
                   address=entry.get('fixed_ip'), tag=entry.get('tag'))
