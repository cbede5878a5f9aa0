# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Sets a real libvirtd up on Debian without systemd, idempotently.

Debian's packages expect systemd to start the daemons; on a machine
without it they install and then nothing runs. This installs what is
missing, lets QEMU run as root (the ``libvirt-qemu`` user the package
creates cannot read guest files under a root-owned state directory),
starts ``virtlogd`` and ``libvirtd`` as daemons when they are not
running, and waits for libvirtd's first capability probe, which takes
10 to 45 s on a fresh start. It also makes the Linux bridge of each
physical network that ``[networks] network`` declares (the vNICs' tap
devices join it): up, with no address (not even IPv6's link-local) and
no port to the outside, so it routes nowhere beyond the guests on it.
"""
import os
import re
import shutil
import signal
import subprocess
import time

import libvirt
from oslo_config import cfg

from nova_lite.conf import libvirt as libvirt_conf
from nova_lite.conf import networks as networks_conf
from nova_lite.network import fixed_networks
from nova_lite.virt.libvirt import interfaces

PACKAGES = {'libvirtd': 'libvirt-daemon-system',
            'qemu-system-x86_64': 'qemu-system-x86',
            'qemu-img': 'qemu-utils'}
# Packages of files rather than programs: noVNC's pages, which the
# console proxy serves for a real guest's screen.
FILES = {'/usr/share/novnc/vnc_lite.html': 'novnc'}
QEMU_CONF = '/etc/libvirt/qemu.conf'
DAEMONS = ('virtlogd', 'libvirtd')
PID_FILES = {'virtlogd': '/run/virtlogd.pid', 'libvirtd': '/run/libvirtd.pid'}
URI = 'qemu:///system'


class SetupError(Exception):
    pass


def log(message):
    print('nova-lite-libvirtd: %s' % message, flush=True)


def missing_packages():
    tools = {package for tool, package in PACKAGES.items()
             if shutil.which(tool) is None and
             not os.path.exists('/usr/sbin/' + tool)}
    files = {package for path, package in FILES.items()
             if not os.path.exists(path)}
    return sorted(tools | files)


def install_packages():
    missing = missing_packages()
    if not missing:
        return False
    log('installing %s with apt-get' % ' '.join(missing))
    env = dict(os.environ, DEBIAN_FRONTEND='noninteractive')
    for args in (['apt-get', 'update', '-qq'],
                 ['apt-get', 'install', '-y', '-qq',
                  '--no-install-recommends'] + missing):
        result = subprocess.run(args, env=env, capture_output=True,
                                text=True)
        if result.returncode:
            raise SetupError('%s failed: %s' % (' '.join(args[:2]), (
                result.stderr.strip().splitlines() or ['no output'])[-1]))
    return True


def ensure_qemu_user():
    """The package creates ``libvirt-qemu``; an install that skipped its
    scripts may not have, and libvirtd refuses to start without it."""
    if subprocess.run(['id', 'libvirt-qemu'], capture_output=True).returncode:
        log('creating the libvirt-qemu user')
        subprocess.run(['useradd', '--system', '--no-create-home',
                        '--shell', '/usr/sbin/nologin', 'libvirt-qemu'],
                       check=True, capture_output=True)


def configure_qemu(path=QEMU_CONF):
    """Set ``user`` and ``group`` to root in qemu.conf; True if changed."""
    with open(path) as f:
        text = f.read()
    new = text
    for key in ('user', 'group'):
        line = '%s = "root"' % key
        # '#user = ...' is the setting commented out; '#       user =
        # ...' lines above it are examples, left alone.
        pattern = re.compile(r'^#?%s\s*=.*$' % key, re.M)
        if re.search(r'^%s\s*=\s*"root"\s*$' % key, new, re.M):
            continue
        new, count = pattern.subn(line, new, count=1)
        if not count:
            new += '\n%s\n' % line
    if new == text:
        return False
    with open(path, 'w') as f:
        f.write(new)
    log('set user and group to root in %s' % path)
    return True


def pid_of(daemon):
    try:
        with open(PID_FILES[daemon]) as f:
            pid = int(f.read().strip())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def start(daemon):
    log('starting %s' % daemon)
    subprocess.run([daemon, '-d'], check=True)
    deadline = time.monotonic() + 10
    while pid_of(daemon) is None:
        if time.monotonic() > deadline:
            raise SetupError('%s did not start (see its log under '
                             '/var/log/libvirt)' % daemon)
        time.sleep(0.1)


def stop(daemon):
    pid = pid_of(daemon)
    if pid is None:
        return
    log('stopping %s to reload its configuration' % daemon)
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 30
    while pid_of(daemon) is not None and time.monotonic() < deadline:
        time.sleep(0.1)


def wait_ready(timeout=120, uri=URI, alive=lambda: True):
    """Until the libvirtd at ``uri`` answers a capability query (its first
    probe of QEMU is slow), or SetupError (at once once ``alive()`` is
    False: it stopped)."""
    deadline = time.monotonic() + timeout
    while True:
        if not alive():
            raise SetupError('libvirtd at %s stopped' % uri)
        try:
            conn = libvirt.open(uri)
            try:
                conn.getCapabilities()
                return
            finally:
                conn.close()
        except libvirt.libvirtError as e:
            if time.monotonic() > deadline:
                raise SetupError('libvirtd did not answer on %s within %d '
                                 's: %s' % (uri, timeout,
                                            e.get_error_message()))
            time.sleep(0.5)


def bridges(config_files=()):
    """The bridges of the physical networks the config's networks are
    on (the defaults' without a config file)."""
    conf = cfg.ConfigOpts()
    networks_conf.register_opts(conf)
    libvirt_conf.register_opts(conf)
    conf([], project='nova-lite', default_config_files=list(config_files))
    return sorted({interfaces.bridge_of(network.physical_network,
                                        conf.libvirt.bridge_mappings)
                   for network in fixed_networks.networks_of(conf).networks})


def ensure_bridges(names):
    """Each bridge made and up if it is not; the names made."""
    made = []
    for name in names:
        if not os.path.exists('/sys/class/net/%s' % name):
            log('creating bridge %s' % name)
            subprocess.run(['ip', 'link', 'add', name, 'type', 'bridge'],
                           check=True, capture_output=True)
            made.append(name)
        _no_ipv6(name)
        subprocess.run(['ip', 'link', 'set', name, 'up'], check=True,
                       capture_output=True)
    return made


def _no_ipv6(name):
    """Not even a link-local address: the host takes no part in the
    guests' networks."""
    path = '/proc/sys/net/ipv6/conf/%s/disable_ipv6' % name
    if os.path.exists(path):
        with open(path, 'w') as f:
            f.write('1\n')


def setup(timeout=120, config_files=()):
    if os.geteuid() != 0:
        raise SetupError('needs root: it installs packages and starts '
                         'libvirtd')
    install_packages()
    ensure_qemu_user()
    changed = configure_qemu()
    if changed:
        stop('libvirtd')
    for daemon in DAEMONS:
        if pid_of(daemon) is None:
            start(daemon)
    ensure_bridges(bridges(config_files))
    started = time.monotonic()
    wait_ready(timeout)
    log('libvirtd is ready on %s (%.1f s)' % (
        URI, time.monotonic() - started))
