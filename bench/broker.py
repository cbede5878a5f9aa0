# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A RabbitMQ node of the benchmark's own: a run measured apart from
what else uses the machine's broker.

The all-in-one's compute agents share one broker connection
(nova_lite_tools/rpc_fleet.py), so 1,000 of them no longer need a broker that
admits more than the usual soft limit of 1024 open files allows (about
830 sockets); this node still raises its limit, for other runs with many
connections. It (nova_lite_tools.rabbit_node) runs from a temporary
directory on free ports and is stopped and removed when the run ends. It
needs root and Debian's rabbitmq-server package.
"""
import os
import shutil
import signal
import subprocess
import tempfile

import common
from nova_lite_tools import rabbit_node

START_TIMEOUT = 90


class PrivateBroker:

    def __init__(self):
        self.node = rabbit_node.Node(
            'nova-lite-bench-%d@localhost' % os.getpid(), None,
            common.free_port(), dist_port=common.free_port())
        self.process = None

    @property
    def port(self):
        return self.node.port

    @property
    def url(self):
        return 'rabbit://guest:guest@127.0.0.1:%d/' % self.port

    def start(self):
        try:
            rabbit_node.Node.check()
        except rabbit_node.NodeError as e:
            raise SystemExit('--private-broker: %s' % e)
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
        except rabbit_node.NodeError as e:
            self.stop(keep=True)
            raise SystemExit('the private broker did not start: %s' % e)
        return self

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
