"""A RabbitMQ node of the benchmark's own, for more agents than the
machine's broker admits.

Every compute agent of an all-in-one holds its own broker connection. A
broker started under the usual soft limit of 1024 open files (Debian's
``rabbitmq-server`` switches to the rabbitmq user through ``su``, which
applies it) refuses connections past about 830 sockets, so a run with
1,000 agents stalls. This node raises its soft limit to the hard one,
runs from a temporary directory on free ports, and is stopped and removed
when the run ends. It needs root and Debian's rabbitmq-server package.
"""
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import common

SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server'
START_TIMEOUT = 90


class PrivateBroker:

    def __init__(self):
        self.port = common.free_port()
        self.node = 'nova-lite-bench-%d@localhost' % os.getpid()
        self.home = None
        self.process = None

    @property
    def url(self):
        return 'rabbit://guest:guest@127.0.0.1:%d/' % self.port

    def start(self):
        if os.geteuid() != 0 or not os.path.exists(SERVER):
            raise SystemExit('--private-broker needs root and the '
                             'rabbitmq-server package (%s)' % SERVER)
        self.home = tempfile.mkdtemp(prefix='nova-lite-broker-')
        self._write('rabbitmq.conf',
                    'listeners.tcp.local = 127.0.0.1:%d\n' % self.port)
        self._write('enabled_plugins', '[].\n')
        rabbitmq = pwd.getpwnam('rabbitmq')
        os.chown(self.home, rabbitmq.pw_uid, rabbitmq.pw_gid)
        with open(os.path.join(self.home, 'console.log'), 'w') as console:
            self.process = subprocess.Popen(
                ['su', 'rabbitmq', '-s', '/bin/sh', '-c',
                 'ulimit -n "$(ulimit -Hn)" && exec %s' % SERVER],
                env=self._environment(), cwd=self.home,
                start_new_session=True, stdout=console,
                stderr=subprocess.STDOUT)
        self._wait_until_listening()
        return self

    def _write(self, name, text):
        with open(os.path.join(self.home, name), 'w') as out:
            out.write(text)

    def _environment(self):
        return dict(
            os.environ, RABBITMQ_NODENAME=self.node,
            RABBITMQ_NODE_PORT=str(self.port),
            RABBITMQ_DIST_PORT=str(common.free_port()),
            RABBITMQ_CONFIG_FILE=os.path.join(self.home, 'rabbitmq.conf'),
            RABBITMQ_ENABLED_PLUGINS_FILE=os.path.join(self.home,
                                                       'enabled_plugins'),
            RABBITMQ_MNESIA_BASE=os.path.join(self.home, 'mnesia'),
            RABBITMQ_LOG_BASE=os.path.join(self.home, 'log'),
            RABBITMQ_PID_FILE=os.path.join(self.home, 'pid'))

    def _wait_until_listening(self):
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection(('127.0.0.1', self.port), 1).close()
                return
            except OSError:
                time.sleep(0.5)
        log = os.path.join(self.home, 'console.log')
        with open(log) as console:
            tail = console.read().strip().splitlines()[-3:]
        self.stop(keep=True)
        raise SystemExit('the private broker did not start (%s): %s' % (
            log, ' / '.join(tail)))

    def stop(self, keep=False):
        if self.process is None:
            return
        subprocess.run(['rabbitmqctl', '-n', self.node, 'stop'],
                       capture_output=True, timeout=60)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None
        if not keep:
            shutil.rmtree(self.home, ignore_errors=True)
