# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[all_in_one]``: what the single-process deployment simulates, so a
newcomer gets hosts without a hypervisor.
"""
from oslo_config import cfg

aio_group = cfg.OptGroup('all_in_one', title='All-in-one process')

opts = [
    cfg.IntOpt('simulated_hosts', default=3, min=1,
               help="""
Compute hosts the all-in-one runs, each a real compute agent on its own
libvirt test-driver host described by a generated node file.
"""),
    cfg.BoolOpt('real_host', default=False, help="""
Run one compute agent on the hypervisor ``[libvirt] connection_uri``
names (a real libvirtd, ``qemu:///system``), as host ``[DEFAULT] host``,
instead of the simulated hosts. ``make run-real`` sets this.
"""),
    cfg.StrOpt('shared_rpc_listener', default='rpc_fleet', help="""
How the simulated hosts' RPC servers receive: through one shared listener
(a plugin of entry point group ``nova_lite.rpc.shared_listeners``), or,
if empty, each on its own broker connection as a ``nova-lite-compute``
daemon does.

Possible values:

* ``rpc_fleet`` (the lab tools' ``nova_lite_tools.rpc_fleet``): on
  RabbitMQ, one connection and one receiving thread for all of them; on
  ``fake://``, one receiving thread that wakes only for deliveries; on
  another transport, or an oslo.messaging it does not know, each listens
  on its own.
* An empty value: each listens on its own.
"""),
    cfg.IntOpt('host_vcpus', default=8, min=1,
               help='Physical CPUs of each simulated host.'),
    cfg.IntOpt('host_memory_mb', default=16384, min=512,
               help='Memory in MB of each simulated host.'),
    cfg.MultiStrOpt('simulated_pci_devices', default=[
        'host=sim-host-1, vendor_id=8086, product_id=0443, count=2',
        'host=sim-host-2, vendor_id=8086, product_id=0443, count=1',
    ], help="""
PCI devices of the simulated hosts, as comma-separated key=value pairs:
``host`` (the simulated host), ``vendor_id`` and ``product_id`` (4
hexadecimal digits each) and ``count`` (default 1). They are node devices
of the host's libvirt, as a real host's are; guests get them only where
``[pci] device_spec`` matches them, and flavors ask for them by a ``[pci]
alias``.

Example: ``simulated_pci_devices = host=sim-host-1, vendor_id=10de,
product_id=1eb8, count=4``
"""),
]


def register_opts(conf):
    conf.register_group(aio_group)
    conf.register_opts(opts, group=aio_group)


def list_opts():
    return [(aio_group, opts)]
