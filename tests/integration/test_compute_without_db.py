# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute agent with no database section at all, over RabbitMQ.

The controller (API, conductor, scheduler) runs in this process; the
compute runs as its own ``nova-lite-compute`` process whose configuration
names no database: its objects reach the database through the conductor.
"""
import signal
import time
import uuid

import pytest

from tests.integration import remote_compute

pytestmark = pytest.mark.integration

HOST = 'remote-compute-1'
NIC = """[vietstack]
nic = name=eth0, physical_network=physnet1, rate=1000000, size=8
"""
RABBIT = remote_compute.RABBIT


@pytest.fixture
def compute_process(tmp_path):
    launcher = remote_compute.Launcher(tmp_path)
    yield lambda exchange: launcher.start(HOST, exchange, NIC)
    launcher.kill_all()


def test_compute_with_no_database_boots_through_the_conductor(
        all_in_one, overrides, compute_process, tmp_path):
    exchange = 'nova_lite_test_%s' % uuid.uuid4().hex
    overrides('transport_url', RABBIT)
    overrides('control_exchange', exchange)
    api = all_in_one(hosts=0).client
    process = compute_process(exchange)
    node = remote_compute.wait_up(api, HOST)
    assert (node['vcpus'], node['memory_mb']) == (4, 8192)

    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 1024,
                                     'vcpus': 1, 'disk': 1}})
    status, body = api.post('/servers', {'server': {'name': 'far',
                                                    'flavorRef': 'm1'}})
    assert status == 202
    server = api.wait_server(body['server']['id'], timeout=60)
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', HOST)
    node = remote_compute.wait_up(api, HOST)
    assert (node['running_vms'], node['memory_mb_used']) == (1, 1024)

    # VietStack through the conductor too: the NIC reported as a child
    # provider, the claim's assignment saved with the instance.
    assert api.post('/flavors/m1/os-extra_specs', {'extra_specs': {
        'vietstack:vnics': '1', 'vietstack:vnic0:physical_network':
        'physnet1', 'vietstack:vnic0:inbound:rate': '600000'}})[0] == 200
    status, body = api.post('/servers', {'server': {'name': 'vnic',
                                                    'flavorRef': 'm1'}})
    assert status == 202
    vnic = api.wait_server(body['server']['id'], timeout=60)
    assert vnic['status'] == 'ACTIVE', vnic
    assert api.get('/servers/%s/vietstack' % vnic['id'])[1]['vietstack'][
        'vnics'][0]['nic'] == 'eth0'
    nic, = api.get('/os-hypervisors/%s/vietstack' % node['id'])[1][
        'vietstack']['nics']
    assert nic['inbound']['rate']['used'] == 600000

    for done in (server, vnic):
        assert api.delete('/servers/%s' % done['id'])[0] == 204
        api.wait_server(done['id'], states=('DELETED',), timeout=60)
    node = remote_compute.wait_up(api, HOST)
    assert (node['running_vms'], node['memory_mb_used']) == (0, 0)

    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
    log = (tmp_path / 'compute.log').read_text()
    assert 'Traceback' not in log


def test_a_compute_started_before_the_conductor_waits_for_it(
        all_in_one, overrides, compute_process, tmp_path):
    """Its first calls would be dropped (no conductor queue yet): it
    pings until a conductor answers, says so in its log, then starts."""
    exchange = 'nova_lite_test_%s' % uuid.uuid4().hex
    overrides('transport_url', RABBIT)
    overrides('control_exchange', exchange)
    process = compute_process(exchange)
    log = tmp_path / 'compute.log'
    deadline = time.monotonic() + 60
    while 'no conductor answered' not in log.read_text():
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.5)
    api = all_in_one(hosts=0).client
    node = remote_compute.wait_up(api, HOST)
    assert node['hypervisor_hostname'] == HOST
    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
    assert 'Traceback' not in log.read_text()
