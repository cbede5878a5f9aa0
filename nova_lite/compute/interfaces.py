# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's ports attached and detached while it lives (os-interface).

An attach makes or takes the port, binds it to this host and records it
(the network backend), then plugs it into the guest (the driver); if the
plugging fails the port is freed again and the attach fails as Nova's
does (InterfaceAttachFailed). A detach unplugs the port from the guest,
then takes it off the server's records and frees it. Each is recorded as
an event of the request's action.
"""
from oslo_log import log as logging

from nova_lite import exception

LOG = logging.getLogger(__name__)


class Interfaces:

    def __init__(self, driver, operations, network):
        self.driver = driver
        self.operations = operations
        self.network = network

    @property
    def host(self):
        return self.operations.host

    def attach(self, context, instance, request):
        with self.operations.recorded(context, instance,
                                      'compute_attach_interface'):
            vif = self.network.attach(context, instance, request, self.host)
            try:
                self.driver.attach_interface(context, instance, vif)
            except Exception as e:
                LOG.warning('attaching port %s to %s failed: %s', vif.uuid,
                            instance.uuid, e)
                self.network.detach(context, instance, vif.uuid)
                raise exception.InterfaceAttachFailed(
                    instance_uuid=instance.uuid)
            return vif

    def detach(self, context, instance, port_id):
        with self.operations.recorded(context, instance,
                                      'compute_detach_interface'):
            vif = next((v for v in instance.vifs if v.uuid == port_id), None)
            if vif is None:
                LOG.info('port %s is not %s\'s any more', port_id,
                         instance.uuid)
                return
            self.driver.detach_interface(context, instance, vif)
            self.network.detach(context, instance, port_id)
