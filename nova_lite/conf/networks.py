# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[networks]``: the fixed networks servers get their addresses on.

There is no network service: as Nova did before networking left it, the
control plane allocates fixed addresses itself, on networks the operator
declares here, one per physical network (read by
``nova_lite.network.fixed_networks``). Every service reads the same lines: the
API checks flavors and answers addresses by network name, the compute
agent allocates.
"""
from oslo_config import cfg

group = cfg.OptGroup('networks', title='Fixed networks on the hosts\' '
                                       'physical networks')

opts = [
    cfg.StrOpt('backend', default='fixed', choices=[
        ('fixed', 'the fixed networks of the ``network`` lines, their '
                  'addresses allocated by the control plane itself'),
        ('neutron', 'an OpenStack network service (``[neutron]``): '
                    'servers get its ports, bound to their host and '
                    'wired by it')], help="""
Where servers' vNICs and addresses come from. Every service reads it
alike (the API checks a create's networks with it; the compute makes or
takes the ports).
"""),
    cfg.MultiStrOpt('network', default=[
        'name=private, physical_network=physnet1, cidr=10.0.0.0/24',
        'name=backend, physical_network=physnet2, cidr=10.0.1.0/24',
    ], help="""
One fixed network, as comma-separated key=value pairs.

Keys:

* ``name`` (required): the network's name, the label a server's
  ``addresses`` show it under.
* ``physical_network`` (required): the physical network it is on; at
  most one network per physical network. A vNIC on that physical network
  (a resource plugin's vNIC of the flavor, or the default network's)
  gets its address here.
* ``cidr`` (required): its subnet, IPv4 or IPv6, e.g. ``10.0.0.0/24``
  (host bits zero).
* ``gateway``: the router's address in the subnet (default: the subnet's
  first host address); never given to a server.
* ``allocation_range``: ``first-last``, the addresses servers get
  (default: every host address of the subnet but the gateway).

Networks may not overlap. The defaults declare ``private`` on
``physnet1`` and ``backend`` on ``physnet2``, the physical networks of the
all-in-one's simulated hosts.

Example: ``network = name=private, physical_network=physnet1,
cidr=10.0.0.0/24, gateway=10.0.0.1, allocation_range=10.0.0.10-10.0.0.250``
"""),
    cfg.StrOpt('default_network', help="""
The network a server gets its one vNIC on when it asks for ``networks:
auto`` (what clients send when they name no network) and its flavor has
no vNICs of its own. Default: the first ``network`` line's.
"""),
]


def register_opts(conf):
    conf.register_group(group)
    conf.register_opts(opts, group=group)


def list_opts():
    return [(group, opts)]
