# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab on a RabbitMQ cluster of its own (three nodes, quorum queues)
loses the node its scheduler is connected to in the middle of a burst of
boots: every server ends ACTIVE or ERROR, none stuck, the audit clean,
and the services go on over the other two nodes."""
import collections
import concurrent.futures
import json
import os
import signal
import subprocess

import pytest

from nova_lite_tools import ports
from tests.conftest import Api
from tests.integration import labs

pytestmark = pytest.mark.integration

NODES = 3
FLAVOR = {'name': 'bc1', 'id': 'bc1', 'ram': 64, 'vcpus': 1, 'disk': 0}


@pytest.fixture
def lab(tmp_path):
    with labs.running(str(tmp_path / 'lab'), '--rabbit-nodes', str(NODES),
                      '--rabbit-port', str(ports.free_port_range(NODES))
                      ) as layout:
        yield layout


def _node(lab, index):
    return 'nl-%s-rabbit%d@localhost' % (lab['name'], index)


def _rabbitmqctl(lab, index, *args):
    return subprocess.run(['rabbitmqctl', '-n', _node(lab, index)] +
                          list(args), capture_output=True, text=True,
                          timeout=60)


def _nodes_of(lab, process):
    """The indexes of the nodes ``process`` of the lab is connected to."""
    with open(os.path.join(lab['state_dir'], 'pids',
                           process + '.pid')) as pidfile:
        pid = int(pidfile.read())
    sockets = subprocess.run(['ss', '-tnpH'], capture_output=True,
                             text=True, check=True).stdout
    ports = {int(line.split()[4].rsplit(':', 1)[1])
             for line in sockets.splitlines() if 'pid=%d,' % pid in line}
    return {i for i in range(1, NODES + 1) if lab['rabbit_port'] + i in ports}


def _create(lab, name):
    return labs.create_server(lab, name, FLAVOR['id'])


def test_losing_the_schedulers_broker_node_mid_burst(lab):
    status = json.loads(_rabbitmqctl(lab, 1, 'cluster_status', '--formatter',
                                     'json').stdout)
    assert sorted(status['running_nodes']) == [
        _node(lab, i) for i in range(1, NODES + 1)]
    queues = dict(line.split('\t') for line in _rabbitmqctl(
        lab, 1, 'list_queues', '-q', 'name', 'type').stdout.splitlines()[1:])
    assert (queues['scheduler'], queues['conductor'], queues['compute']) == (
        'quorum', 'quorum', 'quorum')

    api = Api(lab['api_port'])
    assert api.post('/flavors', {'flavor': FLAVOR})[0] == 200
    assert api.call('PUT', '/v2.1/os-quota-sets/admin', {'quota_set': {
        'instances': -1, 'cores': -1, 'ram': -1}})[0] == 200
    lost = min(_nodes_of(lab, 'nova-lite-scheduler'))
    vm_pid = int(_rabbitmqctl(lab, lost, 'eval', 'os:getpid().').stdout
                 .strip().strip('"'))

    def boot(i):
        if i == 20:
            os.kill(vm_pid, signal.SIGKILL)  # the node is lost at once
        return _create(lab, 'burst%d' % i)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(boot, range(60)))
    assert {a.status_code for a in answers} == {202}
    servers = labs.settled(api, {a.json()['server']['id'] for a in answers})
    outcomes = collections.Counter(s['status'] for s in servers)
    assert outcomes['ACTIVE'] + outcomes['ERROR'] == 60
    report = labs.audit_report(os.path.join(lab['state_dir'],
                                            'controller.conf'))
    assert report[-1] == '0 findings', report

    # The scheduler went on over another node; the cluster still has a
    # majority, so a boot now finds every queue.
    now = _nodes_of(lab, 'nova-lite-scheduler')
    assert now and lost not in now
    later = _create(lab, 'after')
    assert later.status_code == 202
    assert [s['status'] for s in labs.settled(
        api, {later.json()['server']['id']})] == ['ACTIVE']
