# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Waiting for a lab to be ready: the API answers on its port and lists
every compute of the lab as up, while no daemon of the lab has died."""
import time

import requests

from nova_lite_tools.lab import processes


class NotReady(Exception):
    pass


def _admin_get(layout, path):
    """The API's answer to an admin's GET, or None while it cannot give
    one."""
    try:
        answer = requests.get(layout.api_url + path,
                              headers={'X-Auth-Token': 'admin:admin'},
                              timeout=5)
    except requests.RequestException:
        return None
    return answer.json() if answer.status_code == 200 else None


def computes_up(layout):
    """The hostnames of this lab's computes that the API shows up."""
    found = _admin_get(layout, '/os-hypervisors/detail')
    return {h['hypervisor_hostname'] for h in (found or {}).get(
        'hypervisors', []) if h['state'] == 'up' and h['status'] == 'enabled'}


def control_services_up(layout):
    """The (binary, host) of the services that the API shows up."""
    found = _admin_get(layout, '/os-services')
    return {(s['binary'], s['host']) for s in (found or {}).get(
        'services', []) if s['state'] == 'up'}


def _control_services(layout):
    """What os-services calls each scheduler and conductor of the lab."""
    return {(binary.replace('nova-lite-', 'nova-'), host)
            for _name, binary, host in layout.controller_processes()
            if binary != 'nova-lite-api'}


def last_words(log):
    """The last line a daemon wrote to its log, which says why it could
    not start (or that it wrote nothing)."""
    try:
        with open(log, errors='replace') as written:
            lines = [line.strip() for line in written if line.strip()]
    except OSError:
        lines = []
    return lines[-1] if lines else 'its log is empty'


def wait(layout, started, timeout):
    """Return once every compute, scheduler and conductor is up; raise
    NotReady naming the daemon that died (and its log) or what was still
    missing at ``timeout``."""
    wanted = {layout.hostname(i) for i in range(1, layout.computes + 1)}
    control = _control_services(layout)
    deadline = time.monotonic() + timeout
    up, control_up = set(), set()
    while time.monotonic() < deadline:
        dead = sorted(set(started) - set(processes.running(layout)))
        if dead:
            log = layout.log(dead[0])
            raise NotReady('%s exited during start-up (%s); see %s' % (
                dead[0], last_words(log), log))
        up = computes_up(layout) & wanted
        control_up = control_services_up(layout) & control
        if up == wanted and control_up == control:
            return
        time.sleep(0.5)
    missing = sorted(wanted - up) + sorted(
        '%s on %s' % service for service in control - control_up)
    raise NotReady('after %d s the API shows %s up, not %s; logs in %s' % (
        timeout, sorted(up) or 'no compute', ', '.join(missing),
        layout.path('logs')))
