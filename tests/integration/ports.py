# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Free TCP ports on loopback for the servers the tests start."""
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
