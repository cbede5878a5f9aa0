# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-scheduler: the scheduler daemon."""
from nova_lite.cmd import daemon
from nova_lite.scheduler import manager
from nova_lite.scheduler import rpcapi


def main():
    return daemon.run('nova-lite-scheduler', 'nova-lite-scheduler',
                      rpcapi.TOPIC,
                      lambda conf: manager.SchedulerManager(conf, conf.host))
