# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A MariaDB Galera node of our own on this machine.

Debian's MariaDB server with the ``galera-4`` provider, run as the mysql
user (so the rsync that copies a joiner its state runs as the owner of the
data, as on a packaged install) from a directory of its own, with no
option file and on ports of its own: SQL on ``port``, the group's
messages on ``port + 100``, incremental and whole state transfers on
``port + 200`` and ``port + 300``, all on loopback. It shares nothing
with the machine's MariaDB. Needs root.
"""
import os
import pwd
import re
import subprocess
import time

import MySQLdb

SERVER = '/usr/sbin/mariadbd'
PROVIDER = '/usr/lib/galera/libgalera_smm.so'
SYNCED = 'Synced'


class NodeError(Exception):
    pass


def _group_address(port):
    """Where the node of SQL port ``port`` takes the group's messages."""
    return '127.0.0.1:%d' % (port + 100)


class Node:

    def __init__(self, name, home, port, cluster_ports, cluster):
        """``cluster_ports``: the SQL ports of every node of the cluster,
        itself included; ``cluster``: the cluster's name."""
        self.name = name
        self.home = home
        self.port = port
        self.cluster_ports = cluster_ports
        self.cluster = cluster

    @property
    def data(self):
        return os.path.join(self.home, 'data')

    @staticmethod
    def check():
        missing = [path for path in (SERVER, PROVIDER)
                   if not os.path.exists(path)]
        if os.geteuid() != 0 or missing:
            raise NodeError('a Galera node of our own needs root and the '
                            'mariadb-server and galera-4 packages (%s)'
                            % ', '.join(missing or [SERVER]))

    def prepare(self):
        """Its data directory, made once (kept: a node started again
        rejoins with what it has)."""
        self.check()
        mysql = pwd.getpwnam('mysql')
        os.makedirs(self.home, exist_ok=True)
        os.chown(self.home, mysql.pw_uid, mysql.pw_gid)
        if os.path.isdir(os.path.join(self.data, 'mysql')):
            return
        made = subprocess.run(
            ['mariadb-install-db', '--no-defaults', '--datadir=%s' % self.data,
             '--user=mysql', '--auth-root-authentication-method=normal',
             '--skip-test-db'], capture_output=True, text=True, timeout=120)
        if made.returncode:
            raise NodeError('mariadb-install-db for %s failed: %s' % (
                self.name, made.stderr.strip()[-500:]))

    def argv(self, bootstrap=False):
        """``bootstrap``: it starts a new cluster (the first node), which
        it may even if it was not the last to stop."""
        if bootstrap:
            self._may_bootstrap()
        argv = [
            SERVER, '--no-defaults', '--datadir=%s' % self.data,
            '--user=mysql', '--bind-address=127.0.0.1',
            '--port=%d' % self.port, '--skip-name-resolve',
            '--socket=%s' % os.path.join(self.home, 'mariadbd.sock'),
            '--pid-file=%s' % os.path.join(self.home, 'mariadbd.pid'),
            '--max-connections=1000',
            '--binlog-format=ROW', '--default-storage-engine=InnoDB',
            '--innodb-autoinc-lock-mode=2', '--innodb-buffer-pool-size=64M',
            '--wsrep-on=ON', '--wsrep-provider=%s' % PROVIDER,
            '--wsrep-cluster-name=%s' % self.cluster,
            '--wsrep-node-name=%s' % self.name,
            '--wsrep-node-address=%s' % _group_address(self.port),
            '--wsrep-cluster-address=gcomm://%s' % ','.join(
                _group_address(port) for port in self.cluster_ports),
            '--wsrep-provider-options=gmcast.listen_addr=tcp://%s;'
            'ist.recv_addr=127.0.0.1:%d;gcache.size=64M' % (
                _group_address(self.port), self.port + 200),
            '--wsrep-sst-method=rsync',
            '--wsrep-sst-receive-address=127.0.0.1:%d' % (self.port + 300)]
        return argv + (['--wsrep-new-cluster'] if bootstrap else [])

    def _may_bootstrap(self):
        """Galera refuses to start a cluster from a node that was not the
        last to leave it; the lab's always starts from its first."""
        state = os.path.join(self.data, 'grastate.dat')
        if os.path.exists(state):
            with open(state) as saved:
                text = saved.read()
            with open(state, 'w') as out:
                out.write(re.sub(r'safe_to_bootstrap:\s*0',
                                 'safe_to_bootstrap: 1', text))

    def status(self):
        """{wsrep status name: value}; NodeError if it does not answer."""
        try:
            conn = MySQLdb.connect(host='127.0.0.1', port=self.port,
                                   user='root', connect_timeout=2)
        except MySQLdb.Error as e:
            raise NodeError('%s does not answer: %s' % (self.name, e))
        try:
            cursor = conn.cursor()
            cursor.execute("SHOW STATUS LIKE 'wsrep_%%'")
            return dict(cursor.fetchall())
        finally:
            conn.close()

    def synced(self):
        try:
            return self.status().get('wsrep_local_state_comment') == SYNCED
        except NodeError:
            return False

    def wait_synced(self, alive, timeout):
        """Until it is a synced member of its cluster; NodeError if
        ``alive()`` turns false or ``timeout`` passes first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and alive():
            if self.synced():
                return
            time.sleep(0.5)
        raise NodeError('Galera node %s was not synced within %d s; see '
                        'its log' % (self.name, timeout))
