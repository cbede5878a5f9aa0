# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite-all-in-one`` as a newcomer runs it: it starts on a fresh
state directory, answers, and stops on SIGTERM, its log free of errors."""
import os
import re
import signal
import subprocess
import sys
import time

import requests

BIN = os.path.dirname(sys.executable)


def _wait_ready(log_path, process, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(r'compute API on (http://\S+/v2\.1)',
                          log_path.read_text())
        if found:
            return found.group(1)
        assert process.poll() is None, log_path.read_text()
        time.sleep(0.1)
    raise AssertionError('not ready: %s' % log_path.read_text())


def test_a_fresh_start_and_stop_log_no_error(tmp_path):
    config = tmp_path / 'aio.conf'
    config.write_text(
        '[DEFAULT]\nstate_path = %s\n[api]\nport = 0\n[placement]\n'
        'port = 0\n[image]\nport = 0\n[all_in_one]\nsimulated_hosts = 2\n'
        % (tmp_path / 'state'))
    log_path = tmp_path / 'aio.log'
    with open(log_path, 'w') as log:
        process = subprocess.Popen(
            [os.path.join(BIN, 'nova-lite-all-in-one'), '--config-file',
             str(config)], stdout=log, stderr=subprocess.STDOUT)
    try:
        url = _wait_ready(log_path, process)
        hosts = requests.get(url + '/os-hypervisors', headers={
            'X-Auth-Token': 'admin:admin'}, timeout=10).json()
        assert len(hosts['hypervisors']) == 2
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(60)
    log = log_path.read_text()
    assert code == 0, log
    assert ' ERROR ' not in log and 'Traceback' not in log, log


def test_a_config_files_state_path_wins_over_the_environment(tmp_path):
    """``make run`` exports NOVA_LITE_STATE_DIR=./var; a process given a
    config file of its own (a test's, a benchmark's) keeps its state
    where that file says, and the user's ./var stays untouched."""
    exported, configured = tmp_path / 'var', tmp_path / 'own'
    exported.mkdir()
    config = tmp_path / 'own.conf'
    config.write_text('[DEFAULT]\nstate_path = %s\n' % configured)
    manage = os.path.join(BIN, 'nova-lite-manage')
    env = dict(os.environ, NOVA_LITE_STATE_DIR=str(exported))
    subprocess.run([manage, '--config-file', str(config), 'db', 'sync'],
                   env=env, check=True, capture_output=True)
    assert (configured / 'nova_lite.sqlite').exists()
    assert list(exported.iterdir()) == []
    # Without a state_path of its own, the exported one is the default.
    subprocess.run([manage, 'db', 'sync'], env=env, check=True,
                   capture_output=True, cwd=tmp_path)
    assert (exported / 'nova_lite.sqlite').exists()
