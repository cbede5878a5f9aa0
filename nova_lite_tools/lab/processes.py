# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab's daemons: started in the background, each with its own log
and pid file under the lab's state directory, so that ``down`` (another
process, later) finds and stops them."""
import os
import signal
import subprocess
import time

from nova_lite_tools import pids


class StartError(Exception):
    """A lab process did not come up."""


def start(layout, name, argv, env=None):
    """Start ``argv`` detached from this process (its own session: the
    lab outlives ``nova-lite-lab up``) and record its pid."""
    os.makedirs(layout.path('logs'), exist_ok=True)
    os.makedirs(layout.path('pids'), exist_ok=True)
    with open(layout.log(name), 'ab') as log:
        process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, env=env,
                                   start_new_session=True)
    with open(layout.pidfile(name), 'w') as pidfile:
        pidfile.write('%d\n' % process.pid)
    return process


def running(layout):
    """{name: pid} of the lab's processes that are alive."""
    alive = {}
    directory = layout.path('pids')
    if not os.path.isdir(directory):
        return alive
    for entry in sorted(os.listdir(directory)):
        pid = pids.read(os.path.join(directory, entry))
        if pid and pids.alive(pid):
            alive[entry[:-len('.pid')]] = pid
    return alive


def stop(layout, names, timeout=30):
    """SIGTERM the named processes (they drain and exit), SIGKILL those
    still there after ``timeout``; forget their pid files. Returns the
    names that had to be killed."""
    alive = {n: p for n, p in running(layout).items() if n in names}
    for pid in alive.values():
        pids.send(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(map(pids.alive, alive.values())):
        time.sleep(0.1)
    killed = [n for n, p in alive.items() if pids.alive(p)]
    for name in killed:
        pids.send(alive[name], signal.SIGKILL)
    for name in names:
        try:
            os.unlink(layout.pidfile(name))
        except FileNotFoundError:
            pass
    return killed
