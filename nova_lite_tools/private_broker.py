# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A throw-away RabbitMQ node of our own: a benchmark measured apart from
what else uses the machine's broker, or a test that stops its broker
without stopping the machine's.

It (``rabbit_node``) runs from a temporary directory on ports it is given
and is stopped and removed at ``stop``. Needs root and Debian's
rabbitmq-server package (``rabbit_node.NodeError`` otherwise).
"""
import os
import shutil
import signal
import subprocess
import tempfile

from nova_lite_tools import rabbit_node

START_TIMEOUT = 90


class PrivateBroker:

    def __init__(self, name, port, dist_port):
        self.node = rabbit_node.Node('%s-%d@localhost' % (name, os.getpid()),
                                     None, port, dist_port=dist_port)
        self.process = None

    @property
    def port(self):
        return self.node.port

    @property
    def url(self):
        return 'rabbit://guest:guest@127.0.0.1:%d/' % self.port

    def start(self):
        rabbit_node.Node.check()
        self.node.home = tempfile.mkdtemp(prefix='nova-lite-broker-')
        self.node.prepare()
        with open(os.path.join(self.node.home, 'console.log'), 'w') as log:
            self.process = subprocess.Popen(
                self.node.argv(), env=self.node.environment(),
                cwd=self.node.home, start_new_session=True, stdout=log,
                stderr=subprocess.STDOUT)
        try:
            self.node.wait(lambda: self.process.poll() is None,
                           START_TIMEOUT)
        except rabbit_node.NodeError:
            self.stop(keep=True)
            raise
        return self

    def ctl(self, *args):
        """``rabbitmqctl`` on this node (``stop_app``, ``start_app``...);
        RuntimeError if it fails."""
        answer = self.node.ctl(*args, timeout=120)
        if answer.returncode:
            raise RuntimeError('rabbitmqctl %s: %s' % (
                ' '.join(args), answer.stderr.strip()))
        return answer.stdout

    def stop(self, keep=False):
        if self.process is None:
            return
        self.node.stop()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None
        if not keep:
            shutil.rmtree(self.node.home, ignore_errors=True)
