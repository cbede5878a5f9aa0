# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's addresses by network: /servers/{server_id}/ips[/{label}].

The same ``addresses`` the server's body shows, with only each address
and its IP version, as Nova answers them.
"""
from nova_lite.api.compute import server_view
from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception


@validation.responds(200, responses.addresses)
def index(req, server_id):
    instance = servers.get(req, server_id, ['vifs'])
    return 200, {'addresses': server_view.addresses(instance,
                                                    with_mac=False)}


@validation.responds(200, responses.network_addresses)
def show(req, server_id, network_label):
    addresses = server_view.addresses(
        servers.get(req, server_id, ['vifs']), with_mac=False)
    if network_label not in addresses:
        raise exception.NetworkNotMember()
    return 200, {network_label: addresses[network_label]}
