#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Move N servers over H simulated hosts in one all-in-one, through REST.

Boots ``--servers`` plain servers, then cold-migrates every one (8 REST
clients; each request returns once its destination is claimed) and
confirms them, then live-migrates every one. Prints moves/s for each
(first request to the last server settled where it went: VERIFY_RESIZE
for a cold migration, then ACTIVE after the confirms; ACTIVE on another
host for a live migration) and the request->settled latency p50/p95. It
never asserts: figures are for reading.

    .venv/bin/python bench/moves.py [--servers 100] [--hosts 10]
                                    [--real-rounds 5]

With --real-rounds, then the real figures of bench/real_moves.py: the
demo guest moved between two real hosts of a ``--real`` lab (the time of
a real live migration from the request to ACTIVE on the destination).
"""
import argparse
import concurrent.futures
import os
import statistics
import sys
import threading
import time

import requests

import boot
import real_moves

ADMIN = {'X-Auth-Token': 'admin:admin',
         'OpenStack-API-Version': 'compute 2.86'}


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--servers', type=int, default=100)
    parser.add_argument('--hosts', type=int, default=10)
    parser.add_argument('--clients', type=int, default=8)
    parser.add_argument('--real-rounds', type=int, default=0,
                        help='then move the demo guest between two real '
                        'hosts this many times each way (bench/'
                        'real_moves.py; root)')
    parser.add_argument('--build-dir', default=os.path.join(
        os.environ.get('NOVA_LITE_STATE_DIR', './var'), 'demo-image'))
    return parser.parse_args()


def _servers(base):
    return {s['id']: s for s in requests.get(
        base + '/servers/detail', headers=ADMIN,
        params={'all_tenants': '1'}).json()['servers']}


def move_all(base, uuids, body, clients):
    """POST ``body`` to each server's action; {uuid: (sent, answered)}."""
    local = threading.local()

    def act(uuid):
        if not hasattr(local, 'session'):
            local.session = requests.Session()
            local.session.headers.update(ADMIN)
        sent = time.monotonic()
        answer = local.session.post(base + '/servers/%s/action' % uuid,
                                    json=body)
        if answer.status_code not in (202, 204):
            print('  refused %s: %s' % (uuid, answer.text[:200]))
        return uuid, sent

    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        return dict(pool.map(act, uuids))


def settle(base, sent, done, timeout=600):
    """Poll until ``done(server)`` for each; {uuid: settled at}."""
    settled = {}
    deadline = time.monotonic() + timeout
    while len(settled) < len(sent) and time.monotonic() < deadline:
        now = time.monotonic()
        for uuid, server in _servers(base).items():
            if uuid in sent and uuid not in settled and done(server):
                settled[uuid] = now
        time.sleep(0.1)
    return settled


def report(label, sent, settled):
    if not settled:
        print('%-18s none settled' % label)
        return 0.0
    elapsed = max(settled.values()) - min(sent.values())
    latencies = [settled[u] - sent[u] for u in settled]
    rate = len(settled) / elapsed if elapsed else 0.0
    print('%-18s moved: %d/%d  moves/s: %.1f  request->settled p50: %.0f '
          'ms  p95: %.0f ms' % (
              label, len(settled), len(sent), rate,
              1000 * statistics.median(latencies),
              1000 * boot.percentile(latencies, 0.95)))
    return rate


def main():
    args = parse()
    process, base, _start = boot.start_all_in_one(args.hosts, False)
    print('servers: %d over %d hosts, %d REST clients' % (
        args.servers, args.hosts, args.clients))
    try:
        boot.create_flavor(base, 'plain')
        boot.measure(base, 'plain', args.servers, args.clients)
        uuids = sorted(_servers(base))
        sent = move_all(base, uuids, {'migrate': None}, args.clients)
        report('cold migration', sent, settle(
            base, sent, lambda s: s['status'] == 'VERIFY_RESIZE'))
        sent = move_all(base, uuids, {'confirmResize': None}, args.clients)
        report('confirm', sent, settle(
            base, sent, lambda s: s['status'] == 'ACTIVE'))
        hosts = {u: s['OS-EXT-SRV-ATTR:host']
                 for u, s in _servers(base).items()}
        sent = move_all(base, uuids, {'os-migrateLive': {
            'host': None, 'block_migration': 'auto'}}, args.clients)
        report('live migration', sent, settle(
            base, sent, lambda s: s['status'] == 'ACTIVE' and
            s['OS-EXT-SRV-ATTR:host'] != hosts[s['id']]))
        rss_mb = boot.peak_rss_mb(process.pid)
    finally:
        process.terminate()
        process.wait(60)
    print('peak RSS of the all-in-one: %.0f MB' % rss_mb)
    if args.real_rounds:
        real_moves.main(argparse.Namespace(rounds=args.real_rounds,
                                           build_dir=args.build_dir))
    else:
        print('real moves: not measured (--real-rounds N, as root)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
