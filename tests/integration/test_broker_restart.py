"""RabbitMQ restarted in the middle of a burst of boots: every server ends
ACTIVE or ERROR (never stuck in BUILD), and placement holds exactly the
allocations of the servers that are ACTIVE."""
import io
import subprocess
import threading
import time
import uuid

import pytest

from nova_lite.cmd import placement_audit
from nova_lite import conf as nl_conf
from nova_lite import context as nl_context
from nova_lite import resources
from tests.integration import databases

pytestmark = pytest.mark.integration

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
BOOTS = 12


def _restart_rabbitmq():
    for action in ('stop_app', 'start_app'):
        subprocess.run(['rabbitmqctl', action], check=True,
                       capture_output=True, timeout=120)


def _wait_all(api, ids, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = {i: api.get('/servers/%s' % i)[1]['server']['status']
                  for i in ids}
        if set(states.values()) <= {'ACTIVE', 'ERROR'}:
            return states
        time.sleep(0.5)
    raise AssertionError('servers still building: %s' % states)


def test_a_broker_restart_mid_burst_leaves_no_build_behind(
        all_in_one, overrides, tmp_path):
    overrides('transport_url', RABBIT)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    # A build whose message died with the broker is failed after this.
    overrides('build_timeout', 20, group='conductor')
    with databases.fresh_database('mysql', tmp_path) as url:
        aio = all_in_one(hosts=2, database=url)
        api = aio.client
        api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                         'ram': 256, 'vcpus': 1,
                                         'disk': 1}})
        restart = threading.Thread(target=_restart_rabbitmq)
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
        states = _wait_all(api, ids, timeout=120)
        for server_id, state in states.items():
            if state == 'ERROR':  # its message died with the broker
                fault = api.get('/servers/%s' % server_id)[1]['server'][
                    'fault']['message']
                assert fault.startswith('The build request was lost'), fault
        # Every server has a final state, and placement agrees with them:
        # the ACTIVE ones hold an allocation, the ERROR ones none.
        out = io.StringIO()
        findings = placement_audit.audit(
            nl_context.get_admin_context(), False,
            lambda line: out.write(line + '\n'),
            resources.load(nl_conf.CONF))
        assert findings == 0, out.getvalue()
        for server_id, state in states.items():
            allocations = aio.placement_client.get(
                '/allocations/%s' % server_id)[1]['allocations']
            assert bool(allocations) == (state == 'ACTIVE'), (
                server_id, state, allocations)
        all_in_one.stop(aio)
