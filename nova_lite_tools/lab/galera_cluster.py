# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab's own Galera cluster (``--galera N``): N MariaDB nodes on this
machine (galera_node), each on ports of its own, and HAProxy in front of
them, as OpenStack deployments put it: the control services connect to
HAProxy's port, which sends every connection to the first node while it
answers and to the next one when it does not (cutting the connections
to a node it marks down, so clients reconnect at once). Writing to one
node at a time keeps certification conflicts between nodes rare; those
that come are deadlocks to the client, retried as oslo.db retries
them."""
import os
import socket
import time

from nova_lite_tools import galera_node
from nova_lite_tools.lab import processes

START_TIMEOUT = 120
FRONT = 'galera-front'
# The nodes' files: where the mysql user can reach them (a lab's state
# directory may sit below one only root can enter).
HOME = '/var/lib/nova-lite/galera'
HAPROXY = """global
    maxconn 4000
defaults
    mode tcp
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    # A connection refused by a node not marked down yet is tried on
    # the next.
    retries 3
    option redispatch
listen galera
    bind 127.0.0.1:{port}
    option tcplog
    default-server inter 500ms fall 2 rise 4 on-marked-down shutdown-sessions
{servers}
"""


def process_name(index):
    return 'galera-%d' % index


def home(layout):
    return os.path.join(HOME, layout.name)


def nodes(layout):
    ports = [layout.galera_port + i for i in range(1, layout.galera + 1)]
    return [galera_node.Node(
        'nl-%s-galera%d' % (layout.name, index),
        os.path.join(home(layout), 'node%d' % index), port, ports,
        'nl-%s' % layout.name) for index, port in enumerate(ports, 1)]


def front_port(layout):
    """Where the services reach the cluster: HAProxy's port."""
    return layout.galera_port


def start(layout):
    """The first node starts the cluster, the others join it (each is
    given its state by the first); HAProxy in front once all are synced.
    The names of their lab processes."""
    started = []
    members = nodes(layout)
    for index, node in enumerate(members, 1):
        node.prepare()
        processes.start(layout, process_name(index),
                        node.argv(bootstrap=index == 1))
        started.append(process_name(index))
        if index == 1:
            _wait(layout, node, index)
    for index, node in enumerate(members[1:], 2):
        _wait(layout, node, index)
    processes.start(layout, FRONT, ['haproxy', '-db', '-f',
                                    _write_front(layout, members)])
    _wait_front(layout)
    return started + [FRONT]


def _wait_front(layout):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(('127.0.0.1', front_port(layout)),
                                     1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise processes.StartError('HAProxy did not listen on %d; see %s' % (
        front_port(layout), layout.log(FRONT)))


def _write_front(layout, members):
    servers = '\n'.join(
        '    server %s 127.0.0.1:%d check%s' % (
            node.name, node.port, '' if index == 1 else ' backup')
        for index, node in enumerate(members, 1))
    path = os.path.join(layout.path('galera'), 'haproxy.cfg')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as out:
        out.write(HAPROXY.format(port=front_port(layout), servers=servers))
    return path


def _wait(layout, node, index):
    try:
        node.wait_synced(
            lambda: process_name(index) in processes.running(layout),
            START_TIMEOUT)
    except galera_node.NodeError as e:
        raise processes.StartError('%s (%s)' % (e, layout.log(
            process_name(index))))


def stop(layout):
    """HAProxy, then the nodes, the first last: it is the one the next
    start bootstraps from."""
    processes.stop(layout, [FRONT], timeout=5)
    processes.stop(layout, [process_name(i) for i in range(
        layout.galera, 0, -1)], timeout=60)
