# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MariaDB (a server of the test's own) restarted in the middle of a
burst of boots, under the API, conductor, scheduler and computes on
RabbitMQ: the API answers 202 (a transaction the outage broke runs again)
or a 503 that asks to retry (never a 500),
every server it took ends ACTIVE or ERROR, placement agrees with them,
and once the database is back the same processes boot again without a
restart of their own. A metrics scrape with the database stopped answers
at once all the same."""
import threading
import time
import uuid

from prometheus_client import parser
import pytest
import requests
import sqlalchemy as sa

from nova_lite_tools import ports
from tests.integration import outages
from tests.integration import private_mariadb

pytestmark = pytest.mark.integration

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
BOOTS = 16


def _restart(server, outage):
    """Stopped as an operator stops it, started again after a short
    outage, seen by requests and builds alike; ``outage``: when it was
    stopped and when it was back."""
    server.stop()
    outage.append(time.monotonic())
    time.sleep(1)
    server.start()
    outage.append(time.monotonic())


@pytest.fixture
def mariadb(tmp_path):
    """A MariaDB of the test's own, which it stops and starts; the
    machine's is never touched."""
    server = private_mariadb.PrivateMariaDB(
        str(tmp_path / 'mariadb'), ports.free_port()).install().start()
    yield server
    server.remove()


def _database(mariadb):
    """A database for nova_lite on the private server: its URL."""
    admin = sa.create_engine(mariadb.admin_url, poolclass=sa.pool.NullPool)
    with admin.connect() as conn:
        conn.exec_driver_sql('CREATE DATABASE nova_lite')
    admin.dispose()
    return mariadb.url('nova_lite')


def test_a_database_restart_mid_burst_loses_nothing(all_in_one, overrides,
                                                    mariadb):
    overrides('transport_url', RABBIT)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    overrides('build_timeout', 20, group='conductor')
    aio = all_in_one(hosts=2, database=_database(mariadb))
    api = aio.client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                     'ram': 256, 'vcpus': 1,
                                     'disk': 1}})
    outage, sent = [], []
    restart = threading.Thread(target=_restart, args=(mariadb, outage))
    taken, answers = [], set()
    for i in range(BOOTS):
        if i == 3:
            restart.start()
        posted = time.monotonic()
        status, body = api.post('/servers', {'server': {
            'name': 'd%d' % i, 'flavorRef': 'm1'}})
        sent.append((posted, time.monotonic()))
        answers.add(status)
        if status == 202:
            taken.append(body['server']['id'])
        else:
            assert status == 503, body
            assert 'Try again' in body['serviceUnavailable']['message']
        time.sleep(0.2)
    restart.join()
    # Most wait out the outage (their transactions run again once the
    # server is back), so a 503 is not needed to show the burst met it.
    assert [posted for posted, answered in sent
            if posted <= outage[1] and answered >= outage[0]], (
        'the burst never met the outage')
    states = outages.wait_final(api, taken, timeout=120)
    outages.assert_placement_agrees(aio, states)
    # The same processes, reconnected, boot again.
    status, body = api.post('/servers', {'server': {
        'name': 'after', 'flavorRef': 'm1'}})
    assert status == 202, body
    assert api.wait_server(body['server']['id'])['status'] == 'ACTIVE'
    all_in_one.stop(aio)


def _scrape(aio):
    """{(name, labels): value} of one scrape, read with prometheus_client's
    parser, and how long it took."""
    started = time.monotonic()
    answer = requests.get('http://127.0.0.1:%d/metrics' % aio.metrics.port,
                          timeout=10)
    took = time.monotonic() - started
    assert answer.status_code == 200, answer.text
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in parser.text_string_to_metric_families(answer.text)
            for sample in family.samples}, took


def test_metrics_are_scraped_while_the_database_is_away(all_in_one,
                                                        overrides, mariadb):
    """A scrape with the database stopped answers at once with every
    figure but the servers per state (which it cannot count); they are
    back once the database is."""
    overrides('enabled', True, group='metrics')
    overrides('port', 0, group='metrics')
    aio = all_in_one(hosts=1, database=_database(mariadb))
    aio.client.create_flavor('m1', flavor_id='m1')
    assert aio.client.boot('m1')['status'] == 'ACTIVE'
    active = ('nova_lite_servers', (('vm_state', 'active'),))
    booted = ('nova_lite_api_requests_total', (
        ('api', 'compute'), ('method', 'POST'), ('route', '/servers'),
        ('status', '202')))
    # The request counts are the process's (earlier tests' too).
    before, _ = _scrape(aio)
    assert before[active] == 1 and before[booted] >= 1
    mariadb.stop()
    try:
        samples, took = _scrape(aio)
        assert took < 1, took
        assert samples[booted] == before[booted]
        assert not [key for key in samples if key[0] == 'nova_lite_servers']
    finally:
        mariadb.start()
    deadline = time.monotonic() + 30
    while _scrape(aio)[0].get(active) != 1:
        assert time.monotonic() < deadline, 'servers per state not back'
        time.sleep(0.5)
    all_in_one.stop(aio)
