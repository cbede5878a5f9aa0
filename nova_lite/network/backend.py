# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The network backend ``[networks] backend`` names: the fixed networks
or the network service. Both answer the same calls: ``resolve`` (at the
API, a create's networks), ``allocate`` and ``deallocate`` (at the
compute, a server's ports around its build and delete), ``bind_to`` (a
move's end or an unshelve took the server; an offload left every host)
and ``refresh`` (a port changed)."""
from nova_lite.network import fixed_backend
from nova_lite.network import neutron
from nova_lite.network import neutron_client


def load(conf):
    if conf.networks.backend == 'neutron':
        return neutron.NeutronNetworks(conf,
                                       neutron_client.NeutronClient(conf))
    return fixed_backend.FixedBackend(conf)
