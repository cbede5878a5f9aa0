# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A MariaDB server of a test's own (own data directory, socket and port)
for a test that stops its database: the machine's is never touched.

Made with Debian's ``mariadb-install-db`` and run as ``mariadbd`` with no
option file, root without a password on loopback, as the machine's is.
"""
import os
import shutil
import socket
import subprocess
import time

START_TIMEOUT = 60


class PrivateMariaDB:

    def __init__(self, home, port):
        self.home = home
        self.port = port
        self.data = os.path.join(home, 'data')
        self.process = None

    @property
    def admin_url(self):
        return 'mysql+mysqldb://root@127.0.0.1:%d/mysql' % self.port

    def url(self, database):
        return 'mysql+mysqldb://root@127.0.0.1:%d/%s?charset=utf8mb4' % (
            self.port, database)

    def install(self):
        os.makedirs(self.home, exist_ok=True)
        subprocess.run(['mariadb-install-db', '--no-defaults',
                        '--datadir=%s' % self.data, '--user=root',
                        '--auth-root-authentication-method=normal',
                        '--skip-test-db'], check=True, capture_output=True,
                       timeout=120)
        return self

    def start(self):
        log = open(os.path.join(self.home, 'mariadbd.log'), 'a')
        self.process = subprocess.Popen(
            ['mariadbd', '--no-defaults', '--datadir=%s' % self.data,
             '--user=root', '--bind-address=127.0.0.1',
             '--port=%d' % self.port,
             '--socket=%s' % os.path.join(self.home, 'mariadbd.sock'),
             '--pid-file=%s' % os.path.join(self.home, 'mariadbd.pid'),
             '--skip-name-resolve'],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self._wait(True)
        return self

    def stop(self):
        """As an operator stops it: mysqladmin shutdown, then the process
        is gone."""
        if self.process is None:
            return
        subprocess.run(['mysqladmin', '-uroot', '-h127.0.0.1',
                        '-P%d' % self.port, 'shutdown'],
                       capture_output=True, timeout=120)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        self._wait(False)

    def remove(self):
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)

    def _answers(self):
        try:
            socket.create_connection(('127.0.0.1', self.port), 1).close()
            return True
        except OSError:
            return False

    def _wait(self, up):
        deadline = time.monotonic() + START_TIMEOUT
        while self._answers() != up:
            if up and self.process.poll() is not None:
                raise RuntimeError('mariadbd exited; see %s' % os.path.join(
                    self.home, 'mariadbd.log'))
            assert time.monotonic() < deadline, 'mariadbd on %d never %s' % (
                self.port, 'started' if up else 'stopped')
            time.sleep(0.2)
