# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the benchmarks share: free ports, and a nova_lite daemon started
on a fresh state directory and waited for."""
import http.client
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

_PORTS_FROM = 20000


def free_port():
    """A free port below the kernel's ephemeral range: a port the kernel
    hands out itself may be taken, before the daemon binds it, as the
    local end of one of the daemon's own outgoing connections (a thousand
    agents open as many to the broker while they start)."""
    with open('/proc/sys/net/ipv4/ip_local_port_range') as ports:
        ephemeral_low = int(ports.read().split()[0])
    while True:
        port = random.randrange(_PORTS_FROM, ephemeral_low)
        with socket.socket() as sock:
            try:
                sock.bind(('127.0.0.1', port))
            except OSError:
                continue
            return port


def _answers(port):
    try:
        conn = http.client.HTTPConnection('127.0.0.1', port, timeout=1)
        conn.request('GET', '/')
        conn.getresponse().read()
        return True
    except OSError:
        return False


def start_daemon(binary, config, port, sync=True, prepare=None,
                 timeout=60):
    """Start ``binary`` with ``config`` (its ``{state}`` filled in) once
    the schema is in place and ``prepare(state)`` has run; return the
    process and the state directory when ``port`` answers."""
    state = tempfile.mkdtemp(prefix='nova-lite-bench-')
    config_file = os.path.join(state, 'bench.conf')
    with open(config_file, 'w') as out:
        out.write(config.format(state=state))
    bindir = os.path.dirname(sys.executable)
    if sync:
        subprocess.run([os.path.join(bindir, 'nova-lite-manage'),
                        '--config-file', config_file, 'db', 'sync'],
                       check=True, capture_output=True)
    if prepare is not None:
        prepare(state)
    log = open(os.path.join(state, 'daemon.log'), 'w')
    process = subprocess.Popen([os.path.join(bindir, binary),
                                '--config-file', config_file],
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if _answers(port):
            return process, state
        time.sleep(0.1)
    process.terminate()
    raise SystemExit('%s did not start; see %s' % (binary, log.name))
