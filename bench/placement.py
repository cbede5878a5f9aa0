#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement API figures: allocation candidates, claims, deletes, a storm.

For each N (default 1000, 5000, 10000) a fresh database (SQLite, or
with ``--database`` a new one on this machine's PostgreSQL or MariaDB,
dropped after) gets N providers, each with VCPU 64 (allocation ratio
4), MEMORY_MB 262144, DISK_GB 4000, CUSTOM_NIC_RATE 10000 and
CUSTOM_NIC_SIZE 100 (written straight into the database, which is
setup, not what is measured); then
``nova-lite-api`` serves it on waitress and, over HTTP with http.client on
keep-alive connections, this prints the median of

    GET /allocation_candidates?resources=VCPU:2,MEMORY_MB:4096,DISK_GB:20,
        CUSTOM_NIC_RATE:500   with limit=1000 and limit=10,

sequential claims per second (PUT /allocations for new consumers), the
median DELETE /allocations latency, and what an 8-thread claim storm
against 5 small providers (4 VCPU each, 48 claims) ends with.

``--sharing`` adds the shared-storage shape: N computes without DISK_GB
in 10 aggregates, each aggregate with one storage pool (DISK_GB 1000000,
MISC_SHARES_VIA_AGGREGATE), and prints the same query's candidates (each
a compute and its pool) at limit=1000 and limit=10. It never asserts.

    .venv/bin/python bench/placement.py [--sizes 1000,5000] [--rounds 30]
        [--sharing] [--database sqlite|postgresql|mysql]
"""
import argparse
import concurrent.futures
import contextlib
import http.client
import json
import statistics
import sys
import tempfile
import time
import uuid as uuidlib

import sqlalchemy as sa

import common
from nova_lite_tools import databases

QUERY = ('/allocation_candidates?resources=VCPU:2,MEMORY_MB:4096,'
         'DISK_GB:20,CUSTOM_NIC_RATE:500&limit=%d')
INVENTORY = {'VCPU': (64, 4.0), 'MEMORY_MB': (262144, 1.0),
             'DISK_GB': (4000, 1.0), 'CUSTOM_NIC_RATE': (10000, 1.0),
             'CUSTOM_NIC_SIZE': (100, 1.0)}
CONFIG = """[DEFAULT]
state_path = {{state}}
default_log_levels = nova_lite=WARN,oslo_messaging=WARN
transport_url = fake://
[api]
port = {api_port}
[image]
enabled = false
[placement]
port = {port}
[database]
connection = {connection}
"""


def populate(url, count):
    """N providers with the benchmark's inventory, in bulk."""
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine, only=['resource_providers', 'inventories',
                               'resource_classes'])
    rps, inv = meta.tables['resource_providers'], meta.tables['inventories']
    with engine.begin() as conn:
        conn.execute(meta.tables['resource_classes'].insert(), [
            {'name': 'CUSTOM_NIC_RATE'}, {'name': 'CUSTOM_NIC_SIZE'}])
        conn.execute(rps.insert(), [
            {'id': i, 'uuid': str(uuidlib.uuid4()), 'name': 'host-%d' % i,
             'generation': 1, 'root_provider_id': i}
            for i in range(1, count + 1)])
        conn.execute(inv.insert(), [
            {'resource_provider_id': i, 'resource_class': rc, 'total': total,
             'reserved': 0, 'min_unit': 1, 'max_unit': total,
             'step_size': 1, 'allocation_ratio': ratio}
            for i in range(1, count + 1)
            for rc, (total, ratio) in INVENTORY.items()])
        uuids = [row[0] for row in conn.execute(
            sa.select(rps.c.uuid).order_by(rps.c.id))]
        if engine.dialect.name == 'postgresql':
            # The ids were given: the next provider made takes the next.
            conn.exec_driver_sql(
                "SELECT setval(pg_get_serial_sequence('resource_providers', "
                "'id'), %d)" % count)
    engine.dispose()
    return uuids


POOLS = 10


def share_storage(url, count):
    """The computes lose their DISK_GB to 10 pools, one per aggregate,
    compute i in aggregate i % 10."""
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine, only=['resource_providers', 'inventories',
                               'resource_provider_traits',
                               'resource_provider_aggregates'])
    rps, inv = meta.tables['resource_providers'], meta.tables['inventories']
    aggregates = [str(uuidlib.uuid4()) for _ in range(POOLS)]
    pools = range(count + 1, count + POOLS + 1)
    with engine.begin() as conn:
        conn.execute(inv.delete().where(inv.c.resource_class == 'DISK_GB'))
        conn.execute(rps.insert(), [
            {'id': i, 'uuid': str(uuidlib.uuid4()), 'name': 'pool-%d' % i,
             'generation': 1, 'root_provider_id': i} for i in pools])
        conn.execute(inv.insert(), [
            {'resource_provider_id': i, 'resource_class': 'DISK_GB',
             'total': 1000000, 'reserved': 0, 'min_unit': 1,
             'max_unit': 1000000, 'step_size': 1, 'allocation_ratio': 1.0}
            for i in pools])
        conn.execute(meta.tables['resource_provider_traits'].insert(), [
            {'resource_provider_id': i, 'trait': 'MISC_SHARES_VIA_AGGREGATE'}
            for i in pools])
        conn.execute(meta.tables['resource_provider_aggregates'].insert(), [
            {'resource_provider_id': i, 'aggregate': aggregates[i % POOLS]}
            for i in list(range(1, count + 1)) + list(pools)])
    engine.dispose()


@contextlib.contextmanager
def api_serving(kind, count, sharing=False):
    """(process, port, provider uuids) of an API on a fresh database of
    ``kind`` holding ``count`` providers; stopped, and the database
    dropped, after."""
    port = common.free_port()
    found = {}
    with contextlib.ExitStack() as stack:
        directory = stack.enter_context(tempfile.TemporaryDirectory(
            prefix='nova-lite-bench-db-'))
        url = stack.enter_context(databases.fresh_database(kind, directory))

        def prepare(state):
            found['uuids'] = populate(url, count)
            if sharing:
                share_storage(url, count)
        process, _state = common.start_daemon(
            'nova-lite-api', CONFIG.format(port=port,
                                           api_port=common.free_port(),
                                           connection=url),
            port, prepare=prepare)
        try:
            yield process, port, found['uuids']
        finally:
            process.terminate()
            process.wait(30)


class Client:

    def __init__(self, port):
        self.conn = http.client.HTTPConnection('127.0.0.1', port)
        self.headers = {'X-Auth-Token': 'admin:admin',
                        'OpenStack-API-Version': 'placement 1.39',
                        'Content-Type': 'application/json'}

    def call(self, method, path, body=None):
        self.conn.request(method, path, body=json.dumps(body)
                          if body is not None else None,
                          headers=self.headers)
        response = self.conn.getresponse()
        payload = response.read()
        return response.status, payload


def median_ms(call, rounds):
    samples = []
    for i in range(rounds):
        start = time.perf_counter()
        call(i)
        samples.append(time.perf_counter() - start)
    return 1000 * statistics.median(samples)


def _claim_body(provider, resources):
    return {'allocations': {provider: {'resources': resources}},
            'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
            'consumer_type': 'INSTANCE'}


def claims(client, uuids, count):
    consumers = []
    start = time.perf_counter()
    for i in range(count):
        consumer = str(uuidlib.uuid4())
        status, payload = client.call('PUT', '/allocations/%s' % consumer,
                                      _claim_body(uuids[i % len(uuids)],
                                                  {'VCPU': 1}))
        if status != 204:
            raise SystemExit('claim failed: %s %s' % (status, payload))
        consumers.append(consumer)
    return count / (time.perf_counter() - start), consumers


def storm(port):
    """8 threads, 48 claims of 1 VCPU against 5 providers of 4 VCPU."""
    setup = Client(port)
    providers = []
    for i in range(5):
        status, body = setup.call('POST', '/resource_providers',
                                  {'name': 'storm-%d-%s' % (i, time.time())})
        uuid = json.loads(body)['uuid']
        setup.call('PUT', '/resource_providers/%s/inventories' % uuid, {
            'resource_provider_generation': 0,
            'inventories': {'VCPU': {'total': 4}}})
        providers.append(uuid)

    def worker(index):
        client, outcome = Client(port), {}
        for j in range(6):
            status, _ = client.call(
                'PUT', '/allocations/%s' % uuidlib.uuid4(),
                _claim_body(providers[(index + j) % 5], {'VCPU': 1}))
            outcome[status] = outcome.get(status, 0) + 1
        return outcome
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        outcomes = list(pool.map(worker, range(8)))
    totals = {}
    for outcome in outcomes:
        for status, n in outcome.items():
            totals[status] = totals.get(status, 0) + n
    used = [json.loads(setup.call('GET', '/resource_providers/%s/usages'
                                  % p)[1])['usages']['VCPU']
            for p in providers]
    return totals, used


def run(kind, count, rounds):
    with api_serving(kind, count) as (_process, port, uuids):
        client = Client(port)
        client.call('GET', QUERY % 1000)
        large = median_ms(lambda i: client.call('GET', QUERY % 1000), rounds)
        small = median_ms(lambda i: client.call('GET', QUERY % 10), rounds)
        per_second, consumers = claims(client, uuids, 200)
        delete = median_ms(lambda i: client.call(
            'DELETE', '/allocations/%s' % consumers[i]), 100)
        totals, used = storm(port)
    print('N=%-6d candidates limit=1000 median %7.2f ms, limit=10 median '
          '%7.2f ms (%s)' % (count, large, small, kind))
    print('         claims %6.1f/s sequential, DELETE median %.2f ms'
          % (per_second, delete))
    print('         storm (8 threads, 48 claims, 5x4 VCPU): answers %s, '
          'usage per provider %s' % (dict(sorted(totals.items())), used))


def run_sharing(kind, count, rounds):
    with api_serving(kind, count, sharing=True) as (_process, port, _u):
        client = Client(port)
        status, body = client.call('GET', QUERY % 1000)
        found = len(json.loads(body)['allocation_requests'])
        large = median_ms(lambda i: client.call('GET', QUERY % 1000), rounds)
        small = median_ms(lambda i: client.call('GET', QUERY % 10), rounds)
    print('N=%-6d sharing (%d aggregates, a pool each): %d candidates; '
          'limit=1000 median %7.2f ms, limit=10 median %7.2f ms (%s)'
          % (count, POOLS, found, large, small, kind))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--sizes', default='1000,5000,10000')
    parser.add_argument('--rounds', type=int, default=30)
    parser.add_argument('--sharing', action='store_true')
    parser.add_argument('--database', default='sqlite',
                        choices=['sqlite', 'postgresql', 'mysql'])
    args = parser.parse_args()
    for size in [int(s) for s in args.sizes.split(',')]:
        run(args.database, size, args.rounds)
        if args.sharing:
            run_sharing(args.database, size, args.rounds)
    return 0


if __name__ == '__main__':
    sys.exit(main())
