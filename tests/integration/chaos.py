# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A cloud of nova_lite daemons, each a process of its own, that the chaos
test kills (SIGKILL) and restarts; and what it checks once the cloud has
settled.

Modes: ``all-in-one`` (one process, SQLite, its in-process transport) and
``split`` (API, conductor, scheduler and two computes with no database,
over RabbitMQ and a real database). The timeouts of recovery are short so
that a round settles in seconds; each is the production mechanism, only
sooner.
"""
import concurrent.futures
import contextlib
import datetime
import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid

import requests

from nova_lite.virt.libvirt import simulated_host
from nova_lite_tools import ports
from tests.integration import databases
from tests.integration import labs
from tests.integration import remote_compute

BIN = os.path.dirname(sys.executable)
RABBIT = remote_compute.RABBIT
RECOVERY = """
[conductor]
build_timeout = 60
build_retry_after = 4
heal_interval = 2
[compute]
abandoned_task_timeout = 6
update_resources_interval = 5
"""
COMMON = """[DEFAULT]
host = {host}
state_path = {state}
transport_url = {transport}
control_exchange = {exchange}
report_interval = 1
service_down_time = 6
rpc_response_timeout = 5
[oslo_messaging_rabbit]
kombu_reconnect_delay = 0.5
[api]
port = {api_port}
[placement]
port = {placement_port}
[image]
port = {image_port}
[glance]
api_servers = http://127.0.0.1:{image_port}
[all_in_one]
simulated_hosts = 2
host_vcpus = 4
host_memory_mb = 4096
[quota]
instances = -1
cores = -1
ram = -1
""" + RECOVERY
DATABASE = """[database]
connection = {database}
"""
LIBVIRT = """[libvirt]
connection_uri = {uri}
"""
BINARIES = {'all-in-one': 'nova-lite-all-in-one', 'api': 'nova-lite-api',
            'conductor': 'nova-lite-conductor',
            'scheduler': 'nova-lite-scheduler',
            'compute-1': 'nova-lite-compute', 'compute-2': 'nova-lite-compute'}
FINAL = {'ACTIVE', 'SHUTOFF', 'ERROR', 'VERIFY_RESIZE', 'SHELVED_OFFLOADED'}
# What a burst may ask of a server, by its status.
ACTIONS = {
    'ACTIVE': [{'os-stop': None}, {'reboot': {'type': 'SOFT'}},
               {'resize': {'flavorRef': 'chaos-2'}}, {'migrate': None},
               {'os-migrateLive': {'host': None, 'block_migration': 'auto'}},
               {'shelve': None}],
    'SHUTOFF': [{'os-start': None}, {'migrate': None}],
    'VERIFY_RESIZE': [{'confirmResize': None}, {'revertResize': None}],
    'SHELVED_OFFLOADED': [{'unshelve': None}],
}


class Cloud:
    """The daemons of one mode on one state directory and database."""

    def __init__(self, directory, mode, database):
        self.directory = directory
        self.mode = mode
        self.database = database
        self.exchange = 'nova_lite_chaos_%s' % uuid.uuid4().hex[:12]
        self.api_port = ports.free_port()
        self.placement_port = ports.free_port()
        self.image_port = ports.free_port()
        self.processes = {}
        self.names = (['all-in-one'] if mode == 'all-in-one' else
                      ['conductor', 'scheduler', 'compute-1', 'compute-2',
                       'api'])
        self.api = 'http://127.0.0.1:%d/v2.1' % self.api_port
        self.placement = 'http://127.0.0.1:%d' % self.placement_port

    def _config(self, name):
        host = 'chaos-%s' % name if name.startswith('compute') else 'ctl'
        text = COMMON.format(
            host=host, state=self.directory / 'state',
            transport=('fake://' if self.mode == 'all-in-one' else RABBIT),
            exchange=self.exchange, api_port=self.api_port,
            placement_port=self.placement_port, image_port=self.image_port)
        if name.startswith('compute'):
            text += LIBVIRT.format(uri=simulated_host.write_node_file(
                str(self.directory / 'hosts'), host, 4, 4096))
        else:
            text += DATABASE.format(database=self.database)
        path = self.directory / ('%s.conf' % name)
        path.write_text(text)
        return path

    def sync(self):
        subprocess.run([os.path.join(BIN, 'nova-lite-manage'),
                        '--config-file', str(self._config('api')), 'db',
                        'sync'], check=True, capture_output=True)

    def start(self, name):
        log = open(self.directory / ('%s.log' % name), 'a')
        self.processes[name] = subprocess.Popen(
            [os.path.join(BIN, BINARIES[name]), '--config-file',
             str(self._config(name))], stdout=log, stderr=subprocess.STDOUT,
            cwd=str(self.directory))

    def start_all(self):
        for name in self.names:
            self.start(name)
        wait_for(lambda: len(self.hypervisors(up=True)) == 2, 90,
                 'the cloud to come up')

    def restart(self, name):
        """Start ``name`` again and wait until it has started: answers,
        or has reported to the database since."""
        since = time.time()
        self.start(name)
        wait_for(lambda: self._started(name, since), 60,
                 '%s to start again' % name)

    def _started(self, name, since):
        status, body = self.call('GET', '/os-services')
        if status != 200:
            return False
        if name in ('api', 'all-in-one'):
            return True
        host = 'chaos-%s' % name if name.startswith('compute') else 'ctl'
        # The API names the daemons as Nova does (nova-compute...).
        binary = BINARIES[name].replace('nova-lite-', 'nova-', 1)
        # A service forced down reports all the same, and shows down.
        return any(s['host'] == host and s['binary'] == binary and
                   (s['state'] == 'up' or s.get('forced_down')) and
                   s['updated_at'] and
                   _epoch(s['updated_at']) > since
                   for s in body['services'])

    def kill(self, name):
        process = self.processes.pop(name)
        process.send_signal(signal.SIGKILL)
        process.wait()

    def stop_all(self):
        for name in list(self.processes):
            process = self.processes.pop(name)
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    # The API, as a client sees it.

    def call(self, method, path, body=None, base=None):
        response = self.request(method, path, body, base)
        return response.status_code, (response.json() if response.content
                                      else None)

    def request(self, method, path, body=None, base=None):
        return requests.request(
            method, (base or self.api) + path, json=body, timeout=30,
            headers={'X-Auth-Token': 'admin:admin',
                     'OpenStack-API-Version': 'compute 2.86, '
                                              'placement 1.39'})

    def hypervisors(self, up=False):
        try:
            status, body = self.call('GET', '/os-hypervisors/detail')
        except requests.RequestException:
            return []
        if status != 200:
            return []
        return [h for h in body['hypervisors']
                if not up or h['state'] == 'up']

    def servers(self):
        status, body = self.call('GET', '/servers/detail')
        assert status == 200, body
        return {s['id']: s for s in body['servers']}


@contextlib.contextmanager
def running(directory, mode, kind):
    """A cloud of ``mode`` on a fresh database of ``kind``, started, with
    the flavors its servers use; stopped at the end."""
    with databases.fresh_database(kind, directory) as url:
        cloud = Cloud(directory, mode, url)
        cloud.sync()
        cloud.start_all()
        try:
            for flavor_id, ram in (('chaos', 256), ('chaos-2', 384)):
                status, body = cloud.call('POST', '/flavors', {'flavor': {
                    'name': flavor_id, 'id': flavor_id, 'ram': ram,
                    'vcpus': 1, 'disk': 0}})
                assert status == 200, body
            yield cloud
        finally:
            cloud.stop_all()


def _epoch(text):
    return datetime.datetime.fromisoformat(text).replace(
        tzinfo=datetime.timezone.utc).timestamp()


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except requests.RequestException:
            pass
        time.sleep(0.5)
    raise AssertionError('timed out after %d s waiting for %s' % (timeout,
                                                                  what))


def burst(cloud, rng, existing, creates=16):
    """Creates, deletes, power actions, moves and shelves at once, from
    several clients; what each asked for (an answer, or the error of a
    dead API)."""
    requests_made = [('POST', '/servers', {'server': {
        'name': 'chaos-%d' % i, 'flavorRef': 'chaos', 'networks': 'auto'}})
        for i in range(creates)]
    for server_id, server in existing.items():
        if rng.random() < 0.3:
            requests_made.append(('DELETE', '/servers/%s' % server_id, None))
            continue
        choices = ACTIONS.get(server['status'])
        if choices and rng.random() < 0.7:
            requests_made.append(('POST', '/servers/%s/action' % server_id,
                                  rng.choice(choices)))
    rng.shuffle(requests_made)

    def send(request):
        try:
            return cloud.call(*request)[0]
        except requests.RequestException as e:
            return type(e).__name__
    pool = concurrent.futures.ThreadPoolExecutor(8)
    return pool, [pool.submit(send, r) for r in requests_made]


def settled(cloud):
    """Every server in a final state with no task, and placement agreeing
    with the servers; the reason it is not, or None."""
    servers = cloud.servers()
    for server in servers.values():
        if server['status'] not in FINAL or server['OS-EXT-STS:task_state']:
            return 'server %s is %s/%s' % (
                server['id'], server['status'],
                server['OS-EXT-STS:task_state'])
    return placement_problem(cloud, servers)


def placement_problem(cloud, servers):
    """What placement holds that the servers do not explain (a resize
    to confirm holds its source under its migration), or None."""
    resized = _resized(cloud, servers)
    status, body = cloud.call('GET', '/resource_providers',
                              base=cloud.placement)
    assert status == 200, body
    for provider in body['resource_providers']:
        usages = cloud.call('GET', '/resource_providers/%s/usages'
                            % provider['uuid'], base=cloud.placement)[1]
        held = cloud.call('GET', '/resource_providers/%s/allocations'
                          % provider['uuid'], base=cloud.placement)[1]
        total = {}
        for consumer, entry in held['allocations'].items():
            server = servers.get(consumer) or resized.get(consumer)
            if server is None:
                return 'provider %s holds an allocation of %s, which is ' \
                       'no server nor a resize to confirm%s' % (
                           provider['name'], consumer,
                           _migration_named(cloud, consumer))
            if server['status'] == 'ERROR' and not server[
                    'OS-EXT-SRV-ATTR:host']:
                return 'ERROR server %s without a host holds an ' \
                       'allocation' % consumer
            for rc, amount in entry['resources'].items():
                total[rc] = total.get(rc, 0) + amount
        used = {rc: n for rc, n in usages['usages'].items() if n}
        if used != total:
            return 'provider %s uses %s, its allocations add to %s' % (
                provider['name'], used, total)
    for server in servers.values():
        if server['status'] in ('ACTIVE', 'SHUTOFF'):
            held = cloud.call('GET', '/allocations/%s' % server['id'],
                              base=cloud.placement)[1]
            if not held['allocations']:
                return '%s server %s holds no allocation' % (
                    server['status'], server['id'])
        if server['status'] == 'ERROR' and 'fault' not in cloud.call(
                'GET', '/servers/%s' % server['id'])[1]['server']:
            return 'ERROR server %s has no fault' % server['id']
    return None


def _migration_named(cloud, consumer):
    """What a consumer that is a migration is (its type, status and
    server), for the message of a cloud that did not settle."""
    status, body = cloud.call('GET', '/os-migrations')
    assert status == 200, body
    for migration in body['migrations']:
        if migration['uuid'] == consumer:
            return ' (the %s of %s, %s)' % (
                migration['migration_type'], migration['instance_uuid'],
                migration['status'])
    return ''


def _resized(cloud, servers):
    """{migration uuid: server} of the servers whose resize (or cold
    migration) waits to be confirmed."""
    status, body = cloud.call('GET', '/os-migrations?status=finished')
    assert status == 200, body
    return {m['uuid']: servers[m['instance_uuid']]
            for m in body['migrations']
            if servers.get(m['instance_uuid'], {}).get('status') ==
            'VERIFY_RESIZE'}


def audit(cloud):
    """``nova-lite-manage placement audit``'s findings, or '0 findings'."""
    report = labs.audit_report(cloud.directory / 'api.conf')
    return report[-1] if report[-1] == '0 findings' else '\n'.join(report)


def snapshot(cloud):
    """Servers (status, host) and every allocation: what a second restart
    must not change."""
    servers = cloud.servers()
    return ({i: (s['status'], s['OS-EXT-SRV-ATTR:host'])
             for i, s in servers.items()},
            {i: {rp: held['resources'] for rp, held in cloud.call(
                'GET', '/allocations/%s' % i, base=cloud.placement)[1][
                    'allocations'].items()}
             for i in servers})


def run_round(cloud, rng, log):
    """One burst, one service killed at a random moment and restarted;
    settled within a bounded time; a second restart changes nothing.
    A line for the log says what happened."""
    existing = cloud.servers()
    victim = rng.choice(cloud.names)
    pool, answers = burst(cloud, rng, existing)
    time.sleep(rng.uniform(0.05, 1.0))
    cloud.kill(victim)
    started = time.monotonic()
    time.sleep(rng.uniform(0.2, 1.5))
    cloud.restart(victim)
    pool.shutdown(wait=True)
    outcomes = sorted(str(a.result()) for a in answers)
    problem = ['not checked']

    def calm():
        problem[0] = settled(cloud)
        return problem[0] is None
    try:
        wait_for(calm, 90, 'the cloud to settle')
    except AssertionError:
        raise AssertionError('round (killed %s) did not settle: %s'
                             % (victim, problem[0]))
    settle = time.monotonic() - started
    findings = audit(cloud)
    assert findings == '0 findings', 'round (killed %s): %s' % (
        victim, findings)
    before = snapshot(cloud)
    cloud.kill(victim)
    cloud.restart(victim)
    time.sleep(3)  # a heal, an abandoned-task check and a report go by
    assert settled(cloud) is None
    assert snapshot(cloud) == before
    states = sorted(s['status'] for s in cloud.servers().values())
    log('killed %-10s settled in %4.1f s; requests %s; servers %s' % (
        victim, settle, json.dumps(_count(outcomes)),
        json.dumps(_count(states))))
    return _count(outcomes)


def _count(items):
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def seeded():
    seed = int(os.environ.get('CHAOS_SEED', random.randrange(10 ** 6)))
    return seed, random.Random(seed)
