# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A throw-away libvirtd of our own: real guests for a test without
starting, reconfiguring or restarting the machine's libvirtd.

It runs as root (guests need taps on the host's bridges) in a mount
namespace of its own, where a temporary directory stands in for each of
libvirt's directories (``/etc/libvirt``, ``/run/libvirt``,
``/var/lib/libvirt``, ``/var/cache/libvirt``, ``/var/log/libvirt``): its
configuration (QEMU as root, guests' output to files, no virtlogd, no
autostarted network), state and logs are its own, and nothing of the
machine's libvirtd is seen or changed. Its socket lies outside those, in
the temporary directory, and ``uri`` names it. Needs root and Debian's
libvirt-daemon-system (``libvirtd.install_packages`` installs it).
"""
import os
import shutil
import signal
import subprocess
import tempfile

import libvirt

from nova_lite_tools import libvirtd as machine_libvirtd

START_TIMEOUT = 120
LIBVIRT_DIRS = {'etc': '/etc/libvirt', 'run': '/run/libvirt',
                'lib': '/var/lib/libvirt', 'cache': '/var/cache/libvirt',
                'log': '/var/log/libvirt'}
QEMU_SETTINGS = '''
user = "root"
group = "root"
stdio_handler = "file"
'''


class PrivateLibvirtd:

    def __init__(self):
        self.home = None
        self.process = None

    @property
    def socket(self):
        return os.path.join(self.home, 'sock', 'libvirt-sock')

    @property
    def uri(self):
        return 'qemu:///system?socket=%s' % self.socket

    def start(self, timeout=START_TIMEOUT):
        if os.geteuid() != 0:
            raise machine_libvirtd.SetupError('a private libvirtd needs '
                                              'root')
        machine_libvirtd.install_packages()
        machine_libvirtd.ensure_qemu_user()
        self.home = tempfile.mkdtemp(prefix='nova-lite-libvirtd-')
        self._prepare()
        with open(os.path.join(self.home, 'console.log'), 'w') as log:
            self.process = subprocess.Popen(
                ['unshare', '--mount', '--propagation', 'private', 'sh',
                 os.path.join(self.home, 'start.sh')],
                start_new_session=True, stdout=log, stderr=subprocess.STDOUT)
        try:
            machine_libvirtd.wait_ready(
                timeout, self.uri, lambda: self.process.poll() is None)
        except machine_libvirtd.SetupError:
            self.stop(keep=True)
            raise
        return self

    def _prepare(self):
        """Its own copy of the machine's configuration (QEMU as root, no
        virtlogd, no network started on its own), empty directories for
        the rest, and the script that mounts them and starts it."""
        for name in LIBVIRT_DIRS:
            if name != 'etc':
                os.makedirs(os.path.join(self.home, name))
        os.makedirs(os.path.join(self.home, 'sock'))
        etc = os.path.join(self.home, 'etc')
        shutil.copytree(LIBVIRT_DIRS['etc'], etc, symlinks=True)
        shutil.rmtree(os.path.join(etc, 'qemu', 'networks', 'autostart'),
                      ignore_errors=True)
        with open(os.path.join(etc, 'qemu.conf'), 'a') as qemu_conf:
            qemu_conf.write(QEMU_SETTINGS)
        with open(os.path.join(etc, 'libvirtd.conf'), 'w') as conf:
            conf.write('unix_sock_dir = "%s"\n' % os.path.dirname(
                self.socket))
            conf.write('log_outputs = "3:file:%s"\n' % os.path.join(
                self.home, 'log', 'libvirtd.log'))
        lines = ['set -e']
        for name, path in sorted(LIBVIRT_DIRS.items()):
            os.makedirs(path, exist_ok=True)  # a mount point, left empty
            lines.append('mount --bind %s %s' % (
                os.path.join(self.home, name), path))
        lines.append('exec libvirtd -p %s -f %s' % (
            os.path.join(self.home, 'libvirtd.pid'),
            os.path.join(etc, 'libvirtd.conf')))
        with open(os.path.join(self.home, 'start.sh'), 'w') as script:
            script.write('\n'.join(lines) + '\n')

    def _destroy_guests(self):
        try:
            conn = libvirt.open(self.uri)
        except libvirt.libvirtError:
            return
        try:
            for dom in conn.listAllDomains():
                try:
                    if dom.isActive():
                        dom.destroy()
                    dom.undefine()
                except libvirt.libvirtError:
                    pass
        finally:
            conn.close()

    def stop(self, keep=False):
        """Its guests first (QEMU runs apart from it), then it; its
        directory goes unless ``keep``."""
        if self.process is None:
            return
        self._destroy_guests()
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        except ProcessLookupError:
            pass
        self.process = None
        if not keep:
            shutil.rmtree(self.home, ignore_errors=True)
