# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Client side of the scheduler's RPC API.

Version history:

* 1.0 - Initial version: select_destinations
"""
import oslo_messaging as messaging

from nova_lite import rpc

TOPIC = 'scheduler'


class SchedulerAPI:

    VERSION = '1.0'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        if version_cap is None:
            version_cap = conf.upgrade_levels.scheduler
        self.client = rpc.get_client(conf, target, version_cap=version_cap)

    def select_destinations(self, context, spec_obj, max_hosts):
        """A list of Selections: the chosen host first, then alternates."""
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'select_destinations', spec_obj=spec_obj,
                          max_hosts=max_hosts)
