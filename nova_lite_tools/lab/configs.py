# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab's configuration files: one for the controller's daemons, one
per compute (no ``[database]`` section: a compute holds no database
credentials), and each compute's libvirt test-driver node file (or, in
a real lab, its real libvirtd's settings)."""

from nova_lite.virt.libvirt import simulated_host
from nova_lite_tools.lab import broker_cluster
from nova_lite_tools.lab import real_host
from nova_lite_tools.lab import services
from nova_lite_tools.network_service import nova_lite_config

# Heartbeats every 2 s and "down" after 10 s: a stopped compute shows
# down within seconds in a lab (production defaults are 10 s and 60 s).
SERVICE_GROUP = """report_interval = 2
service_down_time = 10
"""

CONTROLLER = """[DEFAULT]
host = {host}
transport_url = {transport_url}
state_path = {state}
""" + SERVICE_GROUP + """
[database]
connection = {database_url}

[api]
listen = 0.0.0.0
port = {api_port}
workers = {api_workers}

[placement]
listen = 0.0.0.0
port = {placement_port}

[image]
listen = 0.0.0.0
port = {image_port}
store_path = {state}/images

[vnc]
novncproxy_port = {novnc_port}

[serial_console]
serialproxy_port = {serial_port}
{broker}"""

# No host option: the agent takes the namespace's hostname.
COMPUTE = """[DEFAULT]
transport_url = {transport_url}
state_path = {state}
""" + SERVICE_GROUP + """
[libvirt]
connection_uri = {uri}
{real}
[glance]
api_servers = http://{controller_ip}:{image_port}

# Guests' consoles listen on the compute's address, where the proxies on
# the controller reach them; users reach the proxies on the host.
[vnc]
server_listen = {compute_ip}
server_proxyclient_address = {compute_ip}
novncproxy_base_url = http://127.0.0.1:{novnc_port}/vnc_lite.html

[serial_console]
enabled = true
proxyclient_address = {compute_ip}
base_url = ws://127.0.0.1:{serial_port}/

{metrics}
[vietstack]
nic = name=eth0, physical_network=physnet1, vnic_types=normal+direct, rate=10000000, size=64
nic = name=eth1, physical_network=physnet2, vnic_types=normal, rate=10000000, size=64
{broker}"""


def _neutron(layout):
    """Servers' ports are Neutron's; a compute plugs its simulated
    host's into its chassis (nova_lite_tools.network_service)."""
    if not layout.neutron_port:
        return ''
    return nova_lite_config.options(layout.neutron_url,
                                    layout.path('network', 'chassis'))


# On the lab's Galera cluster: each read waits until the node it reaches
# has applied every write the cluster committed before it (a node that
# took over from a lost one may still be applying them).
GALERA = """
[database]
mysql_wsrep_sync_wait = 1
"""


def write_controller(layout):
    return _write(layout, 'controller.conf', CONTROLLER.format(
        host=layout.controller_host, state=layout.path('controller'),
        api_workers=layout.api_workers, broker=_broker(layout),
        transport_url=services.transport_url(layout, '127.0.0.1'),
        database_url=services.database_url(layout),
        api_port=layout.api_port, placement_port=layout.placement_port,
        image_port=layout.image_port, novnc_port=layout.novnc_port,
        serial_port=layout.serial_port) + _neutron(layout) +
        (GALERA if layout.galera else ''))


def write_controller_process(layout, process, host, index):
    """What sets one control process apart (read after controller.conf):
    its host name (a second scheduler or conductor is a service of its
    own) and its metrics port, the ``index``-th from the lab's."""
    return _write(layout, '%s.conf' % process, METRICS.format(
        listen='127.0.0.1', port=layout.metrics_port + index) +
        '[DEFAULT]\nhost = %s\n' % host)


METRICS = """[metrics]
enabled = true
listen = {listen}
port = {port}
"""


# A real host: the namespace's own libvirtd (real_host), QEMU in
# software emulation; the other hosts' libvirtds reached at their
# computes' addresses. The demo guest does not act on the ACPI power
# button, so a stop waits only a little before powering it off.
REAL = """virt_type = qemu
instances_path = {instances_path}

[compute]
shutdown_timeout = 3
"""


def write_compute(layout, index, vcpus, memory_mb):
    hostname = layout.hostname(index)
    if layout.real:
        uri = 'qemu:///system'
        real = REAL.format(instances_path=real_host.INSTANCES_PATH)
    else:
        uri = simulated_host.write_node_file(layout.path('hosts'), hostname,
                                             vcpus, memory_mb)
        real = ''
    return _write(layout, '%s.conf' % hostname, COMPUTE.format(
        transport_url=services.transport_url(layout, layout.controller_ip),
        state=layout.path(hostname), uri=uri, real=real,
        broker=_broker(layout), metrics=METRICS.format(
            listen='0.0.0.0', port=layout.metrics_port),
        controller_ip=layout.controller_ip, image_port=layout.image_port,
        compute_ip=layout.compute_ip(index), novnc_port=layout.novnc_port,
        serial_port=layout.serial_port) + _neutron(layout) +
        (GALERA if layout.galera else ''))


def _broker(layout):
    return broker_cluster.QUORUM if layout.rabbit_nodes else ''


def _write(layout, name, text):
    path = layout.path(name)
    with open(path, 'w') as out:
        out.write(text)
    return path
