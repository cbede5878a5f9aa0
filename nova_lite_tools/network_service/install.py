# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the network service runs, installed when missing: Debian's OVN
and Open vSwitch packages, and Neutron with a WSGI server in a
virtualenv of its own, kept between runs in the user's cache."""
import os
import shutil
import subprocess
import sys

NEUTRON = 'neutron==29.0.0'
# The Neutron virtualenv's packages: Neutron, the MariaDB driver it is
# configured with, and the WSGI server its API runs under.
PACKAGES = (NEUTRON, 'pymysql', 'uwsgi')
DEBIAN_PACKAGES = {'ovn-northd': 'ovn-central', 'ovn-controller': 'ovn-host',
                   'ovs-vswitchd': 'openvswitch-switch'}
_STAMP = '.nova-lite-installed'


def cache_dir():
    base = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
    return os.path.join(base, 'nova-lite')


def venv_dir():
    return os.path.join(cache_dir(), 'neutron-venv')


def ensure_debian_packages():
    """apt-get install the OVN and OVS packages whose programs are not
    found (their services are not started: nothing here has systemd)."""
    missing = sorted({package for program, package in
                      DEBIAN_PACKAGES.items() if not shutil.which(program)})
    if not missing:
        return
    env = dict(os.environ, DEBIAN_FRONTEND='noninteractive')
    subprocess.run(['apt-get', 'update', '-qq'], check=True, env=env)
    subprocess.run(['apt-get', 'install', '-y', '-qq'] + missing,
                   check=True, env=env)


def ensure_neutron():
    """The Neutron virtualenv's directory, made once per package list."""
    venv = venv_dir()
    stamp = os.path.join(venv, _STAMP)
    wanted = '\n'.join(PACKAGES) + '\n'
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return venv
    subprocess.run([sys.executable, '-m', 'venv', '--clear', venv],
                   check=True)
    pip = [os.path.join(venv, 'bin', 'python'), '-m', 'pip', 'install', '-q']
    subprocess.run(pip + ['--upgrade', 'pip'], check=True)
    subprocess.run(pip + list(PACKAGES), check=True)
    with open(stamp, 'w') as out:
        out.write(wanted)
    return venv


def ensure_all():
    ensure_debian_packages()
    return ensure_neutron()
