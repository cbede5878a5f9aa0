#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Time real moves of the demo guest between two real hosts (root).

Brings up its own ``nova-lite-lab up --real`` lab (two computes, each
with its own libvirtd in its own namespaces), boots the demo guest and
live-migrates it from one host to the other ``--rounds`` times, then
cold-migrates it and confirms, ``--rounds`` times. Prints, for each kind,
the time from the request to the server ``ACTIVE`` (live) or
``VERIFY_RESIZE`` (cold) on the destination with no task left, min /
p50 / max, and for the live migrations whether the guest's counter went
on without a restart every time. Brings the lab down at the end. It never
asserts: figures are for reading.

    .venv/bin/python bench/real_moves.py [--rounds 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import requests

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))
from nova_lite_tools import demo_image  # noqa: E402

HEADERS = {'X-Auth-Token': 'admin:admin',
           'OpenStack-API-Version': 'compute 2.86'}
PORTS = {'api': 28774, 'placement': 28778, 'image': 29292}


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--build-dir', default=os.path.join(
        os.environ.get('NOVA_LITE_STATE_DIR', './var'), 'demo-image'))
    return parser.parse_args()


def _lab(*args):
    tool = os.path.join(os.path.dirname(sys.executable), 'nova-lite-lab')
    result = subprocess.run([tool] + list(args), capture_output=True,
                            text=True)
    if result.returncode:
        sys.exit('nova-lite-lab %s failed: %s' % (args[0], result.stderr))


class Cloud:
    def __init__(self):
        self.base = 'http://127.0.0.1:%d/v2.1' % PORTS['api']

    def call(self, method, path, body=None):
        response = requests.request(method, self.base + path, json=body,
                                    headers=HEADERS, timeout=30)
        if response.status_code >= 400:
            sys.exit('%s %s: %s' % (method, path, response.text))
        return response.json() if response.content else None

    def server(self, sid):
        return self.call('GET', '/servers/%s' % sid)['server']

    def wait(self, sid, status, host=None, timeout=300):
        deadline = time.monotonic() + timeout
        while True:
            server = self.server(sid)
            if (server['status'] == status and
                    not server['OS-EXT-STS:task_state'] and
                    host in (None, server['OS-EXT-SRV-ATTR:host'])):
                return server
            if server['status'] == 'ERROR' or time.monotonic() > deadline:
                sys.exit('server %s: %s' % (sid, server))
            time.sleep(0.05)

    def console(self, sid):
        return self.call('POST', '/servers/%s/action' % sid,
                         {'os-getConsoleOutput': {}})['output']

    def wait_ticks(self, sid, count, timeout=120):
        deadline = time.monotonic() + timeout
        while len(demo_image.ticks(self.console(sid))) < count:
            if time.monotonic() > deadline:
                sys.exit('the guest does not count: %s' %
                         self.console(sid)[-300:])
            time.sleep(0.2)
        return demo_image.ticks(self.console(sid))


def _boot(cloud, files):
    image_id = demo_image.upload(files, 'http://127.0.0.1:%d' %
                                 PORTS['image'], 'admin:admin')
    cloud.call('POST', '/flavors', {'flavor': {
        'name': 'demo', 'id': 'demo', 'ram': 256, 'vcpus': 1, 'disk': 1}})
    sid = cloud.call('POST', '/servers', {'server': {
        'name': 'moving', 'flavorRef': 'demo', 'imageRef': image_id,
        'networks': 'none'}})['server']['id']
    cloud.wait(sid, 'ACTIVE')
    cloud.wait_ticks(sid, 1)
    return sid


def _other(cloud, sid, hosts):
    here = cloud.server(sid)['OS-EXT-SRV-ATTR:host']
    return [h for h in hosts if h != here][0]


def live_rounds(cloud, sid, hosts, rounds):
    times, continued = [], 0
    for _ in range(rounds):
        before = cloud.wait_ticks(sid, 1)[-1]
        dest = _other(cloud, sid, hosts)
        started = time.monotonic()
        cloud.call('POST', '/servers/%s/action' % sid, {'os-migrateLive': {
            'host': dest, 'block_migration': 'auto'}})
        cloud.wait(sid, 'ACTIVE', dest)
        times.append(time.monotonic() - started)
        console = cloud.console(sid)
        after = cloud.wait_ticks(sid, 1)
        continued += (demo_image.GUEST_UP not in console and
                      after[0] > before)
    return times, continued


def cold_rounds(cloud, sid, hosts, rounds):
    times = []
    for _ in range(rounds):
        dest = _other(cloud, sid, hosts)
        started = time.monotonic()
        cloud.call('POST', '/servers/%s/action' % sid, {'migrate': None})
        cloud.wait(sid, 'VERIFY_RESIZE', dest)
        times.append(time.monotonic() - started)
        cloud.call('POST', '/servers/%s/action' % sid,
                   {'confirmResize': None})
        cloud.wait(sid, 'ACTIVE', dest)
    return times


def _figures(times):
    return 'min %.2f s, p50 %.2f s, max %.2f s' % (
        min(times), statistics.median(times), max(times))


def main(args):
    files = demo_image.build(args.build_dir)
    state = tempfile.mkdtemp(prefix='nova-lite-bench-real-')
    lab = ['--name', 'benchreal', '--state-dir', state]
    _lab('up', *lab, '--real', '--computes', '2',
         '--subnet', '10.215.0.0/24', '--api-port', str(PORTS['api']),
         '--placement-port', str(PORTS['placement']),
         '--image-port', str(PORTS['image']))
    try:
        cloud = Cloud()
        hosts = ['benchreal-compute-1', 'benchreal-compute-2']
        sid = _boot(cloud, files)
        live, continued = live_rounds(cloud, sid, hosts, args.rounds)
        cold = cold_rounds(cloud, sid, hosts, args.rounds)
    finally:
        _lab('down', *lab, '--purge')
    print('real live migration, request -> ACTIVE on the destination '
          '(%d rounds): %s; the guest counted on without a restart %d '
          'of %d times' % (len(live), _figures(live), continued, len(live)))
    print('real cold migration, request -> VERIFY_RESIZE on the '
          'destination (%d rounds): %s' % (len(cold), _figures(cold)))


if __name__ == '__main__':
    main(parse())
