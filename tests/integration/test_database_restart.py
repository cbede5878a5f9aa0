# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MariaDB (a server of the test's own) restarted in the middle of a
burst of boots, under the API, conductor, scheduler and computes on
RabbitMQ: the API answers 202 or a 503 that asks to retry (never a 500),
every server it took ends ACTIVE or ERROR, placement agrees with them,
and once the database is back the same processes boot again without a
restart of their own."""
import threading
import time
import uuid

import pytest
import sqlalchemy as sa

from tests.integration import outages
from tests.integration import ports
from tests.integration import private_mariadb

pytestmark = pytest.mark.integration

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
BOOTS = 16


def _restart(server):
    """Stopped as an operator stops it, started again after a short
    outage, seen by requests and builds alike."""
    server.stop()
    time.sleep(1)
    server.start()


@pytest.fixture
def mariadb(tmp_path):
    """A MariaDB of the test's own, which it stops and starts; the
    machine's is never touched."""
    server = private_mariadb.PrivateMariaDB(
        str(tmp_path / 'mariadb'), ports.free_port()).install().start()
    yield server
    server.remove()


def test_a_database_restart_mid_burst_loses_nothing(all_in_one, overrides,
                                                    mariadb):
    overrides('transport_url', RABBIT)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    overrides('build_timeout', 20, group='conductor')
    admin = sa.create_engine(mariadb.admin_url, poolclass=sa.pool.NullPool)
    with admin.connect() as conn:
        conn.exec_driver_sql('CREATE DATABASE nova_lite')
    admin.dispose()
    aio = all_in_one(hosts=2, database=mariadb.url('nova_lite'))
    api = aio.client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                     'ram': 256, 'vcpus': 1,
                                     'disk': 1}})
    restart = threading.Thread(target=_restart, args=(mariadb,))
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
