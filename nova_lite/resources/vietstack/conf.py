# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[vietstack]``: the physical NICs a compute host serves vNICs from.

Registered by the VietStack resource plugin, on the services that load it.

Each ``nic`` line declares one NIC as comma-separated ``key=value`` pairs
(read by ``nova_lite.resources.vietstack.nics``); a line that names a
``host`` belongs to that host only, so one config file can describe
several hosts, as the all-in-one's does.
"""
from oslo_config import cfg

group = cfg.OptGroup('vietstack', title='VietStack: vNIC network capacity')

opts = [
    cfg.MultiStrOpt('nic', default=[], help="""
One physical NIC of this host, as comma-separated key=value pairs.

Keys:

* ``name`` (required): the NIC's name, e.g. ``eth0``.
* ``physical_network`` (required): the network it reaches.
* ``vnic_types``: the vNIC types it serves, joined by ``+`` (default
  ``normal``); among normal, direct, macvtap, direct-physical,
  virtio-forwarder.
* ``rate``: kbit/s it serves in each direction; ``outbound_rate`` and
  ``inbound_rate`` set one direction.
* ``size``: queue slots it serves in each direction; ``outbound_size`` and
  ``inbound_size`` set one direction.
* ``reserved_rate``, ``reserved_size``: kept back from each direction.
* ``host``: the host this line is about (default: whichever host reads
  it).

Example: ``nic = name=eth0, physical_network=physnet1,
vnic_types=normal+direct, rate=10000000, size=64``

Related options: ``[resources] enabled`` must list ``vietstack``.
"""),
    cfg.MultiStrOpt('simulated_nics', default=[
        'host=sim-host-1, name=eth0, physical_network=physnet1, '
        'vnic_types=normal+direct, rate=10000000, size=64',
        'host=sim-host-1, name=eth1, physical_network=physnet1, '
        'vnic_types=normal+direct, rate=10000000, size=64',
        'host=sim-host-2, name=eth0, physical_network=physnet1, '
        'vnic_types=normal, rate=1000000, size=16',
        'host=sim-host-3, name=eth0, physical_network=physnet2, '
        'vnic_types=normal+direct, rate=10000000, size=64',
    ], deprecated_opts=[cfg.DeprecatedOpt('vietstack_nics',
                                          group='all_in_one')], help="""
The all-in-one's simulated hosts' NICs, in the form of ``nic`` lines, each
naming its ``host``. Used by the all-in-one when ``nic`` is not set.

Related options: ``nic``.
"""),
]


def register_opts(conf):
    conf.register_group(group)
    conf.register_opts(opts, group=group)


def list_opts():
    return [(group, opts)]
