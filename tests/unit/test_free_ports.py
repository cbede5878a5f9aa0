# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The free ports the tests and benchmarks give their daemons: never one
that an outgoing connection may take as its local end, never one taken
already, never the same twice."""
import socket

from nova_lite_tools import ports


def _ephemeral_low():
    with open('/proc/sys/net/ipv4/ip_local_port_range') as found:
        return int(found.read().split()[0])


def test_no_port_given_lies_where_connections_take_their_local_ends():
    given = [ports.free_port() for _ in range(200)]
    runs = [ports.free_ports(8) for _ in range(20)]
    assert max(given + [first + 7 for first in runs]) < _ephemeral_low()


def test_no_port_is_given_twice():
    given = [ports.free_port() for _ in range(500)]
    for first in (ports.free_ports(8) for _ in range(20)):
        given.extend(range(first, first + 8))
    for base in (ports.free_port_range(10) for _ in range(5)):
        given.extend(range(base, base + 11))
    assert len(given) == len(set(given))


def test_a_port_held_by_a_connection_is_not_given():
    """The local ends of a hundred connections, on ports out of the
    ones handed out, are never handed out again."""
    with socket.create_server(('127.0.0.1', 0)) as server:
        held = []
        for _ in range(100):
            client = socket.socket()
            client.bind(('127.0.0.1', ports.free_port()))
            client.connect(server.getsockname())
            held.append(client)
        taken = {client.getsockname()[1] for client in held}
        ports._handed_out.difference_update(taken)
        given = {ports.free_port() for _ in range(1500)}
        for client in held:
            client.close()
    assert not given & taken
