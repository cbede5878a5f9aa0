# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``bench/boot.py --real``: 5 demo guests, one after the other, on this
machine's libvirtd (QEMU software emulation).

Starts an all-in-one with one compute on ``qemu:///system`` (libvirtd set
up first with nova-lite-libvirtd), uploads the demo image, then for each
guest: POST, wait for ``nova-lite guest up`` on its console (read with
os-getConsoleOutput every 100 ms), delete, wait until it is gone. Prints
each guest's POST -> guest-up time split into

* ours: API, scheduling, claims and our bookkeeping (POST -> ACTIVE,
  less the two parts below),
* files: fetching the image (first guest only; cached after) and laying
  out the guest's files, qemu-img included,
* libvirt: defineXML and create (QEMU started),
* guest: from ACTIVE to the line on the console (the guest kernel and
  initramfs running under QEMU),

and the share of the whole spent in our code (ours + files).
"""
import os
import re
import statistics
import subprocess
import sys
import time

import requests

import common
from nova_lite_tools import demo_image

# A host name and domain names of its own: a deployment already on this
# libvirtd (make run-real) keeps its guests.
CONFIG = """[DEFAULT]
state_path = {{state}}
host = nova-lite-bench
instance_name_template = bench-%(uuid)s
default_log_levels = nova_lite=WARN,oslo_messaging=WARN,stevedore=WARN,nova_lite.virt.libvirt.driver=INFO
[api]
port = {port}
[placement]
port = {placement_port}
[image]
port = {image_port}
[glance]
api_servers = http://127.0.0.1:{image_port}
[all_in_one]
real_host = true
[libvirt]
connection_uri = qemu:///system
virt_type = qemu
"""
SPLIT = re.compile(r'guest of (\S+) started: files ([0-9.]+) s, libvirt '
                   r'([0-9.]+) s')
HEADERS = {'X-Auth-Token': 'admin:admin'}


def _setup_libvirtd():
    tool = os.path.join(os.path.dirname(sys.executable), 'nova-lite-libvirtd')
    subprocess.run([tool], check=True)


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit('timed out waiting for %s' % what)
        time.sleep(0.1)


def _status(base, server_id):
    response = requests.get(base + '/servers/' + server_id, headers=HEADERS)
    if response.status_code == 404:
        return 'GONE'
    server = response.json()['server']
    if server['status'] == 'ERROR':
        raise SystemExit('guest failed: %s' % server.get('fault'))
    return server['status']


def _guest_up(base, server_id):
    response = requests.post(base + '/servers/%s/action' % server_id,
                             json={'os-getConsoleOutput': {}},
                             headers=HEADERS)
    return demo_image.GUEST_UP in response.json().get('output', '')


def _one_guest(base, image_id, index):
    posted = time.monotonic()
    server_id = requests.post(base + '/servers', headers=HEADERS, json={
        'server': {'name': 'real-%d' % index, 'flavorRef': 'demo',
                   'imageRef': image_id}}).json()['server']['id']
    _wait(lambda: _status(base, server_id) == 'ACTIVE', 300, 'ACTIVE')
    active = time.monotonic()
    _wait(lambda: _guest_up(base, server_id), 300, 'the guest')
    up = time.monotonic()
    requests.delete(base + '/servers/' + server_id, headers=HEADERS)
    _wait(lambda: _status(base, server_id) == 'GONE', 120, 'the delete')
    return server_id, active - posted, up - active


def _splits(log_path):
    with open(log_path) as log:
        return {m.group(1): (float(m.group(2)), float(m.group(3)))
                for m in SPLIT.finditer(log.read())}


def main(args):
    _setup_libvirtd()
    port, image_port = common.free_port(), common.free_port()
    process, state = common.start_daemon(
        'nova-lite-all-in-one', CONFIG.format(
            port=port, placement_port=common.free_port(),
            image_port=image_port), port, sync=False)
    base = 'http://127.0.0.1:%d/v2.1' % port
    try:
        files = demo_image.build(os.path.join(os.environ.get(
            'NOVA_LITE_STATE_DIR', 'var'), 'demo-image'))
        image_id = demo_image.upload(
            files, 'http://127.0.0.1:%d' % image_port, 'admin:admin')
        requests.post(base + '/flavors', headers=HEADERS, json={'flavor': {
            'name': 'demo', 'id': 'demo', 'ram': 256, 'vcpus': 1,
            'disk': 1}})
        runs = [_one_guest(base, image_id, i) for i in range(args.guests)]
    finally:
        process.terminate()
        process.wait(60)
    _report(runs, _splits(os.path.join(state, 'daemon.log')))
    return 0


def _report(runs, splits):
    print('%d guests, one after the other, on qemu:///system (virt_type '
          'qemu)' % len(runs))
    print('guest  POST->up   ours   files  libvirt  guest  (seconds)')
    shares = []
    for index, (server_id, to_active, to_up) in enumerate(runs, 1):
        files, libvirt_s = splits.get(server_id, (0.0, 0.0))
        ours = to_active - files - libvirt_s
        total = to_active + to_up
        shares.append((ours + files) / total)
        print('%5d  %8.2f  %5.2f  %6.2f  %7.2f  %5.2f' % (
            index, total, ours, files, libvirt_s, to_up))
    print('POST->guest up median: %.2f s; share in our code (ours + files) '
          'median: %.1f%%' % (statistics.median(r[1] + r[2] for r in runs),
                              100 * statistics.median(shares)))
