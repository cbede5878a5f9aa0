# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab on a Galera cluster of its own (three MariaDB nodes behind
HAProxy) and a RabbitMQ cluster of its own loses, with SIGKILL, the
database node the API and conductor write to, in the middle of a burst
of 60 boots: every request is answered without a 5xx, every server ends
ACTIVE or ERROR (with a fault), nothing is over-allocated and the audit
is clean; the services go on, on the nodes that are left."""
import collections
import concurrent.futures
import os
import signal

import MySQLdb
import pytest

from nova_lite_tools import ports
from tests.conftest import Api
from tests.integration import labs

pytestmark = pytest.mark.integration

NODES = 3
BOOTS = 60
# Room for 40 on the lab's two computes (32 VCPUs each): the burst fits,
# and a host that took more than it has would show in the audit.
FLAVOR = {'name': 'gc1', 'id': 'gc1', 'ram': 64, 'vcpus': 1, 'disk': 0}


@pytest.fixture
def lab(tmp_path):
    galera = ports.free_port_range(400) + 1  # HAProxy's too
    with labs.running(str(tmp_path / 'lab'), '--galera', str(NODES),
                      '--galera-port', str(galera),
                      '--rabbit-nodes', str(NODES), '--rabbit-port',
                      str(ports.free_port_range(NODES))) as layout:
        yield layout


def _status(port, name):
    conn = MySQLdb.connect(host='127.0.0.1', port=port, user='root')
    try:
        cursor = conn.cursor()
        cursor.execute('SHOW STATUS LIKE %s', (name,))
        return cursor.fetchone()[1]
    finally:
        conn.close()


def _node_pid(lab, index):
    with open(os.path.join(lab['state_dir'], 'pids',
                           'galera-%d.pid' % index)) as pidfile:
        return int(pidfile.read())


def _create(lab, name):
    return labs.create_server(lab, name, FLAVOR['id'])


def test_losing_the_written_galera_node_mid_burst(lab):
    first = lab['galera_port'] + 1
    assert _status(first, 'wsrep_cluster_size') == str(NODES)
    api = Api(lab['api_port'])
    assert api.post('/flavors', {'flavor': FLAVOR})[0] == 200
    assert api.call('PUT', '/v2.1/os-quota-sets/admin', {'quota_set': {
        'instances': -1, 'cores': -1, 'ram': -1}})[0] == 200

    def boot(i):
        if i == 20:
            os.kill(_node_pid(lab, 1), signal.SIGKILL)
        return _create(lab, 'burst%d' % i)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(boot, range(BOOTS)))
    statuses = collections.Counter(a.status_code for a in answers)
    assert all(code < 500 for code in statuses), [
        a.text for a in answers if a.status_code >= 500][:3]
    taken = {a.json()['server']['id'] for a in answers
             if a.status_code == 202}
    assert statuses[202] == len(taken) >= BOOTS - 5, statuses
    servers = labs.settled(api, taken)
    assert {s['status'] for s in servers} <= {'ACTIVE', 'ERROR'}
    assert all(s.get('fault') for s in servers if s['status'] == 'ERROR')
    report = labs.audit_report(os.path.join(lab['state_dir'],
                                            'controller.conf'))
    assert report[-1] == '0 findings', report

    # The two nodes left are the cluster, and the services write there.
    assert _status(first + 1, 'wsrep_cluster_size') == str(NODES - 1)
    later = _create(lab, 'after')
    assert later.status_code == 202, later.text
    assert [s['status'] for s in labs.settled(
        api, {later.json()['server']['id']})] == ['ACTIVE']
