# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute agent in a process of its own, over RabbitMQ, with no
database section: its configuration, its start and its first report."""
import os
import subprocess
import sys
import time

from nova_lite.virt.libvirt import simulated_host

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
CONFIG = """[DEFAULT]
host = {host}
transport_url = {rabbit}
control_exchange = {exchange}
state_path = {state}
report_interval = 1
[libvirt]
connection_uri = {uri}
"""
NOVA_LITE_COMPUTE = [os.path.join(os.path.dirname(sys.executable),
                                  'nova-lite-compute')]


class Launcher:
    """Starts compute processes in ``directory`` (log in compute.log);
    ``kill_all`` ends those still running."""

    def __init__(self, directory):
        self.directory = directory
        self.processes = []

    def start(self, host, exchange, extra_config='',
              command=NOVA_LITE_COMPUTE, env=None):
        uri = simulated_host.write_node_file(
            str(self.directory / 'hosts'), host, 4, 8192)
        config_file = self.directory / 'compute.conf'
        config_file.write_text(CONFIG.format(
            host=host, rabbit=RABBIT, exchange=exchange,
            state=self.directory / 'compute-state', uri=uri) + extra_config)
        assert '[database]' not in config_file.read_text()
        with open(self.directory / 'compute.log', 'w') as log:
            process = subprocess.Popen(
                command + ['--config-file', str(config_file)],
                cwd=str(self.directory), stdout=log,
                stderr=subprocess.STDOUT, env=env)
        self.processes.append(process)
        return process

    def kill_all(self):
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait()


def wait_up(api, host, timeout=60):
    """The hypervisor record of ``host`` once it is the only one and up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        nodes = api.get('/os-hypervisors/detail')[1]['hypervisors']
        if [(n['hypervisor_hostname'], n['state']) for n in nodes] == [
                (host, 'up')]:
            return nodes[0]
        time.sleep(0.2)
    raise AssertionError('%s never reported: %s' % (host, nodes))
