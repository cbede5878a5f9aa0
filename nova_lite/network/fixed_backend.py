# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The fixed networks as a network backend: there is no network service,
so a create names no network or port (``auto`` or ``none`` only), and a
server's addresses are allocated with its claim (compute.vnics), not
made or freed apart from it. Every server is in the one security group
there is, ``default``: adding or removing it changes nothing, any other
group is refused naming the missing service."""
import uuid

from nova_lite import exception
from nova_lite.network import DEFAULT_SECURITY_GROUP as DEFAULT_GROUP
DEFAULT_GROUP_ID = str(uuid.uuid5(uuid.NAMESPACE_URL,
                                  'nova-lite:security-group:default'))


class FixedBackend:

    managed = True  # the control plane allocates the addresses itself
    holds_bandwidth = False  # the resource plugins' providers do

    def __init__(self, conf):
        self.conf = conf

    def resolve(self, context, asked, security_groups=()):
        if isinstance(asked, list) and asked:
            raise exception.Invalid(
                message='This deployment has no network service: boot with '
                        "networks 'none' or 'auto' (microversion 2.37 and "
                        'later) or with no networks.')
        self.security_group_ids(context, security_groups)
        return None

    def security_group_ids(self, context, names):
        others = sorted({n for n in names or () if n != DEFAULT_GROUP})
        if others:
            raise exception.Invalid(
                message='Security group %s needs the network service, which '
                        'this deployment does not have: ask for no group or '
                        "for '%s'." % (', '.join(others), DEFAULT_GROUP))
        return None

    def server_security_groups(self, context, instance):
        """The default group, which every server is in (no rules: nothing
        filters its traffic)."""
        return [{'id': DEFAULT_GROUP_ID, 'name': DEFAULT_GROUP,
                 'description': 'Default security group',
                 'project_id': instance.project_id,
                 'security_group_rules': []}]

    def add_security_group(self, context, instance, name):
        self._only_default(name)

    def remove_security_group(self, context, instance, name):
        self._only_default(name)

    @staticmethod
    def _only_default(name):
        if name != DEFAULT_GROUP:
            raise exception.ServiceNotDeployed(
                what='Security group %s' % name, service='network')

    def allocate(self, context, instance, requests, host):
        return []

    def bandwidth_ports(self, context, instance, asks):
        return []  # the resource plugins hold guaranteed bandwidth

    def free_port(self, vif):
        pass  # no port: the address is freed with its record

    def resource_requests(self, context, instance):
        return {}  # no port asks placement for anything

    def ports_of(self, instance_uuid):
        return []

    def port(self, port_id):
        return None

    def bind_inactive(self, context, instance, host):
        pass  # no port

    def drop_inactive(self, context, instance, host):
        pass

    def bind_to(self, context, instance, host):
        return []  # no port to wait for

    def deallocate(self, context, instance, ending=True):
        pass

    def refresh(self, context, instance, port_id=None):
        pass
