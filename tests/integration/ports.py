# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Free TCP ports on loopback for the servers the tests start."""
import random
import socket


def free_port():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


def free_ports(count, apart_from=()):
    """``count`` free ports, one after the other, none of them in
    ``apart_from``: the first."""
    while True:
        first = free_port()
        wanted = range(first, first + count)
        if set(wanted) & set(apart_from):
            continue
        try:
            held = [_bound(port) for port in wanted]
        except OSError:
            continue
        for sock in held:
            sock.close()
        return first


def _bound(port):
    sock = socket.socket()
    try:
        sock.bind(('127.0.0.1', port))
    except OSError:
        sock.close()
        raise
    return sock


def free_port_range(count):
    """A base port whose next ``count`` ports are free, below the
    ephemeral range (a RabbitMQ node's distribution port is its own
    port + 20000)."""
    for _attempt in range(50):
        base = random.randrange(20000, 29000)
        try:
            held = [_bound(port) for port in range(base + 1,
                                                   base + count + 1)]
        except OSError:
            continue
        for sock in held:
            sock.close()
        return base
    raise AssertionError('no free port range')
