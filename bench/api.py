#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Median latency of compute API calls through the full pipeline.

Starts ``nova-lite-api`` (waitress, the production WSGI server, with the
api-paste.ini pipeline) on a fresh SQLite database and times, from one
client on loopback: GET /flavors/detail with 10 flavors, GET one flavor,
POST a flavor, POST extra specs (valid) and POST extra specs (invalid,
refused with 400 by the microversion 2.86 validation), and GET
/servers/detail of 100 servers at 2.95 and at 2.100 (where each server
also shows what its request spec says: its pinned zone and scheduler
hints, read for the whole page at once). Prints the median of each; it
never asserts.

The client is http.client on one keep-alive connection: on this machine
kind requests adds about a millisecond of its own to every call, which is
the client's time, not the API's.

    .venv/bin/python bench/api.py [--rounds 200]
"""
import argparse
import http.client
import json
import statistics
import sys
import time

import common

CONFIG = """[DEFAULT]
state_path = {{state}}
default_log_levels = nova_lite=WARN,oslo_messaging=WARN
transport_url = fake://
[api]
port = {port}
[image]
enabled = false
[placement]
enabled = false
"""


def start_api():
    port = common.free_port()
    process, _state = common.start_daemon(
        'nova-lite-api', CONFIG.format(port=port), port)
    return process, 'http://127.0.0.1:%d/v2.1' % port


class Client:
    """JSON over one keep-alive connection, with the bench's headers."""

    def __init__(self, base):
        self.prefix = '/v2.1'
        self.conn = http.client.HTTPConnection(
            base.split('//', 1)[1].split('/', 1)[0])
        self.headers = {'X-Auth-Token': 'admin:admin',
                        'OpenStack-API-Version': 'compute latest',
                        'Content-Type': 'application/json'}

    def call(self, method, path, body=None, version=None):
        headers = dict(self.headers)
        if version:
            headers['OpenStack-API-Version'] = 'compute %s' % version
        self.conn.request(method, self.prefix + path,
                          body=json.dumps(body) if body is not None
                          else None, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.status >= 500:
            raise SystemExit('%s %s: %s' % (method, path, payload))
        return response.status


def make_servers(client, count):
    """``count`` servers (left building: no conductor takes them)."""
    client.call('PUT', '/os-quota-sets/admin', {'quota_set': {
        'instances': -1, 'cores': -1, 'ram': -1}})
    for i in range(count):
        status = client.call('POST', '/servers', {
            'server': {'name': 'vm%d' % i, 'flavorRef': 'f0',
                       'networks': 'none'},
            'os:scheduler_hints': {'build_near_host_ip': '10.0.0.%d' % i}})
        if status != 202:
            raise SystemExit('server create answered %d' % status)


def median_ms(call, rounds):
    samples = []
    for i in range(rounds):
        start = time.perf_counter()
        call(i)
        samples.append(time.perf_counter() - start)
    return 1000 * statistics.median(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=200)
    args = parser.parse_args()
    process, base = start_api()
    client = Client(base)
    try:
        for i in range(10):
            client.call('POST', '/flavors', {'flavor': {
                'name': 'f%d' % i, 'id': 'f%d' % i, 'ram': 512,
                'vcpus': 1, 'disk': 1}})
        rounds = args.rounds
        figures = [
            ('GET /flavors/detail (10 flavors)', median_ms(
                lambda i: client.call('GET', '/flavors/detail'), rounds)),
            ('GET /flavors/f1', median_ms(
                lambda i: client.call('GET', '/flavors/f1'), rounds)),
            ('POST /flavors', median_ms(
                lambda i: client.call('POST', '/flavors', {'flavor': {
                    'name': 'new%d' % i, 'ram': 512, 'vcpus': 1,
                    'disk': 1}}), rounds)),
            ('POST extra specs (valid)', median_ms(
                lambda i: client.call(
                    'POST', '/flavors/f1/os-extra_specs',
                    {'extra_specs': {'hw:cpu_policy': 'dedicated',
                                     'quota:cpu_shares': str(i)}}),
                rounds)),
            ('POST extra specs (invalid)', median_ms(
                lambda i: client.call(
                    'POST', '/flavors/f1/os-extra_specs',
                    {'extra_specs': {'hw:cpu_policy': 'sometimes'}}),
                rounds)),
        ]
        make_servers(client, 100)
        for version in ('2.95', '2.100'):
            figures.append((
                'GET /servers/detail (100) at %s' % version, median_ms(
                    lambda i: client.call('GET', '/servers/detail',
                                          version=version),
                    max(rounds // 10, 5))))
    finally:
        process.terminate()
        process.wait(30)
    for name, value in figures:
        print('%-34s median %6.2f ms' % (name, value))
    return 0


if __name__ == '__main__':
    sys.exit(main())
