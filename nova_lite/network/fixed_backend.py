# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The fixed networks as a network backend: there is no network service,
so a create names no network or port (``auto`` or ``none`` only), and a
server's addresses are allocated with its claim (compute.vnics), not
made or freed apart from it."""
from nova_lite import exception


class FixedBackend:

    managed = True  # the control plane allocates the addresses itself

    def __init__(self, conf):
        self.conf = conf

    def resolve(self, context, asked):
        if isinstance(asked, list) and asked:
            raise exception.Invalid(
                message='This deployment has no network service: boot with '
                        "networks 'none' or 'auto' (microversion 2.37 and "
                        'later) or with no networks.')
        return None

    def allocate(self, context, instance, requests, host):
        return []

    def ports_of(self, instance_uuid):
        return []

    def port(self, port_id):
        return None

    def bind_to(self, context, instance, host):
        pass

    def deallocate(self, context, instance):
        pass

    def refresh(self, context, instance, port_id=None):
        pass
