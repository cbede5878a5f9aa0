# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The all-in-one: every service in one process, the embedded default.

API on ``[api] listen:port`` (placement and images beside it), SQLite
under the state directory, the in-process ``fake://`` transport, a
conductor, a scheduler and ``[all_in_one] simulated_hosts`` compute
agents, each on its own libvirt test-driver host; or, with
``[all_in_one] real_host``, one compute agent on a real libvirtd.
Ctrl-C (SIGINT) or SIGTERM stops it cleanly.
"""
import functools
import os
import signal
import subprocess
import sys
import threading

from oslo_log import log as logging

from nova_lite.api import app as api_app
from nova_lite.api import metrics_app
from nova_lite.api import server as api_server
from nova_lite.cmd import clouds_file
from nova_lite.cmd import daemon
from nova_lite.compute import manager as compute_manager
from nova_lite.conductor import manager as conductor_manager
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import config
from nova_lite.console import server as console_server
from nova_lite.objects import service as service_obj
from nova_lite import resources
from nova_lite import rpc
from nova_lite.scheduler import manager as scheduler_manager
from nova_lite.scheduler import rpcapi as scheduler_rpcapi
from nova_lite.service import service
from nova_lite.service import tasks as service_tasks
from nova_lite.virt.libvirt import driver as libvirt_driver
from nova_lite.virt.libvirt import simulated_host

LOG = logging.getLogger(__name__)


# RPC worker threads per service when all share one process: the
# scheduler places one request at a time anyway, and a simulated compute's
# builds mostly wait on its resource tracker's lock.
POOL_SIZES = {'conductor': 8, 'scheduler': 2, 'compute': 4}
# The cloud the state directory's clouds.yaml names.
CLOUD = 'nova-lite'


def simulated_host_name(index):
    return 'sim-host-%d' % index


def sync_schema_in_child(conf):
    """Run ``nova-lite-manage db sync`` in a short-lived child process.

    Importing alembic costs the process about 12 MB that it would keep for
    its whole life; a child process gives that memory back when it exits.
    """
    env = dict(os.environ, NOVA_LITE_STATE_DIR=os.path.abspath(
        conf.state_path))
    args = [sys.executable, '-m', 'nova_lite.cmd.manage']
    for config_file in conf.config_file or []:
        args += ['--config-file', config_file]
    for config_dir in conf.config_dir or []:
        args += ['--config-dir', config_dir]
    result = subprocess.run(args + ['db', 'sync'], env=env,
                            capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError('database migration failed: %s' % (
            result.stderr.strip().splitlines() or ['no output'])[-1])


# Seconds the conductor's calls under way get to finish at a stop.
_DRAIN_TIMEOUT = 30


def _side_by_side(calls):
    threads = [threading.Thread(target=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class AllInOne:

    def __init__(self, conf, hosts=None, sync_schema=sync_schema_in_child):
        self.conf = conf
        self.hosts = (conf.all_in_one.simulated_hosts if hosts is None
                      else hosts)
        if conf.all_in_one.real_host:
            self.hosts = 0
        self.sync_schema = sync_schema
        self.services = []
        # The periodic tasks and heartbeats of all its services, on one
        # worker.
        self.tasks = service_tasks.ServiceTasks(conf)
        self.api = None
        self.placement = None
        self.image = None
        self.metrics = None
        self.consoles = []

    def start(self):
        rpc.set_default_url(self.conf, 'fake://')
        for plugin_class in resources.enabled(self.conf):
            if self.hosts:  # not for a real host
                plugin_class.for_simulated_hosts(self.conf)
        # Many services share one process: small RPC thread pools each.
        rpc.set_default_pool_size(self.conf, POOL_SIZES['conductor'])
        app = api_app.build(self.conf)  # a bad pipeline fails before all
        placement_app = (api_app.build_placement(self.conf)
                         if self.conf.placement.enabled else None)
        image_app = (api_app.build_image(self.conf)
                     if self.conf.image.enabled else None)
        config.setup_database(self.conf)
        self.sync_schema(self.conf)
        self.tasks.start()
        self._start_service(conductor_manager.ConductorManager(
            self.conf, self.conf.host), 'nova-lite-conductor',
            conductor_rpcapi.TOPIC, self.conf.host)
        self._start_service(scheduler_manager.SchedulerManager(
            self.conf, self.conf.host), 'nova-lite-scheduler',
            scheduler_rpcapi.TOPIC, self.conf.host,
            POOL_SIZES['scheduler'])
        if placement_app is not None:
            # Up before the computes, as in a deployment: a network
            # service they tell of their bandwidth reports it there.
            self.placement = api_server.APIServer.for_api(
                self.conf, placement_app, 'placement', 'nova-lite-placement')
            self.placement.start()
        for index in range(1, self.hosts + 1):
            self._start_compute(simulated_host_name(index))
        if self.conf.all_in_one.real_host:
            self._start_service(
                compute_manager.ComputeManager(self.conf, self.conf.host),
                service_obj.COMPUTE_BINARY, 'compute', self.conf.host,
                POOL_SIZES['compute'])
        self.api = api_server.APIServer.for_api(self.conf, app, 'api',
                                                'nova-lite-api')
        self.api.start()
        if image_app is not None:
            self.image = api_server.APIServer.for_api(
                self.conf, image_app, 'image', 'nova-lite-image')
            self.image.start()
        self._start_console_proxies()
        self.metrics = metrics_app.serve(self.conf, 'nova-lite-all-in-one',
                                         server_states=True)
        self._write_clouds_file()
        LOG.info('nova_lite all-in-one ready: compute API on http://%s:%d'
                 '/v2.1, %s, state in %s',
                 self.conf.api.listen, self.api.port,
                 'host %s on %s' % (self.conf.host,
                                    self.conf.libvirt.connection_uri)
                 if self.conf.all_in_one.real_host else
                 '%d simulated hosts' % self.hosts,
                 os.path.abspath(self.conf.state_path))

    def _start_console_proxies(self):
        """The noVNC and serial proxies, of the consoles enabled."""
        for kind in console_server.enabled_kinds(self.conf):
            proxy = console_server.ConsoleProxy(self.conf, kind)
            proxy.start()
            proxy.name_picked_port()
            self.consoles.append(proxy)

    def _write_clouds_file(self):
        """The state directory's clouds.yaml, naming this all-in-one's
        APIs as cloud ``nova-lite`` (with the labs' authentication)."""
        if self.conf.api.auth_strategy != 'noauth2':
            return
        urls = {}
        for name, server in (('image', self.image),
                             ('placement', self.placement)):
            if server is not None:
                urls[name + '_url'] = clouds_file.loopback_url(
                    self.conf[name].listen, server.port)
        if self.conf.networks.backend == 'neutron':
            urls['network_url'] = self.conf.neutron.endpoint_override
        path = clouds_file.write(
            self.conf.state_path, CLOUD, clouds_file.loopback_url(
                self.conf.api.listen, self.api.port, '/v2.1'), **urls)
        LOG.info(clouds_file.hint(path, CLOUD))

    def _start_compute(self, host):
        uri = simulated_host.write_node_file(
            os.path.join(self.conf.state_path, 'hosts'), host,
            self.conf.all_in_one.host_vcpus,
            self.conf.all_in_one.host_memory_mb,
            simulated_host.pci_devices_of(
                self.conf.all_in_one.simulated_pci_devices, host))
        driver = libvirt_driver.LibvirtDriver(self.conf, host, uri=uri)
        manager = compute_manager.ComputeManager(self.conf, host,
                                                 driver=driver)
        self._start_service(manager, service_obj.COMPUTE_BINARY,
                            'compute', host, POOL_SIZES['compute'],
                            shared_listener=True)

    def _start_service(self, manager, binary, topic, host, pool_size=None,
                       shared_listener=False):
        svc = service.Service(self.conf, host, binary, topic, manager,
                              pool_size, self.tasks, shared_listener)
        svc.start()
        self.services.append(svc)

    def stop(self):
        # Each HTTP server takes up to half a second to notice its stop,
        # the conductor's and scheduler's RPC servers wait for their
        # listeners' polls to return (a second or two on a broker), and
        # each service drains on its own: all side by side.
        _side_by_side([server.stop for server in (
            self.api, self.placement, self.image, self.metrics,
            *self.consoles) if server is not None])
        # The conductor's calls under way finish first: a build it drives
        # calls the scheduler, which must still answer (else the call
        # waits out its timeout).
        conductors = [svc for svc in self.services
                      if svc.binary == 'nova-lite-conductor']
        _side_by_side([functools.partial(svc.drain, _DRAIN_TIMEOUT)
                       for svc in conductors])
        _side_by_side([svc.stop for svc in self.services
                       if svc not in conductors])
        _side_by_side([svc.wait for svc in self.services])
        self.tasks.stop()
        self.tasks.wait()
        rpc.cleanup()
        LOG.info('nova_lite all-in-one stopped')


def main():
    config.limit_malloc_arenas()
    conf = config.parse_args(sys.argv[1:], 'nova-lite-all-in-one')
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    aio = AllInOne(conf)
    error = daemon.attempt(aio.start)
    if error is not None:
        daemon.start_failure('nova-lite-all-in-one', error)
        aio.stop()
        return 1
    stop.wait()
    aio.stop()
    return 0
