# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-conductor: the conductor daemon."""
from nova_lite.cmd import daemon
from nova_lite.conductor import manager
from nova_lite.conductor import rpcapi


def main():
    return daemon.run('nova-lite-conductor', 'nova-lite-conductor',
                      rpcapi.TOPIC,
                      lambda conf: manager.ConductorManager(conf, conf.host))
