# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A RabbitMQ node of the benchmark's own: a run measured apart from
what else uses the machine's broker.

The all-in-one's compute agents share one broker connection
(nova_lite_tools/rpc_fleet.py), so 1,000 of them no longer need a broker that
admits more than the usual soft limit of 1024 open files allows (about
830 sockets); the node (nova_lite_tools.private_broker) still raises its
limit, for other runs with many connections. It runs on free ports and is
stopped and removed when the run ends.
"""
import common
from nova_lite_tools import private_broker
from nova_lite_tools import rabbit_node


class PrivateBroker(private_broker.PrivateBroker):

    def __init__(self):
        super().__init__('nova-lite-bench', common.free_port(),
                         common.free_port())

    def start(self):
        try:
            return super().start()
        except rabbit_node.NodeError as e:
            raise SystemExit('--private-broker: the private broker did not '
                             'start: %s' % e)
