#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab with Neutron against the lab on the fixed networks, in one run
(needs root: the lab's computes and chassis live in network namespaces).

For each of ``--rounds`` rounds it brings a lab up on the fixed networks
(``nova-lite-lab up``: the daemons on RabbitMQ and MariaDB, two computes
in namespaces), boots N servers with an address (``networks: auto``) and
takes the lab down; then the same lab with ``--neutron`` (Neutron on the
controller, a chassis in each compute's namespace), booting N servers
each with a port on one Neutron network (made, bound, plugged and
reported plugged before ACTIVE). Prints boots/s and POST->ACTIVE p50/p95
of each, the median ratio of the rates, and with ``--count`` what each
boot cost the broker, the database (Neutron's statements included: it
keeps its database on the same MariaDB) and the CPU; never asserts.

    .venv/bin/python bench/lab_neutron.py [--servers 60] [--rounds 2] \
        [--count]
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile

import requests

import boot
import common
import lab_counters
import neutron_boot

TOKEN = {'X-Auth-Token': 'admin:admin'}
LAB = os.path.join(os.path.dirname(sys.executable), 'nova-lite-lab')


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--servers', type=int, default=60)
    parser.add_argument('--clients', type=int, default=8)
    parser.add_argument('--rounds', type=int, default=2)
    parser.add_argument('--count', action='store_true',
                        help="the broker's messages, the database's "
                             'statements and CPU per boot')
    return parser.parse_args()


def lab_up(directory, neutron):
    """The lab's layout (lab.json) once it is up."""
    ports = [common.free_port() for _ in range(4)]
    argv = [LAB, 'up', '--name', 'bln', '--state-dir', directory,
            '--subnet', '10.213.0.0/24', '--api-port', str(ports[0]),
            '--placement-port', str(ports[1]),
            '--image-port', str(ports[2])]
    if neutron:
        argv += ['--neutron', '--neutron-port', str(ports[3])]
    subprocess.run(argv, check=True, capture_output=True, timeout=600)
    with open(os.path.join(directory, 'lab.json')) as saved:
        return json.load(saved)


def lab_down(directory):
    subprocess.run([LAB, 'down', '--name', 'bln', '--state-dir', directory,
                    '--purge'], capture_output=True, timeout=300)


def one_round(args, neutron):
    """One lab up, its boots measured, down again: the Round."""
    directory = tempfile.mkdtemp(prefix='bench-lab-')
    try:
        layout = lab_up(directory, neutron)
        base = 'http://127.0.0.1:%d/v2.1' % layout['api_port']
        boot.create_flavor(base, 'labplain', disk=0)
        requests.put(base + '/os-quota-sets/admin', headers=TOKEN, json={
            'quota_set': {'instances': -1, 'cores': -1, 'ram': -1}})
        networks = ([{'uuid': neutron_boot.network_of(
            'http://127.0.0.1:%d' % layout['neutron_port'], '10.98.0.0/16')}]
            if neutron else 'auto')
        idle = lab_counters.background(10) if args.count else None
        before = lab_counters.read() if args.count else None
        print('%s:' % ('Neutron ports' if neutron else 'fixed networks'),
              end=' ')
        done = boot.measure(base, 'labplain', args.servers, args.clients,
                            networks)
        if args.count:
            grown = lab_counters.difference(lab_counters.read(), before)
            boot.print_costs(base, done, grown, idle)
        return done
    finally:
        lab_down(directory)


def main():
    args = parse()
    # A SIGTERM (a timeout's) unwinds, so the lab goes down.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    print('servers: %d per round over a lab of two computes, %d REST '
          'clients, %d rounds' % (args.servers, args.clients, args.rounds))
    ratios = []
    for _ in range(args.rounds):
        fixed = one_round(args, neutron=False)
        ported = one_round(args, neutron=True)
        if fixed.rate:
            ratios.append(ported.rate / fixed.rate)
    if ratios:
        print('the lab with Neutron against the lab on fixed networks: '
              'median %.0f%% of its rate (%s)' % (
                  100 * statistics.median(ratios),
                  ', '.join('%.0f%%' % (100 * r) for r in ratios)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
