# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab's own RabbitMQ cluster (``--rabbit-nodes N``): N nodes on this
machine (rabbit_node), each on a port of its own, listening on loopback
and on the controller's lab address; every service is given every node
in its ``transport_url`` and declares its queues as quorum queues, which
live on all nodes and outlast the loss of one."""
import json
import os
import time

from nova_lite_tools.lab import processes
from nova_lite_tools import rabbit_node

START_TIMEOUT = 120
# The nodes' files: where the rabbitmq user can reach them (a lab's state
# directory may sit below one only root can enter).
HOME = '/var/lib/nova-lite/rabbit'

# Given to every service of a lab on a cluster.
QUORUM = """
[oslo_messaging_rabbit]
rabbit_quorum_queue = true
"""


def process_name(index):
    return 'rabbit-%d' % index


def nodes(layout):
    names = [_node_name(layout, i) for i in range(1, layout.rabbit_nodes + 1)]
    return [rabbit_node.Node(
        names[i - 1], os.path.join(home(layout), 'node%d' % i),
        layout.rabbit_port + i, ('127.0.0.1', layout.controller_ip), names)
        for i in range(1, layout.rabbit_nodes + 1)]


def home(layout):
    return os.path.join(HOME, layout.name)


def _node_name(layout, index):
    return 'nl-%s-rabbit%d@localhost' % (layout.name, index)


def transport_url(layout, host):
    return 'rabbit://%s/' % ','.join(
        'guest:guest@%s:%d' % (host, node.port) for node in nodes(layout))


def start(layout):
    """Start the first node, then the others (which join it as they
    boot); return once all are running in one cluster. The names of
    their lab processes."""
    started = []
    members = nodes(layout)
    for index, node in enumerate(members, 1):
        node.prepare()
        processes.start(layout, process_name(index), node.argv(),
                        env=node.environment())
        started.append(process_name(index))
        if index == 1:
            _wait(layout, node, index)
    for index, node in enumerate(members[1:], 2):
        _wait(layout, node, index)
    _wait_clustered(members)
    return started


def _wait(layout, node, index):
    try:
        node.wait(lambda: process_name(index) in processes.running(layout),
                  START_TIMEOUT)
    except rabbit_node.NodeError as e:
        raise processes.StartError(str(e))


def running_nodes(node):
    answer = node.ctl('cluster_status', '--formatter', 'json')
    if answer.returncode:
        return []
    return json.loads(answer.stdout).get('running_nodes', [])


def _wait_clustered(members):
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if len(running_nodes(members[0])) == len(members):
            return
        time.sleep(1)
    raise processes.StartError('the RabbitMQ nodes did not form one '
                               'cluster: %s runs %s' % (
                                   members[0].name,
                                   running_nodes(members[0])))


def stop(layout):
    processes.stop(layout, [process_name(i) for i in range(
        layout.rabbit_nodes, 0, -1)], timeout=60)
