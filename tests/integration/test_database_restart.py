# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MariaDB restarted in the middle of a burst of boots, under the API,
conductor, scheduler and computes on RabbitMQ: the API answers 202 or a
503 that asks to retry (never a 500), every server it took ends ACTIVE
or ERROR, placement agrees with them, and once the database is back the
same processes boot again without a restart of their own."""
import socket
import subprocess
import threading
import time
import uuid

import pytest

from tests.integration import databases
from tests.integration import outages

pytestmark = pytest.mark.integration

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
BOOTS = 16


def _port_open(port):
    try:
        socket.create_connection(('127.0.0.1', port), 1).close()
        return True
    except OSError:
        return False


def _wait_port(port, is_open, timeout=120):
    deadline = time.monotonic() + timeout
    while _port_open(port) != is_open:
        assert time.monotonic() < deadline, 'port %d never %s' % (
            port, 'opened' if is_open else 'closed')
        time.sleep(0.2)


def _restart_mariadb():
    """The way this machine runs it: stopped by mysqladmin, started again
    by start-stop-daemon (the command the README's CI uses)."""
    subprocess.run(['mysqladmin', '-uroot', '-h127.0.0.1', 'shutdown'],
                   check=True, capture_output=True, timeout=120)
    _wait_port(3306, False)
    time.sleep(1)  # a short outage, seen by requests and builds alike
    subprocess.run(['start-stop-daemon', '--start', '--oknodo',
                    '--background', '--exec', '/usr/sbin/mariadbd'],
                   check=True, capture_output=True, timeout=60)
    _wait_port(3306, True)


def test_a_database_restart_mid_burst_loses_nothing(all_in_one, overrides,
                                                    tmp_path):
    overrides('transport_url', RABBIT)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    overrides('build_timeout', 20, group='conductor')
    with databases.fresh_database('mysql', tmp_path) as url:
        aio = all_in_one(hosts=2, database=url)
        api = aio.client
        api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                         'ram': 256, 'vcpus': 1,
                                         'disk': 1}})
        restart = threading.Thread(target=_restart_mariadb)
        taken, answers = [], set()
        for i in range(BOOTS):
            if i == 3:
                restart.start()
            status, body = api.post('/servers', {'server': {
                'name': 'd%d' % i, 'flavorRef': 'm1'}})
            answers.add(status)
            if status == 202:
                taken.append(body['server']['id'])
            else:
                assert status == 503, body
                assert 'Try again' in body['serviceUnavailable']['message']
            time.sleep(0.2)
        restart.join()
        assert 503 in answers, 'the burst never met the outage'
        states = outages.wait_final(api, taken, timeout=120)
        outages.assert_placement_agrees(aio, states)
        # The same processes, reconnected, boot again.
        status, body = api.post('/servers', {'server': {
            'name': 'after', 'flavorRef': 'm1'}})
        assert status == 202, body
        assert api.wait_server(body['server']['id'])['status'] == 'ACTIVE'
        all_in_one.stop(aio)
