# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Free TCP ports on loopback for the servers the tests start."""
import socket


def free_port():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]
