#!/usr/bin/env python3
"""select_destinations at scale: p50 and p95 of one placement decision.

For each N (default 1000 and 10000) a fresh SQLite database gets N compute
hosts, each a service heartbeating now, a compute node (64 vCPU,
262144 MB, 4000 GB) and its placement provider with that inventory
(written straight into the database: setup, not what is measured). Then
the scheduler, in this process, places 50 one-vCPU instances one after
the other, each a full decision with its placement claim, and this prints
the p50 and p95. It never asserts.

    .venv/bin/python bench/scheduler.py [--sizes 1000,10000] [--rounds 50]
"""
import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
import uuid as uuidlib

import sqlalchemy as sa

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))

from nova_lite import config  # noqa: E402
from nova_lite import context as nl_context  # noqa: E402
from nova_lite.db import engine  # noqa: E402
from nova_lite.db import migration  # noqa: E402
from nova_lite.objects import flavor as flavor_obj  # noqa: E402
from nova_lite.objects import request_spec  # noqa: E402
from nova_lite.scheduler import manager  # noqa: E402

INVENTORY = {'VCPU': (64, 4.0), 'MEMORY_MB': (262144, 1.0),
             'DISK_GB': (4000, 1.0)}


def populate(url, count):
    sa_engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(sa_engine)
    table = meta.tables
    now = datetime.datetime.utcnow()
    uuids = [str(uuidlib.uuid4()) for _ in range(count)]
    with sa_engine.begin() as conn:
        conn.execute(table['services'].insert(), [
            {'id': i + 1, 'host': 'host-%d' % i, 'binary':
             'nova-lite-compute', 'topic': 'compute', 'report_count': 1,
             'disabled': False, 'last_seen_up': now, 'version': 1,
             'uuid': str(uuidlib.uuid4()), 'forced_down': False}
            for i in range(count)])
        conn.execute(table['compute_nodes'].insert(), [
            {'id': i + 1, 'uuid': uuids[i], 'service_id': i + 1,
             'host': 'host-%d' % i, 'hypervisor_hostname': 'host-%d' % i,
             'hypervisor_type': 'test', 'hypervisor_version': 1,
             'vcpus': 64, 'memory_mb': 262144, 'local_gb': 4000,
             'vcpus_used': 0, 'memory_mb_used': 0, 'local_gb_used': 0,
             'running_vms': 0, 'cpu_allocation_ratio': 4.0,
             'ram_allocation_ratio': 1.0, 'disk_allocation_ratio': 1.0,
             'reserved_host_memory_mb': 0, 'reserved_host_disk_mb': 0,
             'reserved_host_cpus': 0} for i in range(count)])
        conn.execute(table['resource_providers'].insert(), [
            {'id': i + 1, 'uuid': uuids[i], 'name': 'host-%d' % i,
             'generation': 1, 'root_provider_id': i + 1}
            for i in range(count)])
        conn.execute(table['inventories'].insert(), [
            {'resource_provider_id': i + 1, 'resource_class': rc,
             'total': total, 'reserved': 0, 'min_unit': 1,
             'max_unit': total, 'step_size': 1, 'allocation_ratio': ratio}
            for i in range(count) for rc, (total, ratio) in
            INVENTORY.items()])
    sa_engine.dispose()


def run(count, rounds):
    state = tempfile.mkdtemp(prefix='nova-lite-bench-scheduler-')
    url = 'sqlite:///%s' % os.path.join(state, 'nova_lite.sqlite')
    undo = engine.use_database(url)
    try:
        migration.upgrade(url)
        populate(url, count)
        context = nl_context.get_admin_context()
        scheduler = manager.SchedulerManager(config.CONF, 'bench')
        flavor = flavor_obj.Flavor(
            context, id=1, flavorid='f', name='f', memory_mb=2048, vcpus=1,
            root_gb=10, ephemeral_gb=0, swap=0, extra_specs={})
        samples = []
        for _ in range(rounds):
            spec = request_spec.RequestSpec(
                context, instance_uuid=str(uuidlib.uuid4()), flavor=flavor,
                project_id='p', user_id='u', ignore_hosts=[],
                scheduler_hints={})
            start = time.perf_counter()
            scheduler.select_destinations(context, spec, max_hosts=3)
            samples.append(time.perf_counter() - start)
    finally:
        undo()
    samples.sort()
    print('N=%-6d select_destinations p50 %7.1f ms, p95 %7.1f ms'
          % (count, 1000 * statistics.median(samples),
             1000 * samples[int(0.95 * (len(samples) - 1))]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--sizes', default='1000,10000')
    parser.add_argument('--rounds', type=int, default=50)
    args = parser.parse_args()
    config.parse_args([], 'bench-scheduler')
    for size in [int(s) for s in args.sizes.split(',')]:
        run(size, args.rounds)
    return 0


if __name__ == '__main__':
    sys.exit(main())
