# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Free TCP ports on loopback for the daemons that the tests and the
benchmarks start.

They are taken below the kernel's ephemeral range. A port the kernel
hands out itself (a bind to port 0) is one it may hand out again, before
the daemon binds it, as the local end of an outgoing connection: a lab's
schedulers, conductors and computes hold a hundred connections to the
database and the broker as its API starts, on the even ports that
``connect`` prefers, and a listener given one of those cannot start. A
port is also never handed out twice by one process, so that two daemons
of one test are not given the same port before either has bound it.
"""
import random
import socket

# Single ports and short runs come from here (below: the ports of
# well-known services, the machine's own databases and broker), long
# runs for a cluster's nodes from above, so that neither crowds out the
# other over a session of tests.
_LOWEST = 10000
_RUNS_FROM = 20000
_handed_out = set()


def _ephemeral_low():
    with open('/proc/sys/net/ipv4/ip_local_port_range') as ports:
        return int(ports.read().split()[0])


def _bindable(port):
    with socket.socket() as sock:
        try:
            sock.bind(('127.0.0.1', port))
        except OSError:
            return False
    return True


def _take(candidates, count, apart_from=()):
    """The first of ``count`` consecutive ports from a start drawn from
    ``candidates``, all free now and none handed out or in
    ``apart_from``."""
    avoided = _handed_out | set(apart_from)
    for _attempt in range(1000):
        first = random.choice(candidates)
        wanted = set(range(first, first + count))
        if not wanted & avoided and all(map(_bindable, wanted)):
            _handed_out.update(wanted)
            return first
    raise RuntimeError('no %d free consecutive ports from %d to %d' % (
        count, candidates[0], candidates[-1] + count - 1))


def free_ports(count, apart_from=()):
    """The first of ``count`` free ports one after the other, none of
    them in ``apart_from``."""
    highest = min(_RUNS_FROM, _ephemeral_low()) - count
    return _take(range(_LOWEST, highest), count, apart_from)


def free_port():
    return free_ports(1)


def free_port_range(count):
    """A base port whose next ``count`` ports are free (the base itself
    is not wanted), below 29000: a RabbitMQ node's distribution port is
    its own port + 20000."""
    return _take(range(_RUNS_FROM, 29000), count + 1)
