# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where servers get their addresses: the fixed networks an operator
declares in ``[networks]``, allocated by the control plane itself.
"""

# The security group every project has and a server is in unless it asks
# for others.
DEFAULT_SECURITY_GROUP = 'default'


def bandwidth_in_network_service(conf):
    """Whether guaranteed bandwidth is the network service's, in placement
    on its own providers (Neutron), rather than the resource plugins'."""
    return conf.networks.backend == 'neutron'
