# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where servers get their addresses: the fixed networks an operator
declares in ``[networks]``, allocated by the control plane itself.
"""

# The security group every project has and a server is in unless it asks
# for others.
DEFAULT_SECURITY_GROUP = 'default'


def security_group_names(vifs):
    """The names of the security groups of a server with these vNICs:
    its ports' (the network service's), else the default group every
    server is in."""
    ports = [vif for vif in vifs if vif.is_port]
    if not ports:
        return [DEFAULT_SECURITY_GROUP]
    return sorted({name for vif in ports for name in vif.security_groups})


def bandwidth_in_network_service(conf):
    """Whether guaranteed bandwidth is the network service's, in placement
    on its own providers (Neutron), rather than the resource plugins'."""
    return conf.networks.backend == 'neutron'
