# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-network-service run: Neutron and a chassis up around a
command (what ``make run-neutron`` runs the all-in-one with), the
command's exit status passed on, and nothing of the service left once
it ends."""
import os
import subprocess
import sys

import pytest

from nova_lite_tools import ports

pytestmark = pytest.mark.integration

# The command run beside the service: Neutron lists the host's chassis.
CHECK = """import sys, requests
agents = requests.get(sys.argv[1] + '/v2.0/agents', timeout=10, headers={
    'X-Auth-Token': 'admin:admin'}).json()['agents']
sys.exit(0 if [a['host'] for a in agents if a['alive']] == ['sim-host-1']
         else 3)
"""


def _namespaces():
    out = subprocess.run(['ip', 'netns', 'list'], capture_output=True,
                         text=True, check=True).stdout
    return {line.split()[0] for line in out.splitlines() if line}


def test_run_brings_the_service_up_around_a_command(tmp_path):
    port = ports.free_port()
    before = _namespaces()
    binary = os.path.join(os.path.dirname(sys.executable),
                          'nova-lite-network-service')
    done = subprocess.run(
        [binary, 'run', '--state-dir', str(tmp_path / 'network'),
         '--hosts', '1', '--port', str(port), '--',
         sys.executable, '-c', CHECK, 'http://127.0.0.1:%d' % port],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'Neutron at http://127.0.0.1:%d' % port in done.stdout
    assert _namespaces() == before
    pids = tmp_path / 'network'
    alive = subprocess.run(['pgrep', '-f', str(pids)], capture_output=True,
                           text=True).stdout.split()
    assert alive == []
    failed = subprocess.run(
        [binary, 'run', '--state-dir', str(tmp_path / 'again'), '--hosts',
         '1', '--port', str(port), '--', sys.executable, '-c',
         'import sys; sys.exit(7)'], capture_output=True, text=True,
        timeout=300)
    assert failed.returncode == 7, failed.stderr
