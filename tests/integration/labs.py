# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Labs of the tests' own, brought up and down with nova-lite-lab.

Each has its own name, subnet, ports, vhost and database, so it runs
beside a developer's ``make lab``; ``down --purge`` must leave no
namespace of it behind.
"""
import collections
import contextlib
import json
import os
import random
import subprocess
import sys
import time
import uuid

import requests

from nova_lite_tools import ports


def nova_lite_lab(*args, timeout=300):
    return subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'nova-lite-lab')] +
        list(args), capture_output=True, text=True, timeout=timeout)


def namespaces():
    listing = subprocess.run(['ip', 'netns', 'list'], capture_output=True,
                             text=True, check=True).stdout
    return [line.split()[0] for line in listing.splitlines() if line]


# Enough for the labs the tests start (one API worker, up to two each of
# schedulers and conductors).
METRICS_PORTS = 8


@contextlib.contextmanager
def running(state_dir, *extra):
    """A lab up (two computes unless ``extra`` says otherwise) for the
    duration; its saved layout (lab.json) as a dict."""
    name = 't%s' % uuid.uuid4().hex[:6]
    apis = [ports.free_port() for _ in range(5)]
    # The control processes' metrics on the ports after this one.
    metrics = ports.free_ports(METRICS_PORTS, apart_from=apis + [
        int(arg) for arg in extra if arg.isdigit()])  # a neutron port...
    up = nova_lite_lab(
        'up', '--name', name, '--state-dir', state_dir, '--computes', '2',
        '--subnet', '10.212.%d.0/24' % random.randrange(256),
        '--api-port', str(apis[0]), '--placement-port', str(apis[1]),
        '--image-port', str(apis[2]), '--novnc-port', str(apis[3]),
        '--serial-port', str(apis[4]), '--metrics-port', str(metrics),
        *extra)
    with open(os.path.join(state_dir, 'lab.json')) as saved:
        layout = json.load(saved)
    try:
        assert up.returncode == 0, up.stderr
        yield layout
    finally:
        down = nova_lite_lab('down', '--name', name, '--state-dir',
                             state_dir, '--purge')
        assert down.returncode == 0, down.stderr
        assert not [ns for ns in namespaces() if name in ns]
        assert not _outliving(state_dir)


def _outliving(state_dir, grace=30):
    """The lab's processes still there ``grace`` seconds after its
    down (a broker node told to stop may take a few to exit)."""
    deadline = time.monotonic() + grace
    while _processes_of(state_dir) and time.monotonic() < deadline:
        time.sleep(0.5)
    return _processes_of(state_dir)


def _processes_of(state_dir):
    """The command lines of this machine's processes that name the
    lab's state directory (its daemons' configuration files)."""
    found = []
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open('/proc/%s/cmdline' % pid, 'rb') as cmdline:
                line = cmdline.read().replace(b'\0', b' ').decode()
        except OSError:
            continue  # gone meanwhile
        if state_dir in line:
            found.append(line)
    return found


def audit_report(config_file):
    """``nova-lite-manage placement audit``'s lines."""
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'nova-lite-manage'),
         '--config-file', str(config_file), 'placement', 'audit'],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()


def audit(config_file):
    """``nova-lite-manage placement audit``'s last line."""
    return audit_report(config_file)[-1]


def settled(api, ids, timeout=300):
    """The servers ``ids`` (an admin's ``Api``), once none is building
    and none has a task left."""
    deadline = time.monotonic() + timeout
    while True:
        servers = [s for s in api.get('/servers/detail?all_tenants=1')[1][
            'servers'] if s['id'] in ids]
        if all(s['status'] != 'BUILD' and not s['OS-EXT-STS:task_state']
               for s in servers):
            return servers
        assert time.monotonic() < deadline, collections.Counter(
            (s['status'], s['OS-EXT-STS:task_state']) for s in servers)
        time.sleep(1)


def create_server(lab, name, flavor):
    """POST /servers of ``flavor`` without a network on the lab, as an
    admin at 2.37: the answer (a burst posts many of these at once)."""
    return requests.post(
        'http://127.0.0.1:%d/v2.1/servers' % lab['api_port'],
        json={'server': {'name': name, 'flavorRef': flavor,
                         'networks': 'none'}},
        headers={'X-Auth-Token': 'admin:admin',
                 'OpenStack-API-Version': 'compute 2.37'}, timeout=120)
