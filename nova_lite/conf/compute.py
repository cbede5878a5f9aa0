# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[compute]``: the compute agent's driver, periodic tasks, allocation
ratios and reserved resources.
"""
from oslo_config import cfg

compute_group = cfg.OptGroup('compute', title='Compute agent options')

opts = [
    cfg.StrOpt('compute_driver', default='libvirt',
               help="""
Virt driver the compute agent loads (entry point group
``nova_lite.virt.drivers``).

Possible values:

* ``libvirt``: python-libvirt against ``[libvirt] connection_uri``.
* ``fake``: an in-memory driver for unit tests only.
"""),
    cfg.ListOpt('compute_monitors', default=[],
                deprecated_group='DEFAULT', help="""
Monitors that read host metrics with each resource update (Nova's
option, also read from ``[DEFAULT]``): entry points of
``nova_lite.compute.monitors.cpu``, at most one of them, named as
``cpu.NAME``, ``NAME`` or ``nova_lite.compute.monitors.cpu.NAME``. The
compute node keeps the last metrics read; the scheduler's MetricsWeigher
weighs hosts by them, and each update sends ``metrics.update``.

Possible values:

* ``cpu.virt_driver``: the host's CPU times and frequency as libvirt
  reads them, and the busy percentages since the last read.
* ``cpu.simulated``: a simulated host's, its guests' vCPUs counting as
  busy (the test driver's CPU times do not move).

Related options: ``[metrics] weight_setting``.
"""),
    cfg.IntOpt('update_resources_interval', default=60, min=1,
               help="""
Seconds between two runs of the resource tracker's
``update_available_resource`` periodic task.
"""),
    cfg.IntOpt('abandoned_task_timeout', default=300, min=1, help="""
Seconds after which a task on one of this host's servers (a build, a
delete, a stop, start or reboot) that nothing in this compute is doing is
finished as a restart would finish it: its request was lost (the API or
the conductor stopped before sending it, or a reply was lost). Checked
every quarter of this.
"""),
    cfg.IntOpt('shutdown_timeout', default=60, min=0, help="""
Seconds a stop or a soft reboot waits for the guest to shut down after
the ACPI power button before it powers the guest off. 0 powers off at
once.
"""),
    cfg.IntOpt('reserved_host_memory_mb', default=512, min=0,
               help='Memory in MB kept back for the host itself.'),
    cfg.IntOpt('reserved_host_disk_mb', default=0, min=0,
               help='Disk in MB kept back for the host itself.'),
    cfg.IntOpt('reserved_host_cpus', default=0, min=0,
               help='Physical CPUs kept back for the host itself.'),
    cfg.FloatOpt('cpu_allocation_ratio', default=4.0, min=0.0,
                 help="""
Virtual CPUs per physical CPU that may be allocated.

Possible values:

* A positive float; 1.0 means no overcommit.

Related options:

* ``reserved_host_cpus`` is taken off before the ratio applies.
"""),
    cfg.FloatOpt('ram_allocation_ratio', default=1.0, min=0.0,
                 help='Virtual RAM per physical RAM that may be allocated.'),
    cfg.FloatOpt('disk_allocation_ratio', default=1.0, min=0.0,
                 help='Virtual disk per physical disk that may be allocated.'),
    cfg.StrOpt('shared_storage_provider', help="""
Name or uuid of a placement resource provider that holds the DISK_GB of
this host's guests (a shared storage pool the operator created, with its
DISK_GB inventory). The host then reports no DISK_GB of its own, puts its
provider in the pool's aggregate (one is made for the pool if it has
none) and gives the pool the MISC_SHARES_VIA_AGGREGATE trait, so that a
boot here allocates its disk from the pool.
"""),
    cfg.BoolOpt('resume_guests_state_on_host_boot', default=True,
                help="""
On start, re-create the domains of ACTIVE instances that the hypervisor
no longer knows (a libvirt test-driver host keeps its state in memory, so
after a restart every domain must be re-created).
"""),
    cfg.IntOpt('shelved_offload_time', default=0, min=-1, help="""
Seconds a shelved server stays on its host (its guest off, its resources
held) before it is offloaded: its guest removed and its resources freed,
to be scheduled again when unshelved.

Possible values:

* 0 (the default): offloaded as soon as it is shelved.
* -1: never offloaded but by an explicit shelveOffload.
* A positive number: offloaded by the compute's periodic check once that
  long shelved.
"""),
    cfg.BoolOpt('force_config_drive', default=False, help="""
Give every server a config drive, whether or not its create asked for one.
"""),
    cfg.IntOpt('vif_plugging_timeout', default=300, min=0, help="""
Seconds a build waits, after plugging a server's ports, for the network
service to report each wired (``network-vif-plugged``); 0: it does not
wait. Only with ``[networks] backend = neutron``.
"""),
    cfg.BoolOpt('vif_plugging_is_fatal', default=True, help="""
Whether a build whose ports were not reported wired within
``vif_plugging_timeout`` fails (ERROR, its ports freed) or goes on.
"""),
]


def register_opts(conf):
    conf.register_group(compute_group)
    conf.register_opts(opts, group=compute_group)


def list_opts():
    return [(compute_group, opts)]
