# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-lab: bring a multi-host lab up on this machine, or down.

``up`` starts a controller (nova-lite-api, -conductor, -scheduler; with
``--schedulers``/``--conductors`` several of each, active at once, and
with ``--api-workers`` an API of several processes) and K computes
(nova-lite-compute, each in its own network namespace with its own
address and hostname and its own libvirt test-driver host, or with
``--real`` its own libvirtd: real_host) in the background, on the
machine's RabbitMQ (a vhost of the lab's; with ``--rabbit-nodes`` a
cluster of the lab's own: broker_cluster) and MariaDB or PostgreSQL (a
database of the lab's), and returns when the API on 127.0.0.1 lists
every compute up. ``down`` stops what ``up`` started and
removes the namespaces. Needs root (network namespaces).
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

from nova_lite.cmd import clouds_file
from nova_lite_tools import galera_node
from nova_lite_tools.lab import broker_cluster
from nova_lite_tools.lab import configs
from nova_lite_tools.lab import galera_cluster
from nova_lite_tools.lab import layout as lab_layout
from nova_lite_tools.lab import network
from nova_lite_tools.lab import processes
from nova_lite_tools.lab import readiness
from nova_lite_tools.lab import real_host
from nova_lite_tools.lab import services
from nova_lite_tools import libvirtd
from nova_lite_tools.network_service import daemons
from nova_lite_tools.network_service import stack as network_service
from nova_lite_tools import rabbit_node

FORWARDER = 'broker-forwarder'


class LabError(Exception):
    pass


def _default_state_dir(name):
    base = os.environ.get('NOVA_LITE_STATE_DIR', './var')
    return os.path.abspath(os.path.join(base, name))


def _binary(name):
    return os.path.join(os.path.dirname(sys.executable), name)


# The tools the lab runs, and the Debian package of each.
TOOLS = {'ip': 'iproute2', 'unshare': 'util-linux', 'socat': 'socat',
         'rabbitmqctl': 'rabbitmq-server'}
# And those a Galera cluster of its own needs.
GALERA_TOOLS = {'haproxy': 'haproxy', 'rsync': 'rsync',
                'mariadb-install-db': 'mariadb-server'}


def _check(args):
    if os.geteuid() != 0:
        raise LabError('needs root: it creates network namespaces')
    missing = sorted(package for tool, package in TOOLS.items()
                     if shutil.which(tool) is None)
    if missing:
        raise LabError('needs %s (apt-get install %s)' % (
            ', '.join(missing), ' '.join(missing)))
    if not 1 <= args.computes <= 200:
        raise LabError('--computes must be 1 to 200: %d' % args.computes)
    if args.rabbit_nodes not in (0, 1, 3, 5):
        raise LabError('--rabbit-nodes must be 0 (the machine\'s broker), '
                       '1, 3 or 5: %d' % args.rabbit_nodes)
    _check_galera(args)
    for option in ('schedulers', 'conductors', 'api_workers'):
        if not 1 <= getattr(args, option) <= 16:
            raise LabError('--%s must be 1 to 16: %d' % (
                option.replace('_', '-'), getattr(args, option)))
    # Interface names hold at most 15 characters: nl-NAME-br, nl-NAME-cK.
    longest = max(len('nl-%s-br' % args.name),
                  len('nl-%s-c%d' % (args.name, args.computes)))
    if not args.name.isalnum() or longest > 15:
        raise LabError('--name must be letters and digits, short enough '
                       'to name network interfaces (at most %d with %d '
                       'computes): %r' % (
                           15 - longest + len(args.name), args.computes,
                           args.name))


def _check_galera(args):
    if args.galera not in (0, 3, 5):
        raise LabError('--galera must be 0 (the machine\'s database '
                       'server), 3 or 5: %d' % args.galera)
    if not args.galera:
        return
    if args.database != 'mysql':
        raise LabError('--galera is a cluster of MariaDB nodes: it needs '
                       '--database mysql, not %s' % args.database)
    missing = sorted(package for tool, package in GALERA_TOOLS.items()
                     if shutil.which(tool) is None)
    try:
        galera_node.Node.check()
    except galera_node.NodeError:
        missing.append('galera-4')
    if missing:
        raise LabError('--galera needs %s (apt-get install %s)' % (
            ', '.join(missing), ' '.join(missing)))


def _check_ports(layout):
    """The control processes' metrics ports apart from the APIs' and the
    console proxies' (a metrics listener there would answer their
    clients)."""
    apis = {'--api-port': layout.api_port,
            '--placement-port': layout.placement_port,
            '--image-port': layout.image_port,
            '--neutron-port': layout.neutron_port,
            '--novnc-port': layout.novnc_port,
            '--serial-port': layout.serial_port}
    taken = [name for name, port in apis.items()
             if port in layout.control_metrics_ports()]
    if taken:
        ports = layout.control_metrics_ports()
        raise LabError('--metrics-port %d takes ports %d-%d, which hold %s'
                       % (layout.metrics_port, ports[0], ports[-1],
                          ', '.join(taken)))


def up(args):
    _check(args)
    layout = lab_layout.Layout(
        name=args.name, state_dir=args.state_dir or _default_state_dir(
            args.name), computes=args.computes, subnet=args.subnet,
        database=args.database, api_port=args.api_port,
        placement_port=args.placement_port, image_port=args.image_port,
        real=args.real, schedulers=args.schedulers,
        conductors=args.conductors, api_workers=args.api_workers,
        rabbit_nodes=args.rabbit_nodes, rabbit_port=args.rabbit_port,
        galera=args.galera, galera_port=args.galera_port,
        neutron_port=args.neutron_port if args.neutron else 0,
        metrics_port=args.metrics_port, novnc_port=args.novnc_port,
        serial_port=args.serial_port)
    _check_ports(layout)
    if os.path.exists(layout.path('lab.json')):
        previous = lab_layout.Layout.load(layout.state_dir)
        running = processes.running(previous)
        if running:
            raise LabError('a lab is already running from %s (%s); '
                           'nova-lite-lab down first' % (
                               layout.state_dir, ', '.join(running)))
        _teardown(previous)  # what a crashed lab may have left behind
    os.makedirs(layout.state_dir, exist_ok=True)
    layout.save()
    timeout = args.timeout or (300 if layout.real else 120)
    try:
        _prepare(layout)
        started = _start(layout, args.vcpus, args.memory_mb)
        readiness.wait(layout, started, timeout)
    except (LabError, network.NetworkError, services.ServiceError,
            readiness.NotReady, processes.StartError,
            rabbit_node.NodeError, galera_node.NodeError) as e:
        _teardown(layout)
        raise LabError(str(e))
    _report(layout, clouds_file.write(
        layout.state_dir, layout.name, layout.api_url,
        image_url=layout.image_url, placement_url=layout.placement_url,
        network_url='http://127.0.0.1:%d' % layout.neutron_port
        if layout.neutron_port else None))


def _prepare(layout):
    """The lab's database (at the latest schema) and broker vhost."""
    if layout.real:
        try:
            real_host.prepare_machine()
        except libvirtd.SetupError as e:
            raise LabError(str(e))
    if layout.galera:
        galera_cluster.start(layout)
    services.create_database(layout)
    if not layout.rabbit_nodes:
        services.create_vhost(layout)
    config_file = configs.write_controller(layout)
    sync = subprocess.run([_binary('nova-lite-manage'), '--config-file',
                           config_file, 'db', 'sync'],
                          capture_output=True, text=True)
    if sync.returncode:
        raise LabError('nova-lite-manage db sync failed: %s' % (
            sync.stderr.strip().splitlines() or ['?'])[-1])


def _start(layout, vcpus, memory_mb):
    network.create(layout)
    if layout.neutron_port:
        _start_network_service(layout)
    if layout.rabbit_nodes:
        started = broker_cluster.start(layout)
    else:
        processes.start(layout, FORWARDER,
                        services.broker_forwarder(layout))
        started = [FORWARDER]
    controller_conf = layout.path('controller.conf')
    for index, (name, binary, host) in enumerate(
            layout.controller_processes()):
        argv = [_binary(binary), '--config-file', controller_conf,
                '--config-file', configs.write_controller_process(
                    layout, name, host, index)]
        processes.start(layout, name, argv)
        started.append(name)
    for name in layout.console_processes():
        processes.start(layout, name, [_binary(name), '--config-file',
                                       controller_conf])
        started.append(name)
    for index in range(1, layout.computes + 1):
        config_file = configs.write_compute(layout, index, vcpus, memory_mb)
        started.append(_start_compute(layout, index, config_file))
    return started


def _network_service(layout):
    """The lab's network service: a chassis in each compute's namespace
    (tunnelling over an underlay of the stack's); Neutron on the
    controller."""
    hosts = [layout.hostname(i) for i in range(1, layout.computes + 1)]
    return network_service.Stack(
        layout.path('network'), hosts, port=layout.neutron_port,
        compute_url='http://127.0.0.1:%d/v2.1' % layout.api_port,
        placement_url='http://127.0.0.1:%d' % layout.placement_port,
        namespaces={layout.hostname(i): layout.namespace(i)
                    for i in range(1, layout.computes + 1)},
        listen='0.0.0.0')


def _start_network_service(layout):
    try:
        network_service.up(_network_service(layout))
    except daemons.DaemonError as e:
        raise LabError('the network service did not start: %s' % e)


def _start_compute(layout, index, config_file):
    """In the compute's namespace and in a UTS namespace of its own whose
    hostname is the compute's (the agent's ``host`` defaults to it)."""
    hostname = layout.hostname(index)
    if layout.real:
        directory = layout.path('real', hostname)
        real_host.prepare_host(directory, {
            layout.hostname(i): layout.compute_ip(i)
            for i in range(1, layout.computes + 1)})
        chassis = layout.path('network', 'chassis', hostname) \
            if layout.neutron_port else None
        processes.start(layout, hostname, real_host.command(
            layout.namespace(index), hostname, directory, config_file,
            chassis))
        return hostname
    command = 'hostname %s && exec %s --config-file %s' % (
        shlex.quote(hostname), shlex.quote(_binary('nova-lite-compute')),
        shlex.quote(config_file))
    processes.start(layout, hostname, [
        'ip', 'netns', 'exec', layout.namespace(index),
        'unshare', '--uts', 'sh', '-c', command])
    return hostname


def _report(layout, clouds_path):
    print('lab %r is up: API %s, placement %s/, images %s/' % (
        layout.name, layout.api_url, layout.placement_url,
        layout.image_url))
    if layout.galera:
        print('database %s on the lab\'s Galera cluster: HAProxy on port '
              '%d in front of %s' % (
                  layout.database_name, galera_cluster.front_port(layout),
                  ', '.join('%s on port %d' % (node.name, node.port)
                            for node in galera_cluster.nodes(layout))))
    if layout.rabbit_nodes:
        print('controller: %s, database %s on %s' % (
            layout.controller_ip, layout.database_name, layout.database))
        print('  RabbitMQ cluster (quorum queues): %s' % ', '.join(
            '%s on port %d' % (node.name, node.port)
            for node in broker_cluster.nodes(layout)))
    else:
        print('controller: %s (broker forwarded there), database %s on %s'
              % (layout.controller_ip, layout.database_name,
                 layout.database))
    if (layout.schedulers, layout.conductors, layout.api_workers) != (
            1, 1, 1):
        print('  %d scheduler(s), %d conductor(s), API of %d worker '
              'process(es)' % (layout.schedulers, layout.conductors,
                               layout.api_workers))
    for index in range(1, layout.computes + 1):
        print('  %s: %s in namespace %s' % (
            layout.hostname(index), layout.compute_ip(index),
            layout.namespace(index)))
    print('consoles: noVNC on :%d, serial on :%d' % (
        layout.novnc_port, layout.serial_port))
    print('metrics: %s' % ', '.join(
        '%s %s' % item for item in layout.metrics_urls().items()))
    print(clouds_file.hint(clouds_path, layout.name))
    print('logs: %s; stop with: %s' % (
        layout.path('logs'), 'make lab-down or nova-lite-lab down'
        if layout.name == 'lab' else 'nova-lite-lab down --name %s'
        % layout.name))


def _teardown(layout):
    computes = [layout.hostname(i) for i in range(1, layout.computes + 1)]
    killed = processes.stop(layout, computes)
    for index in range(1, layout.computes + 1):
        # A real host's libvirtd, virtlogd and guests.
        real_host.stop_namespace(layout.namespace(index))
    killed += processes.stop(layout, layout.console_processes())
    killed += processes.stop(layout, [
        name for name, _binary, _host in reversed(
            layout.controller_processes())])
    processes.stop(layout, [FORWARDER], timeout=5)
    broker_cluster.stop(layout)
    galera_cluster.stop(layout)
    if os.path.exists(layout.path('network', 'stack.json')):
        network_service.down(network_service.Stack.load(
            layout.path('network')))
    removed = network.remove(layout)
    return killed, removed


def down(args):
    state_dir = args.state_dir or _default_state_dir(args.name)
    if not os.path.exists(os.path.join(state_dir, 'lab.json')):
        print('no lab in %s: nothing to stop' % state_dir)
        return
    layout = lab_layout.Layout.load(state_dir)
    was_running = sorted(processes.running(layout))
    killed, removed = _teardown(layout)
    print('stopped: %s' % (', '.join(was_running) or 'nothing was running'))
    if killed:
        print('killed after the grace period: %s' % ', '.join(killed))
    print('removed: %s' % (', '.join(removed) or 'no namespace was left'))
    if args.purge:
        if layout.galera:
            # Its database lives only in the lab's own (stopped) nodes.
            shutil.rmtree(galera_cluster.home(layout), ignore_errors=True)
            print("removed the lab's Galera nodes, its database with them")
        else:
            services.drop_database(layout)
            print('dropped database %s' % layout.database_name)
        if layout.rabbit_nodes:
            shutil.rmtree(broker_cluster.home(layout), ignore_errors=True)
            print("removed the lab's RabbitMQ nodes")
        else:
            services.delete_vhost(layout)
            print('deleted vhost %s' % layout.vhost)
        if os.path.isdir(layout.path('real')):
            # The real hosts' guests and libvirt state: of servers the
            # dropped database no longer knows.
            shutil.rmtree(layout.path('real'))
            print('removed the real hosts\' files in %s' % layout.path(
                'real'))


def _parser():
    parser = argparse.ArgumentParser(prog='nova-lite-lab',
                                     description=__doc__.split('\n')[0])
    commands = parser.add_subparsers(dest='command', required=True)
    for name, run in (('up', up), ('down', down)):
        command = commands.add_parser(name)
        command.set_defaults(run=run)
        command.add_argument('--name', default='lab',
                             help='names the lab and everything it creates')
        command.add_argument('--state-dir', help='default: '
                             '$NOVA_LITE_STATE_DIR/NAME (./var/NAME)')
    up_command = commands.choices['up']
    up_command.add_argument('--computes', type=int, default=2)
    up_command.add_argument('--database', default='mysql',
                            choices=sorted(services.SERVERS))
    up_command.add_argument('--subnet', default='10.211.0.0/24')
    up_command.add_argument('--api-port', type=int, default=8774)
    up_command.add_argument('--placement-port', type=int, default=8778)
    up_command.add_argument('--image-port', type=int, default=9292)
    up_command.add_argument('--metrics-port', type=int, default=9180,
                            help='the first control process serves its '
                            'metrics on this port, the next ones on the '
                            'ports after it; each compute on this one in '
                            'its namespace')
    up_command.add_argument('--novnc-port', type=int, default=6080,
                            help='nova-lite-novncproxy on the controller')
    up_command.add_argument('--serial-port', type=int, default=6083,
                            help='nova-lite-serialproxy on the controller')
    up_command.add_argument('--schedulers', type=int, default=1,
                            help='nova-lite-scheduler processes, active '
                            'at once')
    up_command.add_argument('--conductors', type=int, default=1,
                            help='nova-lite-conductor processes, active '
                            'at once')
    up_command.add_argument('--api-workers', type=int, default=1,
                            help="nova-lite-api's worker processes "
                            '([api] workers)')
    up_command.add_argument('--rabbit-nodes', type=int, default=0,
                            help='a RabbitMQ cluster of the lab\'s own, '
                            'of this many nodes, with quorum queues '
                            '(default 0: the machine\'s broker)')
    up_command.add_argument('--rabbit-port', type=int, default=5700,
                            help='node K of that cluster listens on this '
                            'port + K')
    up_command.add_argument('--galera', type=int, default=0,
                            help='a Galera cluster of the lab\'s own, of '
                            'this many MariaDB nodes behind HAProxy, as '
                            'its database (default 0: the machine\'s '
                            'server)')
    up_command.add_argument('--galera-port', type=int, default=3400,
                            help='HAProxy in front of that cluster listens '
                            'on this port, node K on this port + K (and '
                            '+ 100, 200, 300 for the cluster\'s own '
                            'traffic)')
    up_command.add_argument('--vcpus', type=int, default=32,
                            help="each compute's test-driver host")
    up_command.add_argument('--memory-mb', type=int, default=65536)
    up_command.add_argument('--timeout', type=int,
                            help='seconds to wait for every compute up '
                            '(default: 120, 300 with --real)')
    up_command.add_argument('--neutron', action='store_true',
                            help='a real network service: Neutron (ML2/'
                            'OVN) on the controller and a chassis in each '
                            "compute's namespace")
    up_command.add_argument('--neutron-port', type=int, default=9696)
    up_command.add_argument('--real', action='store_true',
                            help='each compute on a libvirtd of its own '
                            '(QEMU guests) instead of a test-driver host')
    commands.choices['down'].add_argument(
        '--purge', action='store_true',
        help="also drop the lab's database and RabbitMQ vhost (and a "
             "real lab's host files)")
    return parser


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        args.run(args)
    except LabError as e:
        sys.stderr.write('nova-lite-lab: %s\n' % e)
        return 1
    except services.ServiceError as e:
        sys.stderr.write('nova-lite-lab: %s\n' % e)
        return 1
    return 0
