# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Open vSwitch and OVN daemons run from a directory of ours: each
detaches itself and writes its pid, log and control socket there, and is
stopped by its pid file."""
import os
import signal
import subprocess
import time

from nova_lite_tools import pids


class DaemonError(Exception):
    """A daemon of the network service did not come up."""


def environment(directory):
    """The daemons' and tools' run, log and database directories: ours,
    not the system's."""
    env = dict(os.environ)
    for name in ('OVS_RUNDIR', 'OVS_LOGDIR', 'OVS_DBDIR', 'OVN_RUNDIR',
                 'OVN_LOGDIR', 'OVN_DBDIR'):
        env[name] = directory
    return env


def in_namespace(namespace, argv):
    return (['ip', 'netns', 'exec', namespace] + argv if namespace
            else argv)


def start(directory, name, argv, namespace=None):
    """Run ``argv`` (a daemon that detaches) as ``name``, its files in
    ``directory``; DaemonError with its log's end if it fails."""
    argv = argv + ['--detach', '--no-chdir',
                   '--pidfile=%s' % pidfile(directory, name),
                   '--log-file=%s' % os.path.join(directory, name + '.log')]
    done = subprocess.run(in_namespace(namespace, argv),
                          env=environment(directory), capture_output=True,
                          text=True)
    if done.returncode:
        raise DaemonError('%s did not start: %s' % (
            name, (done.stderr or done.stdout).strip()[-2000:]))


def run(directory, argv, namespace=None):
    """A tool's run against our daemons; its output."""
    done = subprocess.run(in_namespace(namespace, argv),
                          env=environment(directory), capture_output=True,
                          text=True)
    if done.returncode:
        raise DaemonError('%s failed: %s' % (' '.join(argv),
                                             done.stderr.strip()))
    return done.stdout


def pidfile(directory, name):
    return os.path.join(directory, name + '.pid')


def stop(directory, name, timeout=10):
    """SIGTERM the daemon, SIGKILL it if it is still there after
    ``timeout``; nothing if it is not running."""
    pid = pids.read(pidfile(directory, name))
    if not pid:
        return
    pids.send(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and pids.alive(pid):
        time.sleep(0.05)
    if pids.alive(pid):
        pids.send(pid, signal.SIGKILL)


def wait_for(check, timeout, what):
    """Poll ``check()`` until it is true; DaemonError naming ``what`` if
    ``timeout`` passes first."""
    deadline = time.monotonic() + timeout
    while True:
        if check():
            return
        if time.monotonic() > deadline:
            raise DaemonError('%s within %ss' % (what, timeout))
        time.sleep(0.1)
