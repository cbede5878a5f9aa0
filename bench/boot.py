#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Boot N servers over H simulated hosts in one all-in-one, through REST.

The all-in-one runs as its own process (``nova-lite-all-in-one``); this
script is its REST client. Prints boots/s (first POST to last ACTIVE),
POST->ACTIVE latency p50/p95 and the all-in-one process's peak RSS
(VmHWM). It never asserts: figures are for reading.

With ``--vietstack`` every host gets 4 NICs (two per physical network)
and the same run boots N plain servers without a network (``networks:
none``), then N with one (``auto``: an address on the default network),
then N whose flavor asks for one vNIC (100,000 kbit/s each way on
physnet1, its address on physnet1's network), deleting each round's
before the next: the figures side by side.

With ``--tenancy`` the same run then boots N servers again, in
``--projects`` projects each held to a quota of exactly its share of
them (os-quota-sets, so every create counts its project's usage under
its lock), each server in an anti-affinity server group of ``--hosts``
members (so every group fills each host once, checked at the claim under
the group's lock): the figure beside the plain one (the plain rounds run
with no limit, so they count nothing).

With several host counts (``--hosts 10,1000``) it starts one all-in-one
after the other and prints, for each after the first, its start time,
its plain boot rate against the first's and the peak RSS each simulated
host adds.

With ``--lab`` it starts nothing: it boots over the running lab
(``make lab``: separate daemons on RabbitMQ and MariaDB, computes in
their own network namespaces) at ``--url``, then deletes what it booted.
``--against-all-in-one`` then boots as many over an all-in-one of
``--hosts`` hosts on ``fake://`` and prints the lab's rate against it:
both in one run, as the machine's speed drifts between runs;
``--rounds N`` runs N such pairs one after the other and prints the
median of their ratios.

    .venv/bin/python bench/boot.py [--servers 200] [--hosts 10]
    .venv/bin/python bench/boot.py --hosts 10,1000 --servers 250 \
        --private-broker
    .venv/bin/python bench/boot.py --vietstack --hosts 1000 --servers 250 \
        --private-broker
    .venv/bin/python bench/boot.py --tenancy [--projects 4]
    .venv/bin/python bench/boot.py --lab [--url http://127.0.0.1:8774/v2.1]
    .venv/bin/python bench/boot.py --lab --against-all-in-one [--hosts 10] \
        [--rounds 5]
    .venv/bin/python bench/boot.py --real [--guests 5]
    .venv/bin/python bench/boot.py --notifications --private-broker \
        [--rounds 3]

At hundreds of hosts, use a broker: on ``fake://`` every agent's
listener polls every 50 ms, while on RabbitMQ all agents share one
connection and one receiving thread (nova_lite_tools/rpc_fleet.py).
``--private-broker`` (root) starts a RabbitMQ node of the run's own
(bench/broker.py), apart from what else uses the machine's.

With ``--real`` it boots real guests on this machine's libvirtd instead
(bench/real_boot.py; needs root).
"""
import argparse
import collections
import concurrent.futures
import datetime
import statistics
import subprocess
import sys
import threading
import time
import uuid

import requests

import broker
import common
import lab_counters
import real_boot

CONFIG = """[DEFAULT]
state_path = {{state}}
default_log_levels = nova_lite=WARN,oslo_messaging=WARN,stevedore=WARN
[api]
port = {port}
[placement]
port = {placement_port}
[image]
port = {image_port}
[vnc]
novncproxy_port = {vnc_port}
[serial_console]
serialproxy_port = {serial_port}
[all_in_one]
simulated_hosts = {hosts}
[quota]
instances = -1
cores = -1
ram = -1
"""
TRANSPORT = """[DEFAULT]
transport_url = {url}
"""  # oslo.config merges a second [DEFAULT] into the first
NOTIFY = """[oslo_messaging_notifications]
driver = messagingv2
"""
NICS = """[vietstack]
nic = name=eth0, physical_network=physnet1, rate=10000000, size=64
nic = name=eth1, physical_network=physnet1, rate=10000000, size=64
nic = name=eth2, physical_network=physnet2, rate=10000000, size=64
nic = name=eth3, physical_network=physnet2, rate=10000000, size=64
"""
VNIC_SPECS = {'vietstack:vnics': '1',
              'vietstack:vnic0:physical_network': 'physnet1',
              'vietstack:vnic0:outbound:rate': '100000',
              'vietstack:vnic0:inbound:rate': '100000'}


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--servers', type=int, default=200)
    parser.add_argument('--hosts', type=_counts, default=[10],
                        help='simulated hosts; several (10,1000): one '
                             'all-in-one after the other, compared')
    parser.add_argument('--clients', type=int, default=8,
                        help='concurrent REST clients posting boots')
    parser.add_argument('--vietstack', action='store_true',
                        help='hosts with NICs; plain and VietStack boots')
    parser.add_argument('--tenancy', action='store_true',
                        help='then boot within quotas into anti-affinity '
                             'server groups of --hosts members')
    parser.add_argument('--projects', type=int, default=4,
                        help='projects the --tenancy round boots in')
    parser.add_argument('--lab', action='store_true',
                        help='boot over the running lab at --url')
    parser.add_argument('--url', default='http://127.0.0.1:8774/v2.1')
    parser.add_argument('--count', action='store_true',
                        help="with --lab: the broker's messages and the "
                        "database's statements per boot (machine-wide "
                        "counters: run on a quiet machine)")
    parser.add_argument('--against-all-in-one', action='store_true',
                        help='with --lab: then the same boots over an '
                             'all-in-one of --hosts simulated hosts on '
                             'fake://, and the lab\'s rate against it')
    parser.add_argument('--rounds', type=int, default=1,
                        help='with --lab --against-all-in-one: this many '
                             'pairs of rounds, one after the other, and '
                             'the median of their ratios')
    parser.add_argument('--real', action='store_true',
                        help='boot real guests on libvirtd, one by one')
    parser.add_argument('--guests', type=int, default=5,
                        help='guests booted with --real')
    parser.add_argument('--transport-url',
                        help='the all-in-one on this broker instead of '
                             'fake://, e.g. rabbit://guest:guest@127.0.0.1'
                             ':5672/VHOST (an empty vhost of its own)')
    parser.add_argument('--notifications', action='store_true',
                        help='boot without, then with versioned '
                             'notifications (on the all-in-one\'s '
                             'transport), --rounds times, and print what '
                             'notifying costs a boot')
    parser.add_argument('--private-broker', action='store_true',
                        help='the all-in-one on a RabbitMQ node started '
                             'for this run (root)')
    return parser.parse_args()


def _counts(text):
    return [int(count) for count in text.split(',')]


class Watcher(threading.Thread):
    """Polls the server list and notes when each server turns ACTIVE."""

    def __init__(self, base, expected, prefix):
        super().__init__(daemon=True)
        self.base = base
        self.expected = expected
        self.prefix = prefix
        self.done_at = {}
        self.errors = {}
        self.polls = 0
        self.finished = threading.Event()

    def run(self):
        session = requests.Session()
        session.headers['X-Auth-Token'] = 'admin:admin'
        since = None
        progress = time.monotonic()
        while len(self.done_at) + len(self.errors) < self.expected:
            # Only what changed since the last look (a second of margin):
            # the watcher's own load on the API stays small and the same
            # whatever the round's length. A server whose change was
            # stamped earlier than it became visible (a slow commit under
            # load) is caught by a whole look when nothing moved for 2 s.
            params = {'name': '^' + self.prefix, 'all_tenants': '1'}
            if since is not None and time.monotonic() - progress < 2:
                params['changes-since'] = since.isoformat()
            since = datetime.datetime.now(datetime.timezone.utc).replace(
                tzinfo=None) - datetime.timedelta(seconds=1)
            servers = session.get(self.base + '/servers/detail',
                                  params=params).json()
            self.polls += 1
            now = time.monotonic()
            seen = len(self.done_at) + len(self.errors)
            for server in servers['servers']:
                if not server['name'].startswith(self.prefix):
                    continue
                if server['status'] == 'ACTIVE':
                    self.done_at.setdefault(server['id'], now)
                elif server['status'] == 'ERROR':
                    self.errors[server['id']] = server.get('fault')
            if len(self.done_at) + len(self.errors) > seen:
                progress = now
            time.sleep(0.1)
        self.finished.set()


def as_admin(i):
    return 'admin:admin', None


def boot_all(base, count, clients, flavor, prefix, networks, who=as_admin):
    """``who(i)``: (the token of the i-th boot, its group or None)."""
    local = threading.local()

    def boot(i):
        if not hasattr(local, 'session'):
            local.session = requests.Session()
            local.session.headers['OpenStack-API-Version'] = 'compute 2.86'
        token, group = who(i)
        request = {'server': {'name': '%s-%d' % (prefix, i),
                              'flavorRef': flavor, 'networks': networks}}
        if group:
            request['os:scheduler_hints'] = {'group': group}
        posted = time.monotonic()
        body = local.session.post(base + '/servers', json=request, headers={
            'X-Auth-Token': token}).json()
        return body['server']['id'], posted

    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        return dict(pool.map(boot, range(count)))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered)
                                                               - 1))))]


def all_in_one_config(port, hosts):
    """CONFIG for an all-in-one of ``hosts`` with its API on ``port``
    and every other listener on a free port (beside a developer's)."""
    return CONFIG.format(port=port, hosts=hosts,
                         placement_port=common.free_port(),
                         image_port=common.free_port(),
                         vnc_port=common.free_port(),
                         serial_port=common.free_port())


def start_all_in_one(hosts, vietstack, transport_url=None,
                     notifications=False):
    port = common.free_port()
    config = all_in_one_config(port, hosts)
    if vietstack:
        config += NICS
    if transport_url:
        config += TRANSPORT.format(url=transport_url)
    if notifications:
        config += NOTIFY
    started = time.monotonic()
    process, state = common.start_daemon('nova-lite-all-in-one', config,
                                         port, sync=False,
                                         timeout=60 + hosts // 2)
    print('all-in-one of %d hosts on a new state directory and database: '
          '%s' % (hosts, state))
    return process, 'http://127.0.0.1:%d/v2.1' % port, \
        time.monotonic() - started


def peak_rss_mb(pid):
    with open('/proc/%d/status' % pid) as status:
        for line in status:
            if line.startswith('VmHWM:'):
                return int(line.split()[1]) / 1024
    return float('nan')


def create_flavor(base, name, specs=None, disk=1):
    headers = {'X-Auth-Token': 'admin:admin'}
    requests.post(base + '/flavors', headers=headers, json={'flavor': {
        'name': name, 'id': name, 'ram': 256, 'vcpus': 1, 'disk': disk}})
    if specs:
        requests.post(base + '/flavors/%s/os-extra_specs' % name,
                      headers=headers, json={'extra_specs': specs})


Round = collections.namedtuple('Round', 'rate seconds polls active')


def fresh_prefix(base, prefix):
    """The name prefix of a round's servers: ``prefix``, unless the cloud
    already holds servers of that name (a lab a bench ran on before):
    then one of this run's own, and the bench says so. An earlier run's
    servers are never counted as this one's."""
    earlier = requests.get(base + '/servers', headers={
        'X-Auth-Token': 'admin:admin'}, params={
            'name': '^%s-' % prefix, 'all_tenants': '1'}).json()['servers']
    if not earlier:
        return prefix
    own = '%s%s' % (prefix, uuid.uuid4().hex[:6])
    print('note: %d servers named %s-* were there before this run; this '
          'run names its own %s-*' % (len(earlier), prefix, own))
    return own


def measure(base, flavor, count, clients, networks='none',
            prefix=None, who=as_admin):
    """Boot ``count`` servers of ``flavor`` (named ``prefix``-N, by
    default after the flavor) with ``networks``, as ``who`` says; print
    boots/s and return the Round."""
    prefix = fresh_prefix(base, prefix or flavor)
    watcher = Watcher(base, count, prefix + '-')
    start = time.monotonic()
    watcher.start()
    posted = boot_all(base, count, clients, flavor, prefix, networks, who)
    watcher.finished.wait(600)
    elapsed = max(watcher.done_at.values(), default=start) - start
    latencies = [watcher.done_at[i] - posted[i] for i in watcher.done_at]
    rate = len(watcher.done_at) / elapsed if elapsed else 0.0
    print('%-15s active: %d  error: %d  boots/s: %.1f' % (
        '%s/%s' % (prefix, networks), len(watcher.done_at),
        len(watcher.errors), rate), end='')
    if latencies:
        print('  POST->ACTIVE p50: %.0f ms  p95: %.0f ms' % (
            1000 * statistics.median(latencies),
            1000 * percentile(latencies, 0.95)))
    else:
        print()
    for fault in list(watcher.errors.values())[:3]:
        print('          fault: %s' % (fault or {}).get('message'))
    return Round(rate, time.monotonic() - start, watcher.polls,
                 len(watcher.done_at))


def delete_all(base, prefix):
    """Delete the round's servers and wait until they are gone, so the
    next round starts on an empty cloud."""
    session = requests.Session()
    session.headers['X-Auth-Token'] = 'admin:admin'

    def listed():
        return session.get(base + '/servers', params={
            'name': '^' + prefix, 'all_tenants': '1'}).json()['servers']
    for server in listed():
        session.delete(base + '/servers/%s' % server['id'])
    deadline = time.monotonic() + 300
    while listed() and time.monotonic() < deadline:
        time.sleep(0.5)


def tenancy_round(base, args, hosts):
    """Boot args.servers servers in args.projects projects, each held to
    its share by its quota, each server in an anti-affinity group of
    ``hosts`` members; boots/s."""
    share = -(-args.servers // args.projects)
    groups = {}
    for p in range(args.projects):
        token = {'X-Auth-Token': 'bench%d:project%d' % (p, p)}
        requests.put(base + '/os-quota-sets/project%d' % p, headers={
            'X-Auth-Token': 'admin:admin'}, json={'quota_set': {
                'instances': share, 'cores': -1, 'ram': -1,
                'server_groups': -1, 'server_group_members': -1}})
        groups[p] = [requests.post(
            base + '/os-server-groups', headers=dict(
                token, **{'OpenStack-API-Version': 'compute 2.64'}),
            json={'server_group': {'name': 'spread%d' % g,
                                   'policy': 'anti-affinity'}}).json()[
            'server_group']['id']
            for g in range(-(-share // hosts))]

    def who(i):
        p = i % args.projects
        return ('bench%d:project%d' % (p, p),
                groups[p][(i // args.projects) // hosts])
    return measure(base, 'plain', args.servers, args.clients,
                   prefix='tenancy', who=who).rate


def lab(args):
    """Boot over the running lab, then delete what was booted; with
    ``--count``, what each boot cost the broker and the database too."""
    hosts = requests.get(args.url + '/os-hypervisors', headers={
        'X-Auth-Token': 'admin:admin'}).json()['hypervisors']
    print('servers: %d over the lab at %s (%d computes up), %d REST '
          'clients' % (args.servers, args.url, sum(
              h['state'] == 'up' for h in hosts), args.clients))
    # No disk: a lab's test-driver hosts have only the machine's free
    # disk to offer, and the admin project its default quota.
    create_flavor(args.url, 'labplain', disk=0)
    ratios = []
    for _ in range(args.rounds if args.against_all_in_one else 1):
        rate = lab_round(args)
        if args.against_all_in_one:
            ratios.append(against_all_in_one(args, rate))
    if len(ratios) > 1:
        print('the lab against the all-in-one over %d pairs of rounds: '
              'median %.0f%% (%s)' % (
                  len(ratios), 100 * statistics.median(ratios),
                  ', '.join('%.0f%%' % (100 * r) for r in ratios)))
    return 0


def lab_round(args):
    """One round over the lab, then its servers deleted; its rate."""
    quota_url = args.url + '/os-quota-sets/admin'
    requests.put(quota_url, headers={'X-Auth-Token': 'admin:admin'},
                 json={'quota_set': {'instances': -1, 'cores': -1,
                                     'ram': -1}})
    try:
        idle = lab_counters.background(10) if args.count else None
        before = lab_counters.read() if args.count else None
        done = measure(args.url, 'labplain', args.servers, args.clients)
        if args.count:
            grown = lab_counters.difference(lab_counters.read(), before)
            print_costs(args.url, done, grown, idle)
    finally:
        delete_all(args.url, 'labplain-')
        requests.delete(quota_url, headers={'X-Auth-Token': 'admin:admin'})
    return done.rate


def against_all_in_one(args, lab_rate):
    """The same boots over an all-in-one on fake:// right after the
    lab's (the machine's speed drifts within the hour); the ratio.
    The lab stays up meanwhile: its idle daemons' heartbeats count
    against the all-in-one."""
    hosts = args.hosts[0]
    aio = boot_over_simulated_hosts(
        argparse.Namespace(**dict(vars(args), tenancy=False,
                                  vietstack=False)), hosts, None)
    ratio = lab_rate / aio['rate'] if aio['rate'] else float('nan')
    print('the lab against the all-in-one (%d hosts, fake://): %.0f%% of '
          'its rate (%.1f against %.1f boots/s)' % (
              hosts, 100 * ratio, lab_rate, aio['rate']))
    return ratio


def print_costs(base, done, grown, idle):
    """The round's broker messages and database statements per boot."""
    before_polls = lab_counters.read()
    for _ in range(20):
        requests.get(base + '/servers/detail', headers={
            'X-Auth-Token': 'admin:admin'}, params={
            'name': '^labplain-', 'all_tenants': '1',
            'changes-since': datetime.datetime.utcnow().isoformat()})
    a_poll = {name: value / 20 for name, value in lab_counters.difference(
        lab_counters.read(), before_polls).items()}
    watching = {name: value * done.polls for name, value in a_poll.items()}
    cost = lab_counters.per_boot(grown, done.seconds, idle, done.active,
                                 watching)
    print('per boot, net of the idle lab (%s per second) and of the '
          'bench\'s %d list polls:' % (', '.join(
              '%s %.2f' % (name, value) for name, value in idle.items()
              if value), done.polls))
    print('  broker: %.1f messages published, %.1f routed' % (
        cost['messages_received_total'], cost['messages_routed_total']))
    print('  database: %.1f statements (%s)' % (cost['Questions'], ', '.join(
        '%s %.1f' % (name[4:].upper(), cost[name])
        for name in lab_counters.STATEMENTS[:-1])))
    print('  CPU: %s ms' % ', '.join(
        '%s %.1f' % (name[4:], 1000 * cost[name])
        for name in cost if name.startswith('cpu ')))


def main():
    args = parse()
    if args.lab:
        return lab(args)
    if args.real:
        return real_boot.main(args)
    private = broker.PrivateBroker().start() if args.private_broker \
        else None
    transport_url = private.url if private else args.transport_url
    try:
        if args.notifications:
            return notifications_cost(args, transport_url)
        runs = [(hosts, boot_over_simulated_hosts(args, hosts,
                                                  transport_url))
                for hosts in args.hosts]
    finally:
        if private is not None:
            private.stop()
    if len(runs) > 1:
        compare(runs)
    return 0


def notifications_cost(args, transport_url):
    """Rounds of two all-in-ones on the same broker, without then with
    versioned notifications: each pair's rates and what notifying costs
    a boot (the difference of the time per boot)."""
    costs = []
    for index in range(args.rounds):
        off, on = (boot_over_simulated_hosts(
            args, args.hosts[0], transport_url, notifications=notify)['rate']
            for notify in (False, True))
        cost = 1000 * (1 / on - 1 / off) if on and off else float('nan')
        costs.append(cost)
        print('round %d: %.1f boots/s without notifications, %.1f with: '
              '%.2f ms a boot' % (index + 1, off, on, cost))
    print('notifications cost a boot %.2f ms (median of %d rounds)' % (
        statistics.median(costs), len(costs)))
    return 0


def compare(runs):
    """Each run's boot rate against the first's, and the memory each
    simulated host beyond the first run's costs."""
    (hosts, first), others = runs[0], runs[1:]
    for count, run in others:
        print('%d hosts against %d: started in %.1f s, plain boots at '
              '%.0f%% of the rate, %.2f MB of peak RSS a host' % (
                  count, hosts, run['start'],
                  100 * run['rate'] / first['rate'] if first['rate']
                  else float('nan'),
                  (run['rss'] - first['rss']) / (count - hosts)))


def boot_over_simulated_hosts(args, hosts, transport_url,
                              notifications=False):
    """One all-in-one over ``hosts`` simulated hosts: its start time,
    plain boot rate and peak RSS."""
    process, base, start = start_all_in_one(hosts, args.vietstack,
                                            transport_url, notifications)
    print('servers: %d per flavor over %d hosts (started in %.1f s), %d '
          'REST clients' % (args.servers, hosts, start, args.clients))
    try:
        plain = boot_rounds(args, base, hosts)
        rss_mb = peak_rss_mb(process.pid)
    finally:
        process.terminate()
        try:  # hundreds of agents on a broker take a while to drain
            process.wait(30 + hosts // 5)
        except subprocess.TimeoutExpired:
            print('the all-in-one did not stop in time; killed it')
            process.kill()
            process.wait()
    print('peak RSS of the all-in-one: %.0f MB' % rss_mb)
    return {'start': start, 'rate': plain, 'rss': rss_mb}


def boot_rounds(args, base, hosts):
    """The plain round, then those the options ask for; the plain rate."""
    create_flavor(base, 'plain')
    plain = measure(base, 'plain', args.servers, args.clients).rate
    if args.tenancy:
        delete_all(base, 'plain-')
        held = tenancy_round(base, args, hosts)
        print('boots/s within quotas, in anti-affinity groups: %.0f%% '
              'of plain' % (100 * held / plain if plain else float('nan')))
    if args.vietstack:
        delete_all(base, 'plain-')
        addressed = measure(base, 'plain', args.servers, args.clients,
                            'auto', prefix='auto').rate
        delete_all(base, 'auto-')
        create_flavor(base, 'vietstack', VNIC_SPECS)
        vnic = measure(base, 'vietstack', args.servers, args.clients,
                       'auto').rate
        print('boots/s relative to plain without addresses: with an '
              'address %.0f%%, VietStack with an address %.0f%%' % (
                  100 * addressed / plain if plain else float('nan'),
                  100 * vnic / plain if plain else float('nan')))
    return plain


if __name__ == '__main__':
    sys.exit(main())
