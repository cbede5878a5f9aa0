# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab: separate daemons on RabbitMQ and MariaDB, two computes in
network namespaces of their own, brought up and down by nova-lite-lab.

Boots spread over the computes; a compute stopped turns down and new
boots avoid it; ``down`` leaves no process and no namespace behind.
"""
import collections
import ipaddress
import os
import signal
import subprocess
import time

from prometheus_client import parser as prometheus_parser
import pytest
import requests

from nova_lite_tools.lab import layout as lab_layout
from nova_lite_tools import ports
from tests.functional import compute_calls
from tests.functional import console_calls
from tests.integration import labs

pytestmark = pytest.mark.integration

TOKEN = {'X-Auth-Token': 'admin:admin'}


@pytest.fixture
def lab(tmp_path):
    with labs.running(str(tmp_path / 'lab')) as layout:
        yield layout


def _pid(layout, process):
    with open(os.path.join(layout['state_dir'], 'pids',
                           process + '.pid')) as pidfile:
        return int(pidfile.read())


class Client:
    def __init__(self, port):
        self.base = 'http://127.0.0.1:%d/v2.1' % port

    def get(self, path):
        answer = requests.get(self.base + path, headers=TOKEN, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, path, body):
        answer = requests.post(self.base + path, json=body, headers=TOKEN,
                               timeout=10)
        assert answer.status_code in (200, 202), answer.text
        return answer.json()

    def states(self):
        return {h['hypervisor_hostname']: h['state']
                for h in self.get('/os-hypervisors/detail')['hypervisors']}

    def boot(self, count, prefix):
        ids = [self.post('/servers', {'server': {
            'name': '%s%d' % (prefix, i), 'flavorRef': 'm1'}})['server'][
                'id'] for i in range(count)]
        return [self.wait(server_id) for server_id in ids]

    def wait(self, server_id, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server = self.get('/servers/%s' % server_id)['server']
            if server['status'] != 'BUILD':
                return server
            time.sleep(0.2)
        raise AssertionError('server %s still building' % server_id)


def _openstack(layout, cloud, *args):
    """``openstack <args> -f json`` as a user of the lab's clouds.yaml."""
    env = {k: v for k, v in os.environ.items() if not k.startswith('OS_')}
    env.update(OS_CLIENT_CONFIG_FILE=os.path.join(layout['state_dir'],
                                                  'clouds.yaml'),
               OS_CLOUD=cloud)
    return compute_calls.osc(env, *(args + ('-f', 'json')))


def test_lab_boots_over_two_namespaced_computes(lab):
    name = lab['name']
    computes = ['%s-compute-1' % name, '%s-compute-2' % name]
    api = Client(lab['api_port'])
    assert api.states() == {computes[0]: 'up', computes[1]: 'up'}
    # Each agent runs in its own network namespace, under its own name,
    # with its own address (what it reports as its host_ip).
    subnet = ipaddress.ip_network(lab['subnet'])
    assert {h['hypervisor_hostname']: h['host_ip'] for h in api.get(
        '/os-hypervisors/detail')['hypervisors']} == {
        computes[0]: str(subnet[11]), computes[1]: str(subnet[12])}
    for index, compute in enumerate(computes, 1):
        identified = subprocess.run(
            ['ip', 'netns', 'identify', str(_pid(lab, compute))],
            capture_output=True, text=True, check=True).stdout.strip()
        assert identified == 'nl-%s-compute-%d' % (name, index)

    # The clients find the lab's APIs from the clouds.yaml it wrote.
    assert {h['Hypervisor Hostname']: h['State'] for h in _openstack(
        lab, name, 'hypervisor', 'list')} == {computes[0]: 'up',
                                              computes[1]: 'up'}
    assert {p['name'] for p in _openstack(
        lab, name + '-placement', 'resource', 'provider', 'list')} >= set(
            computes)

    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 256,
                                     'vcpus': 1, 'disk': 1}})
    servers = api.boot(6, 'spread')
    assert {s['status'] for s in servers} == {'ACTIVE'}
    hosts = collections.Counter(s['OS-EXT-SRV-ATTR:host'] for s in servers)
    assert sorted(hosts) == computes, hosts

    # A compute stopped (SIGTERM: it drains and exits) turns down, and
    # the next boots go to the other one.
    stopped = _pid(lab, computes[0])
    os.kill(stopped, signal.SIGTERM)
    deadline = time.monotonic() + 40
    while api.states()[computes[0]] != 'down':
        assert time.monotonic() < deadline, api.states()
        time.sleep(0.5)
    services = {s['host']: s['state'] for s in api.get('/os-services')[
        'services'] if s['binary'] == 'nova-compute'}
    assert services == {computes[0]: 'down', computes[1]: 'up'}
    later = api.boot(3, 'after')
    assert [(s['status'], s['OS-EXT-SRV-ATTR:host']) for s in later] == [
        ('ACTIVE', computes[1])] * 3
    _check_metrics(lab, computes)
    _check_consoles(lab, later[0]['id'])


def _check_consoles(lab, server_id):
    """The console proxies on the controller admit a URL's token: the
    server's compute, in its namespace, confirms the console's address
    over the broker. A simulated host's console cannot be reached."""
    for kind, port in (('novnc', lab['novnc_port']),
                       ('serial', lab['serial_port'])):
        url = _openstack(lab, lab['name'], 'console', 'url', 'show',
                         '--' + kind, server_id)['url']
        client, refusal = console_calls.open_websocket(
            'ws://127.0.0.1:%d/?token=%s' % (
                port, console_calls.token_of(url)))
        assert refusal is None, (kind, refusal)
        assert console_calls.close_reason(client) == (
            console_calls.UNREACHABLE)


def _scrape(url):
    """{(name, labels): value} of a scrape, as Prometheus reads it."""
    found = {}
    answer = requests.get(url, timeout=30)
    assert answer.status_code == 200, url
    for family in prometheus_parser.text_string_to_metric_families(
            answer.text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = \
                sample.value
    return found


def _total(samples, name, **labels):
    return sum(value for (found, held), value in samples.items()
               if found == name and set(labels.items()) <= set(held))


def _check_metrics(lab, computes):
    """Each process counts its own part of the 9 boots: the API their
    requests, the scheduler its decisions, the conductor its calls to the
    scheduler, each compute its builds (scraped in its namespace)."""
    urls = lab_layout.Layout(**lab).metrics_urls()
    api = _scrape(urls['nova-lite-api'])
    assert _total(api, 'nova_lite_api_requests_total', api='compute',
                  method='POST', route='/servers', status='202') == 9
    assert _total(api, 'nova_lite_servers', vm_state='active') == 9
    scheduler = _scrape(urls['nova-lite-scheduler'])
    assert _total(scheduler, 'nova_lite_scheduler_decisions_total',
                  result='selected') == 9
    conductor = _scrape(urls['nova-lite-conductor'])
    assert _total(conductor, 'nova_lite_rpc_call_duration_seconds_count',
                  topic='scheduler', method='select_destinations') == 9
    # The running compute, at its address in its namespace: the 3 boots
    # after the other stopped, and its share of the first 6.
    running = _scrape(urls[computes[1]])
    assert _total(running, 'nova_lite_build_duration_seconds_count',
                  result='active') >= 3


def test_a_bad_lab_request_says_what_and_creates_nothing(tmp_path):
    before = labs.namespaces()
    for args, said in ((['--name', 'no-dashes'], '--name must be'),
                       (['--computes', '0'], '--computes must be'),
                       (['--api-port', '9181'], '--metrics-port 9180 takes '
                        'ports 9180-9182, which hold --api-port')):
        result = labs.nova_lite_lab('up', '--state-dir', str(tmp_path),
                                    *args)
        assert result.returncode == 1
        assert said in result.stderr and 'Traceback' not in result.stderr
    assert labs.namespaces() == before
    down = labs.nova_lite_lab('down', '--state-dir', str(tmp_path / 'none'))
    assert down.returncode == 0 and 'nothing to stop' in down.stdout


def test_a_lab_with_neutron_boots_on_its_ports(tmp_path):
    """``nova-lite-lab up --neutron``: Neutron on the controller, a
    chassis in each compute's namespace. The openstack client (the lab's
    clouds.yaml names Neutron) makes a network and boots on it; the port
    is bound to the compute that took the server and reported plugged by
    its chassis; ``down --purge`` leaves nothing of it."""
    with labs.running(str(tmp_path / 'lab'), '--neutron', '--neutron-port',
                      str(ports.free_port())) as layout:
        _openstack(layout, layout['name'], 'network', 'create', 'labnet')
        _openstack(layout, layout['name'], 'subnet', 'create', '--network',
                   'labnet', '--subnet-range', '10.40.0.0/24', 'labsub')
        client = Client(layout['api_port'])
        client.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 256, 'vcpus': 1,
                                            'disk': 1}})
        network = _openstack(layout, layout['name'], 'network', 'show',
                             'labnet')
        servers = [client.post('/servers', {'server': {
            'name': 'n%d' % i, 'flavorRef': 'm1', 'networks': [
                {'uuid': network['id']}]}})['server']['id']
            for i in range(4)]
        shown = [client.wait(server_id) for server_id in servers]
        assert [s['status'] for s in shown] == ['ACTIVE'] * 4
        for server in shown:
            [port] = _openstack(layout, layout['name'], 'port', 'list',
                                '--device-id', server['id'], '--long')
            detail = _openstack(layout, layout['name'], 'port', 'show',
                                port['ID'])
            assert (detail['status'], detail['binding_host_id']) == (
                'ACTIVE', server['OS-EXT-SRV-ATTR:host'])
            assert list(server['addresses']) == ['labnet']
        assert len({s['OS-EXT-SRV-ATTR:host'] for s in shown}) == 2
