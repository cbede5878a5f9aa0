# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab compute on a real hypervisor: its own libvirtd in its namespace.

``nova-lite-lab up --real`` starts each compute through this module, in
the compute's network namespace and in a mount namespace of its own
(``unshare -m``), where it mounts the host's own ``/run/libvirt`` (a
tmpfs), ``/etc/libvirt``, ``/var/lib/libvirt``, ``/var/log/libvirt``,
instances directory and ``/etc/hosts`` over the machine's, makes the
bridges of the compute's physical networks, starts ``virtlogd`` and
``libvirtd`` (listening on TCP at the compute's address: the hosts'
libvirtds move guests between them) and, once libvirtd answers,
becomes the compute agent. Each host thus has its own libvirtd, guests,
files and address, as separate machines would; QEMU runs as root, its
guests in software emulation. ``down`` kills whatever runs in the
namespace (the agent, libvirtd, virtlogd, the guests' QEMU).

Every host mounts its instances directory at the same place,
``INSTANCES_PATH``: moves assume one ``instances_path`` on every host.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

from nova_lite_tools import libvirtd

INSTANCES_PATH = '/var/lib/nova-lite/instances'
# Where libvirt's ovs-vsctl finds Open vSwitch's database: a host with a
# chassis of the network service mounts the chassis's directory here.
OVS_RUN = '/run/openvswitch'
# The machine's directories each host has its own copy of, by the name
# of that copy in the host's directory.
MOUNTS = {'etc': '/etc/libvirt', 'lib': '/var/lib/libvirt',
          'log': '/var/log/libvirt', 'instances': INSTANCES_PATH}
LISTEN = """
# nova-lite-lab: the hosts' libvirtds move guests between them over TCP,
# on the lab's own network.
listen_tls = 0
listen_tcp = 1
auth_tcp = "none"
"""


def prepare_machine():
    """What every real host needs of the machine (root): libvirt and
    QEMU installed, and the places its directories are mounted on."""
    libvirtd.install_packages()
    libvirtd.ensure_qemu_user()
    for path in list(MOUNTS.values()) + ['/run/libvirt', OVS_RUN]:
        os.makedirs(path, exist_ok=True)


def prepare_host(directory, addresses):
    """The host's own directories, its libvirt configuration a copy of
    the machine's that listens on TCP and runs QEMU as root, and its
    ``/etc/hosts`` naming the lab's hosts (``addresses``: {name:
    address}): libvirtd resolves its own hostname as it starts a guest,
    which would otherwise wait on a DNS server the lab cannot reach."""
    for name in MOUNTS:
        os.makedirs(os.path.join(directory, name), exist_ok=True)
    with open('/etc/hosts') as f:
        machine_hosts = f.read()
    with open(os.path.join(directory, 'hosts'), 'w') as f:
        f.write(machine_hosts.rstrip('\n') + '\n' + ''.join(
            '%s %s\n' % (address, name)
            for name, address in sorted(addresses.items())))
    etc = os.path.join(directory, 'etc')
    shutil.copytree('/etc/libvirt', etc, dirs_exist_ok=True)
    conf = os.path.join(etc, 'libvirtd.conf')
    with open(conf) as f:
        text = f.read()
    if LISTEN not in text:
        with open(conf, 'a') as f:
            f.write(LISTEN)
    libvirtd.configure_qemu(os.path.join(etc, 'qemu.conf'))


def command(namespace, hostname, directory, config_file, chassis=None):
    """The argv that starts the host in ``namespace`` (with the
    directory of its network service's chassis, if it has one)."""
    return ['ip', 'netns', 'exec', namespace, 'unshare', '--uts', '-m',
            '--propagation', 'private', sys.executable, '-m', __name__,
            '--hostname', hostname, '--directory', directory,
            '--config-file', config_file] + (
                ['--chassis', chassis] if chassis else [])


def _run(*args):
    subprocess.run(args, check=True, capture_output=True)


def _mount_own_directories(directory, chassis=None):
    _run('mount', '-t', 'tmpfs', 'tmpfs', '/run/libvirt')
    for name, path in MOUNTS.items():
        _run('mount', '--bind', os.path.join(directory, name), path)
    _run('mount', '--bind', os.path.join(directory, 'hosts'), '/etc/hosts')
    if chassis:
        # libvirt plugs a guest's port with ovs-vsctl, which looks for
        # the database here: the host's chassis's.
        _run('mount', '--bind', chassis, OVS_RUN)


def _start_daemons(directory):
    run = os.path.join(directory, 'run')
    os.makedirs(run, exist_ok=True)
    for daemon, extra in (('virtlogd', []), ('libvirtd', ['--listen'])):
        _run(daemon, '-d', '-p', os.path.join(run, daemon + '.pid'), *extra)


def _become_compute(config_file):
    binary = os.path.join(os.path.dirname(sys.executable),
                          'nova-lite-compute')
    os.execv(binary, [binary, '--config-file', config_file])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--hostname', required=True)
    parser.add_argument('--directory', required=True)
    parser.add_argument('--config-file', required=True)
    parser.add_argument('--chassis',
                        help="the directory of the host's network service "
                             'chassis (its Open vSwitch database)')
    args = parser.parse_args(argv)
    _run('hostname', args.hostname)
    _mount_own_directories(args.directory, args.chassis)
    libvirtd.ensure_bridges(libvirtd.bridges([args.config_file]))
    _start_daemons(args.directory)
    libvirtd.wait_ready(timeout=180)
    _become_compute(args.config_file)


def _pids(namespace):
    result = subprocess.run(['ip', 'netns', 'pids', namespace],
                            capture_output=True, text=True)
    return [int(pid) for pid in result.stdout.split()]


def stop_namespace(namespace, timeout=15):
    """Every process left in ``namespace`` (a real host's libvirtd,
    virtlogd, guests) terminated, killed after ``timeout``."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        for pid in _pids(namespace):
            try:
                os.kill(pid, signum)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + timeout
        while _pids(namespace) and time.monotonic() < deadline:
            time.sleep(0.2)
        if not _pids(namespace):
            return


if __name__ == '__main__':
    main()
