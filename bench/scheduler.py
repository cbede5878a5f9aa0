#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""select_destinations at scale: p50 and p95 of one placement decision.

For each N (default 1000 and 10000) a fresh SQLite database gets N compute
hosts, each a service heartbeating now, a compute node (64 vCPU,
262144 MB, 4000 GB) and its placement provider with that inventory
(written straight into the database: setup, not what is measured). Then
the scheduler, in this process, places 50 one-vCPU instances one after
the other, each a full decision with its placement claim, and this prints
the p50 and p95. It never asserts.

With ``--vietstack`` each host also gets 4 NICs as child providers (two
per physical network, 10,000,000 kbit/s each way) and the instances ask
for one vNIC on physnet1 (100,000 kbit/s each way): one numbered request
group, so placement searches trees. Plain and VietStack figures print
side by side.

    .venv/bin/python bench/scheduler.py [--sizes 1000,10000] [--rounds 50]
    .venv/bin/python bench/scheduler.py --vietstack --sizes 1000
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
from nova_lite.objects import instance as instance_obj  # noqa: E402
from nova_lite.objects import request_spec  # noqa: E402
from nova_lite.objects import vietstack  # noqa: E402
from nova_lite.resources.vietstack import placement as vs  # noqa: E402
from nova_lite.scheduler import manager  # noqa: E402

INVENTORY = {'VCPU': (64, 4.0), 'MEMORY_MB': (262144, 1.0),
             'DISK_GB': (4000, 1.0)}
NICS = [('eth0', 'physnet1'), ('eth1', 'physnet1'), ('eth2', 'physnet2'),
        ('eth3', 'physnet2')]
NIC_RATE = 10000000
VNIC_SPECS = {'vietstack:vnics': '1',
              'vietstack:vnic0:physical_network': 'physnet1',
              'vietstack:vnic0:outbound:rate': '100000',
              'vietstack:vnic0:inbound:rate': '100000'}


def _nic_stat():
    nics = []
    for name, physnet in NICS:
        nic = vietstack.VietStackPerNic(
            name=name, physical_network=physnet, vnic_types=['normal'],
            outbound_rate=NIC_RATE, inbound_rate=NIC_RATE)
        nic.obj_set_defaults()
        nics.append(nic)
    return vietstack.VietStackStat(nics=nics).to_db_text()


def add_nics(conn, table, count):
    """4 NIC providers under each of the ``count`` hosts."""
    classes = [vs.resource_class(d, 'rate') for d in ('outbound', 'inbound')]
    traits = sorted({vs.physnet_trait(p) for _n, p in NICS} |
                    {vs.vnic_type_trait('normal')})
    conn.execute(table['resource_classes'].insert(),
                 [{'name': rc} for rc in classes])
    conn.execute(table['traits'].insert(), [{'name': t} for t in traits])
    rows, inventory, provider_traits = [], [], []
    for host in range(count):
        for index, (name, physnet) in enumerate(NICS):
            nic_id = count + 1 + host * len(NICS) + index
            rows.append({'id': nic_id, 'uuid': str(uuidlib.uuid4()),
                         'name': 'host-%d:%s' % (host, name),
                         'generation': 1, 'root_provider_id': host + 1,
                         'parent_provider_id': host + 1})
            inventory += [{'resource_provider_id': nic_id,
                           'resource_class': rc, 'total': NIC_RATE,
                           'reserved': 0, 'min_unit': 1,
                           'max_unit': NIC_RATE, 'step_size': 1,
                           'allocation_ratio': 1.0} for rc in classes]
            provider_traits += [
                {'resource_provider_id': nic_id, 'trait': t} for t in
                (vs.physnet_trait(physnet), vs.vnic_type_trait('normal'))]
    conn.execute(table['resource_providers'].insert(), rows)
    conn.execute(table['inventories'].insert(), inventory)
    conn.execute(table['resource_provider_traits'].insert(), provider_traits)
    conn.execute(table['compute_nodes'].update().values(
        vietstack_stat=_nic_stat()))


def populate(url, count, nics=False):
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
        if nics:
            add_nics(conn, table, count)
    sa_engine.dispose()


def decide(scheduler, context, flavor, rounds):
    """Seconds of each of ``rounds`` decisions (claims included)."""
    samples = []
    for _ in range(rounds):
        spec = request_spec.RequestSpec.from_components(
            context, instance_obj.Instance(
                context, uuid=str(uuidlib.uuid4()), project_id='p',
                user_id='u'), flavor)
        start = time.perf_counter()
        scheduler.select_destinations(context, spec, max_hosts=3)
        samples.append(time.perf_counter() - start)
    return sorted(samples)


def _flavor(context, specs):
    return flavor_obj.Flavor(
        context, id=1, flavorid='f', name='f', memory_mb=2048, vcpus=1,
        root_gb=10, ephemeral_gb=0, swap=0, extra_specs=specs)


def run(count, rounds, nics):
    state = tempfile.mkdtemp(prefix='nova-lite-bench-scheduler-')
    url = 'sqlite:///%s' % os.path.join(state, 'nova_lite.sqlite')
    undo = engine.use_database(url)
    try:
        migration.upgrade(url)
        populate(url, count, nics)
        context = nl_context.get_admin_context()
        scheduler = manager.SchedulerManager(config.CONF, 'bench')
        flavors = [('plain', {})] + ([('vietstack', VNIC_SPECS)]
                                     if nics else [])
        for name, specs in flavors:
            samples = decide(scheduler, context, _flavor(context, specs),
                             rounds)
            print('N=%-6d %-9s select_destinations p50 %7.1f ms, '
                  'p95 %7.1f ms' % (
                      count, name, 1000 * statistics.median(samples),
                      1000 * samples[int(0.95 * (len(samples) - 1))]))
    finally:
        undo()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--sizes', default='1000,10000')
    parser.add_argument('--rounds', type=int, default=50)
    parser.add_argument('--vietstack', action='store_true',
                        help='hosts with NIC children; vNIC requests too')
    args = parser.parse_args()
    config.parse_args([], 'bench-scheduler')
    for size in [int(s) for s in args.sizes.split(',')]:
        run(size, args.rounds, args.vietstack)
    return 0


if __name__ == '__main__':
    sys.exit(main())
