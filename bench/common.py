# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the benchmarks share: free ports, and a nova_lite daemon started
on a fresh state directory and waited for."""
import http.client
import os
import subprocess
import sys
import tempfile
import time

from nova_lite_tools import ports

# Below the kernel's ephemeral range (why: nova_lite_tools.ports).
free_port = ports.free_port


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
