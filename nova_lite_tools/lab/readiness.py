"""Waiting for a lab to be ready: the API answers on its port and lists
every compute of the lab as up, while no daemon of the lab has died."""
import time

import requests

from nova_lite_tools.lab import processes


class NotReady(Exception):
    pass


def computes_up(layout):
    """The hostnames of this lab's computes that the API shows up."""
    try:
        answer = requests.get(layout.api_url + '/os-hypervisors/detail',
                              headers={'X-Auth-Token': 'admin:admin'},
                              timeout=5)
    except requests.RequestException:
        return set()
    if answer.status_code != 200:
        return set()
    return {h['hypervisor_hostname'] for h in answer.json()['hypervisors']
            if h['state'] == 'up' and h['status'] == 'enabled'}


def wait(layout, started, timeout):
    """Return once every compute is up; raise NotReady naming the daemon
    that died (and its log) or what was still missing at ``timeout``."""
    wanted = {layout.hostname(i) for i in range(1, layout.computes + 1)}
    deadline = time.monotonic() + timeout
    up = set()
    while time.monotonic() < deadline:
        dead = sorted(set(started) - set(processes.running(layout)))
        if dead:
            raise NotReady('%s exited during start-up; see %s' % (
                dead[0], layout.log(dead[0])))
        up = computes_up(layout) & wanted
        if up == wanted:
            return
        time.sleep(0.5)
    raise NotReady('after %d s the API shows %s up, not %s; logs in %s' % (
        timeout, sorted(up) or 'no compute', sorted(wanted - up),
        layout.path('logs')))
