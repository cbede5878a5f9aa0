# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-compute: the compute agent of one hypervisor host.

With no ``[database] connection`` (the normal case on a compute host), the
agent holds no database credentials at all: every object method it calls
runs on the conductor, over RPC.
"""
from oslo_log import log as logging

from nova_lite.cmd import daemon
from nova_lite.compute import manager
from nova_lite.compute import rpcapi
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import config
from nova_lite import context
from nova_lite.objects import base as objects_base
from nova_lite.objects import service as service_obj

LOG = logging.getLogger(__name__)


def _data_through_conductor(conf, stop):
    if conf.database.connection:
        LOG.warning('[database] connection is set: this compute writes to '
                    'the database itself instead of through the conductor')
        config.setup_database(conf)
        return
    conductor = conductor_rpcapi.ConductorAPI(conf)
    conductor.wait_until_ready(context.get_admin_context(), stop)
    objects_base.NovaLiteObject.indirection_api = conductor


def main():
    return daemon.run('nova-lite-compute', service_obj.COMPUTE_BINARY,
                      rpcapi.TOPIC,
                      lambda conf: manager.ComputeManager(conf, conf.host),
                      prepare=_data_through_conductor)
