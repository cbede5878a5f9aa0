# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console URLs and the console proxies: how long a URL takes, and how
long from ``openstack console url show`` to the guest's first byte.

    .venv/bin/python bench/consoles.py [--urls 200] [--cli 5] \
        [--transport-url rabbit://guest:guest@127.0.0.1:5672/]
    .venv/bin/python bench/consoles.py --real [--rounds 5]

Starts an all-in-one and boots a server, then prints:

* ``POST /servers/{id}/remote-consoles`` (novnc), one after the other:
  median and 95th percentile (the compute's RPC answer and the token's
  write included);
* ``openstack console url show --novnc``, the whole command (its start,
  authentication and the call): median;
* the proxy's admission of a websocket (origin, token taken, server
  read, the compute's confirmation over RPC) up to its answer: median.
  On simulated hosts the answer is the close of a console that cannot
  be reached, after all the checks.

A URL and an admission each make one RPC call to the server's compute.
The all-in-one's in-process ``fake://`` transport delivers a call at
its listener's next poll (every 50 ms); ``--transport-url`` runs the
all-in-one on a broker instead.

With ``--real`` (root; this machine's libvirtd, set up with
nova-lite-libvirtd as ``bench/boot.py --real`` does) the server is the
demo guest with its serial console enabled, and each round times
``openstack console url show --serial`` and then the websocket from its
opening to the guest's first byte (the shell's answer to a carriage
return); and the same for ``--novnc`` up to the VNC greeting.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from urllib import parse

import requests
import websocket

import common
from nova_lite_tools import demo_image
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
[glance]
api_servers = http://127.0.0.1:{image_port}
[all_in_one]
simulated_hosts = 1
[vnc]
novncproxy_port = {vnc_port}
novncproxy_base_url = http://127.0.0.1:{vnc_port}/vnc_lite.html
[serial_console]
enabled = true
serialproxy_port = {serial_port}
base_url = ws://127.0.0.1:{serial_port}/
"""
REAL = """[DEFAULT]
host = nova-lite-bench
instance_name_template = bench-%(uuid)s
[all_in_one]
real_host = true
[libvirt]
connection_uri = qemu:///system
virt_type = qemu
"""
HEADERS = {'X-Auth-Token': 'admin:admin'}


def _parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--urls', type=int, default=200)
    parser.add_argument('--cli', type=int, default=5)
    parser.add_argument('--real', action='store_true')
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--transport-url', default=None)
    return parser.parse_args()


def _url(base, server_id, protocol='vnc', kind='novnc'):
    answer = requests.post(
        base + '/servers/%s/remote-consoles' % server_id, headers=dict(
            HEADERS, **{'OpenStack-API-Version': 'compute 2.6'}),
        json={'remote_console': {'protocol': protocol, 'type': kind}})
    answer.raise_for_status()
    return answer.json()['remote_console']['url']


def _websocket_url(url):
    parts = parse.urlsplit(url)
    query = parse.parse_qs(parts.query)
    if 'path' in query:
        return 'ws://%s/%s' % (parts.netloc, query['path'][0].lstrip('/'))
    return url


def _cli(env, server_id, kind):
    started = time.monotonic()
    out = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'openstack'),
         '--os-compute-api-version', '2.6', 'console', 'url', 'show',
         '--' + kind, server_id, '-f', 'json'],
        env=env, capture_output=True, text=True, check=True).stdout
    return time.monotonic() - started, json.loads(out)['url']


def _first_byte(url, poke=None):
    """Seconds from opening the websocket to the console's first byte
    (or, on a simulated host, to the proxy's close)."""
    started = time.monotonic()
    client = websocket.create_connection(
        _websocket_url(url), origin='http://127.0.0.1', timeout=30,
        subprotocols=['binary'])
    if poke:
        client.send_binary(poke)
    client.recv_data(control_frame=True)
    took = time.monotonic() - started
    client.close()
    return took


def _median_ms(values):
    return 1000 * statistics.median(values)


def _p95_ms(values):
    return 1000 * sorted(values)[int(len(values) * 0.95) - 1]


def _boot(base, image_id=None, flavor='small'):
    server = {'name': 'console-bench', 'flavorRef': flavor}
    if image_id:
        server['imageRef'] = image_id
    server_id = requests.post(base + '/servers', headers=HEADERS, json={
        'server': server}).json()['server']['id']
    real_boot._wait(lambda: real_boot._status(base, server_id) == 'ACTIVE',
                    300, 'ACTIVE')
    return server_id


def _simulated(args, base, state):
    requests.post(base + '/flavors', headers=HEADERS, json={'flavor': {
        'name': 'small', 'id': 'small', 'ram': 256, 'vcpus': 1,
        'disk': 1}})
    server_id = _boot(base)
    times = []
    for _ in range(args.urls):
        started = time.monotonic()
        _url(base, server_id)
        times.append(time.monotonic() - started)
    env = dict(os.environ, OS_CLIENT_CONFIG_FILE=os.path.join(
        state, 'clouds.yaml'), OS_CLOUD='nova-lite')
    cli = [_cli(env, server_id, 'novnc')[0] for _ in range(args.cli)]
    admissions = [_first_byte(_url(base, server_id))
                  for _ in range(min(args.urls, 50))]
    print('remote-consoles (novnc), %d one after the other: median %.2f '
          'ms, p95 %.2f ms' % (args.urls, _median_ms(times),
                               _p95_ms(times)))
    print('openstack console url show --novnc, %d runs: median %.0f ms' % (
        args.cli, _median_ms(cli)))
    print('proxy admission to its answer (simulated host: close), %d: '
          'median %.2f ms' % (len(admissions), _median_ms(admissions)))


def _real(args, base, state, image_port):
    files = demo_image.build(os.path.join(os.environ.get(
        'NOVA_LITE_STATE_DIR', 'var'), 'demo-image'))
    image_id = demo_image.upload(files, 'http://127.0.0.1:%d' % image_port,
                                 'admin:admin')
    requests.post(base + '/flavors', headers=HEADERS, json={'flavor': {
        'name': 'demo', 'id': 'demo', 'ram': 256, 'vcpus': 1, 'disk': 1}})
    server_id = _boot(base, image_id, 'demo')
    real_boot._wait(lambda: real_boot._guest_up(base, server_id), 300,
                    'the guest')
    env = dict(os.environ, OS_CLIENT_CONFIG_FILE=os.path.join(
        state, 'clouds.yaml'), OS_CLOUD='nova-lite')
    print('round  kind    cli (ms)  websocket to first byte (ms)')
    rows = {'serial': [], 'novnc': []}
    for index in range(1, args.rounds + 1):
        for kind, poke in (('serial', b'\r'), ('novnc', None)):
            cli, url = _cli(env, server_id, kind)
            first = _first_byte(url, poke)
            rows[kind].append((cli, first))
            print('%5d  %-6s  %8.0f  %8.1f' % (index, kind, 1000 * cli,
                                               1000 * first))
    for kind, values in rows.items():
        print('%s: median cli %.0f ms, first byte %.1f ms after the '
              'websocket opens' % (kind, _median_ms([v[0] for v in values]),
                                   _median_ms([v[1] for v in values])))
    requests.delete(base + '/servers/' + server_id, headers=HEADERS)


def main():
    args = _parse()
    ports = {name: common.free_port() for name in (
        'port', 'placement_port', 'image_port', 'vnc_port', 'serial_port')}
    config = CONFIG.format(**ports) + (REAL if args.real else '')
    if args.transport_url:
        config += '[DEFAULT]\ntransport_url = %s\n' % args.transport_url
    if args.real:
        real_boot._setup_libvirtd()
    process, state = common.start_daemon('nova-lite-all-in-one', config,
                                         ports['port'])
    base = 'http://127.0.0.1:%d/v2.1' % ports['port']
    try:
        if args.real:
            _real(args, base, state, ports['image_port'])
        else:
            _simulated(args, base, state)
    finally:
        process.terminate()
        process.wait(60)
    return 0


if __name__ == '__main__':
    sys.exit(main())
