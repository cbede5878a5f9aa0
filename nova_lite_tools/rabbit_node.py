# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A RabbitMQ node of our own on this machine.

Debian's rabbitmq-server, run as the rabbitmq user (whose Erlang cookie
every node and ``rabbitmqctl`` share) from a directory of its own, under
a node name and on ports of its own, so it shares nothing with the
machine's broker. Its soft limit of open files is raised to the hard one:
under the usual 1024 a broker refuses connections past about 830
sockets. The benchmark's private broker is one; a lab's broker cluster is
three, the later ones joining the first as they boot (RabbitMQ's classic
peer discovery). Needs root.
"""
import os
import pwd
import socket
import subprocess
import time

SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server'


class NodeError(Exception):
    pass


class Node:

    def __init__(self, name, home, port, listen=('127.0.0.1',),
                 cluster=(), dist_port=None):
        """``name``: the node name (``x@localhost``); ``cluster``: the
        names of every node of its cluster, itself included."""
        self.name = name
        self.home = home
        self.port = port
        self.listen = listen
        self.cluster = cluster
        self.dist_port = dist_port or port + 20000

    @staticmethod
    def check():
        if os.geteuid() != 0 or not os.path.exists(SERVER):
            raise NodeError('a RabbitMQ node of our own needs root and the '
                            'rabbitmq-server package (%s)' % SERVER)

    def prepare(self):
        """Its directory and settings (kept: a node restarted finds its
        queues and cluster again)."""
        self.check()
        os.makedirs(self.home, exist_ok=True)
        lines = ['listeners.tcp.%d = %s:%d' % (i, address, self.port)
                 for i, address in enumerate(self.listen, 1)]
        lines.append('loopback_users = none')  # guest from lab addresses
        if self.cluster:
            lines.append('cluster_formation.peer_discovery_backend = '
                         'classic_config')
            lines += ['cluster_formation.classic_config.nodes.%d = %s' % (
                i, node) for i, node in enumerate(self.cluster, 1)]
        self._write('rabbitmq.conf', '\n'.join(lines) + '\n')
        self._write('enabled_plugins', '[].\n')
        rabbitmq = pwd.getpwnam('rabbitmq')
        for directory, _dirs, files in os.walk(self.home):
            for entry in [directory] + [os.path.join(directory, f)
                                        for f in files]:
                os.chown(entry, rabbitmq.pw_uid, rabbitmq.pw_gid)

    def _write(self, name, text):
        with open(os.path.join(self.home, name), 'w') as out:
            out.write(text)

    def argv(self):
        return ['su', 'rabbitmq', '-s', '/bin/sh', '-c',
                'ulimit -n "$(ulimit -Hn)" && exec %s' % SERVER]

    def environment(self):
        """The environment ``argv`` runs in (su keeps it)."""
        return dict(
            os.environ, RABBITMQ_NODENAME=self.name,
            RABBITMQ_NODE_PORT=str(self.port),
            RABBITMQ_DIST_PORT=str(self.dist_port),
            RABBITMQ_CONFIG_FILE=os.path.join(self.home, 'rabbitmq.conf'),
            RABBITMQ_ENABLED_PLUGINS_FILE=os.path.join(self.home,
                                                       'enabled_plugins'),
            RABBITMQ_MNESIA_BASE=os.path.join(self.home, 'mnesia'),
            RABBITMQ_LOG_BASE=os.path.join(self.home, 'log'),
            RABBITMQ_PID_FILE=os.path.join(self.home, 'pid'))

    def listening(self):
        try:
            socket.create_connection(('127.0.0.1', self.port), 1).close()
            return True
        except OSError:
            return False

    def wait(self, alive, timeout):
        """Until it takes connections; NodeError if ``alive()`` turns
        false or ``timeout`` passes first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and alive():
            if self.listening():
                return
            time.sleep(0.5)
        raise NodeError('RabbitMQ node %s did not start within %d s; see '
                        '%s' % (self.name, timeout,
                                os.path.join(self.home, 'log')))

    def ctl(self, *args, timeout=60):
        return subprocess.run(('rabbitmqctl', '-n', self.name) + args,
                              capture_output=True, text=True,
                              timeout=timeout)

    def os_pid(self):
        """The Erlang VM's own process id (the process to kill to lose
        the node at once)."""
        answer = self.ctl('eval', 'os:getpid().')
        if answer.returncode:
            raise NodeError(answer.stderr.strip())
        return int(answer.stdout.strip().strip('"'))

    def stop(self):
        self.ctl('stop')
