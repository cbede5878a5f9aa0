# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""RabbitMQ (a node of the test's own) restarted in the middle of a burst
of boots: every server ends ACTIVE or ERROR (never stuck in BUILD), and
placement holds exactly the allocations of the servers that are
ACTIVE."""
import threading
import time
import uuid

import pytest

from tests.integration import databases
from tests.integration import outages

pytestmark = pytest.mark.integration

BOOTS = 12


def _restart(broker):
    for action in ('stop_app', 'start_app'):
        broker.ctl(action)


def test_a_broker_restart_mid_burst_leaves_no_build_behind(
        all_in_one, overrides, tmp_path, private_broker):
    overrides('transport_url', private_broker.url)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    # A build whose message died with the broker is failed after this.
    overrides('build_timeout', 20, group='conductor')
    with databases.fresh_database('mysql', tmp_path) as url:
        aio = all_in_one(hosts=2, database=url)
        api = aio.client
        api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                         'ram': 256, 'vcpus': 1,
                                         'disk': 1}})
        restart = threading.Thread(target=_restart,
                                   args=(private_broker,))
        ids = []
        for i in range(BOOTS):
            if i == BOOTS // 3:
                restart.start()
            status, body = api.post('/servers', {'server': {
                'name': 'b%d' % i, 'flavorRef': 'm1'}})
            assert status == 202, body  # the API takes it, broker or not
            ids.append(body['server']['id'])
            time.sleep(0.2)
        restart.join()
        states = outages.wait_final(api, ids, timeout=120)
        for server_id, state in states.items():
            if state == 'ERROR':  # its message died with the broker
                fault = api.get('/servers/%s' % server_id)[1]['server'][
                    'fault']['message']
                assert fault.startswith('The build request was lost'), fault
        # Every server has a final state, and placement agrees with them:
        # the ACTIVE ones hold an allocation, the ERROR ones none.
        outages.assert_placement_agrees(aio, states)
        all_in_one.stop(aio)
