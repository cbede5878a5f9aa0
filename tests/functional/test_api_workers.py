# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-api with ``[api] workers``: several processes answer on the
same ports; one that dies is replaced; SIGTERM stops them all."""
import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import time

import requests

from tests.conftest import child_pids

BIN = os.path.dirname(sys.executable)
TOKEN = {'X-Auth-Token': 'admin:admin'}
CONFIG = """[DEFAULT]
transport_url = fake://
state_path = {dir}
[database]
connection = sqlite:///{dir}/db.sqlite
[api]
port = 0
workers = 3
[placement]
port = 0
[image]
enabled = false
"""


def _eventually(check, timeout=30):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.2)


def _port(log_path, group):
    with open(log_path) as log:
        found = re.search(r'%s on http://127\.0\.0\.1:(\d+)/.* \(3 worker '
                          r'processes\)' % group, log.read())
    return found and int(found.group(1))


def test_three_api_workers_share_the_ports_and_are_replaced(tmp_path):
    config_file = tmp_path / 'api.conf'
    config_file.write_text(CONFIG.format(dir=tmp_path))
    subprocess.run([os.path.join(BIN, 'nova-lite-manage'), '--config-file',
                    str(config_file), 'db', 'sync'], check=True,
                   capture_output=True)
    log_path = tmp_path / 'api.log'
    with open(log_path, 'w') as log:
        api = subprocess.Popen([os.path.join(BIN, 'nova-lite-api'),
                                '--config-file', str(config_file)],
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        _eventually(lambda: _port(log_path, 'nova-lite-placement'))
        base = 'http://127.0.0.1:%d' % _port(log_path, 'compute API')
        _eventually(lambda: len(child_pids(api.pid)) == 3)
        first = child_pids(api.pid)

        # A flavor made through one worker is seen by every request
        # after it, whichever worker takes it (one database).
        made = requests.post(base + '/v2.1/flavors', headers=TOKEN, json={
            'flavor': {'name': 'w1', 'ram': 64, 'vcpus': 1, 'disk': 1}},
            timeout=30)
        assert made.status_code == 200, made.text
        with concurrent.futures.ThreadPoolExecutor(12) as pool:
            answers = list(pool.map(lambda _: requests.get(
                base + '/v2.1/flavors', headers=TOKEN, timeout=30),
                range(36)))
        assert {a.status_code for a in answers} == {200}
        assert all([f['name'] for f in a.json()['flavors']] == ['w1']
                   for a in answers)
        placement = requests.get('http://127.0.0.1:%d/' % _port(
            log_path, 'nova-lite-placement'), timeout=30)
        assert placement.json()['versions'][0]['id'] == 'v1.0'

        os.kill(first[0], signal.SIGKILL)
        _eventually(lambda: len(child_pids(api.pid)) == 3 and
                    first[0] not in child_pids(api.pid))
        assert set(first[1:]) < set(child_pids(api.pid))
        again = requests.get(base + '/v2.1/flavors', headers=TOKEN,
                             timeout=30)
        assert again.status_code == 200
        workers = child_pids(api.pid)
    finally:
        api.send_signal(signal.SIGTERM)
        assert api.wait(timeout=60) == 0
    assert not [pid for pid in workers if os.path.exists('/proc/%d' % pid)]
