# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host ports for real guests' serial consoles, from ``[serial_console]
port_range``.

A port is free if no domain of the libvirtd has it, no spawn in this
process has just taken it (defined, its domain will say so), and it
binds on the console address now (no other program holds it).
"""
import socket
import threading

from nova_lite import exception

_lock = threading.Lock()
_taken = set()


def port_range(text):
    """``min:max`` as the ports it spans."""
    low, high = (int(part) for part in text.split(':'))
    return range(low, high + 1)


def _binds(address, port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((address, port))
        except OSError:
            return False
    return True


def acquire(address, ports, in_use):
    """A free port of ``ports`` on ``address``, held for the caller until
    release(); SocketPortRangeExhausted if there is none."""
    with _lock:
        for port in ports:
            if (port not in in_use and (address, port) not in _taken and
                    _binds(address, port)):
                _taken.add((address, port))
                return port
    raise exception.SocketPortRangeExhausted(host=address)


def release(address, port):
    """The port is the domain's now (or no one's): stop holding it."""
    with _lock:
        _taken.discard((address, port))
