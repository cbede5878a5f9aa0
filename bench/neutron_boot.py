#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Boots with a real network service against boots on the fixed networks,
in one run (needs root: the network service's chassis live in network
namespaces).

Starts Neutron (ML2/OVN) with a chassis per simulated host
(nova_lite_tools.network_service), then for each of ``--rounds`` rounds
an all-in-one on the fixed networks booting N servers with an address
(``networks: auto``) and an all-in-one on Neutron booting N servers with
a port on one network (made, bound, plugged into the host's chassis and
reported plugged by Neutron before ACTIVE), each deleting what it booted.
Prints boots/s and POST->ACTIVE p50/p95 of each round and the median
ratio of the rates; never asserts.

    .venv/bin/python bench/neutron_boot.py [--servers 60] [--hosts 2] \
        [--rounds 3]
"""
import argparse
import signal
import statistics
import sys
import tempfile

import requests

import boot
import common
from nova_lite_tools.network_service import nova_lite_config
from nova_lite_tools.network_service import stack as stack_mod

TOKEN = {'X-Auth-Token': 'admin:admin'}


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--servers', type=int, default=60)
    parser.add_argument('--hosts', type=int, default=2)
    parser.add_argument('--clients', type=int, default=8)
    parser.add_argument('--rounds', type=int, default=3)
    return parser.parse_args()


def network_of(neutron_url, cidr='10.99.0.0/16'):
    """A network with a subnet large enough for the run, in the Neutron
    at ``neutron_url``; its id."""
    url = neutron_url + '/v2.0'
    network = requests.post(url + '/networks', headers=TOKEN, json={
        'network': {'name': 'bench'}}).json()['network']
    requests.post(url + '/subnets', headers=TOKEN, json={'subnet': {
        'network_id': network['id'], 'ip_version': 4,
        'cidr': cidr}}).raise_for_status()
    return network['id']


def one_round(args, extra, port, networks, prefix):
    process, base, _ = start(args.hosts, extra, port)
    try:
        boot.create_flavor(base, 'plain')
        done = boot.measure(base, 'plain', args.servers, args.clients,
                            networks, prefix=prefix)
        boot.delete_all(base, prefix + '-')
        return done.rate
    finally:
        process.terminate()
        process.wait(60)


def start(hosts, extra, port):
    config = boot.all_in_one_config(port, hosts) + extra
    process, _state = common.start_daemon('nova-lite-all-in-one', config,
                                          port, sync=False, timeout=120)
    return process, 'http://127.0.0.1:%d/v2.1' % port, None


def main():
    args = parse()
    # A SIGTERM (a timeout's) unwinds, so the network service goes down.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    port = common.free_port()
    stack = stack_mod.Stack(
        tempfile.mkdtemp(prefix='nova-lite-bench-network-'),
        ['sim-host-%d' % i for i in range(1, args.hosts + 1)],
        port=common.free_port(),
        compute_url='http://127.0.0.1:%d/v2.1' % port)
    stack_mod.up(stack)
    ratios = []
    try:
        network = network_of(stack.url)
        # Formatted again with the state directory: braces doubled.
        extra = nova_lite_config.options(
            stack.url, stack.directory + '/chassis').replace(
                '{', '{{').replace('}', '}}')
        print('servers: %d a round over %d hosts, %d REST clients' % (
            args.servers, args.hosts, args.clients))
        for _ in range(args.rounds):
            fixed = one_round(args, '', common.free_port(), 'auto', 'fixed')
            ported = one_round(args, extra, port, [{'uuid': network}],
                               'neutron')
            ratios.append(ported / fixed if fixed else float('nan'))
    finally:
        stack_mod.down(stack)
    print('boots/s with Neutron ports against fixed addresses: median '
          '%.0f%% (%s)' % (100 * statistics.median(ratios), ', '.join(
              '%.0f%%' % (100 * r) for r in ratios)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
