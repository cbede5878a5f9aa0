# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What nova_lite's services are told of a network service this tooling
started: the Neutron backend, Neutron's URL with the lab's service token,
and where each simulated host's chassis keeps its Open vSwitch
database."""

SERVICE_TOKEN = 'nova:service:admin,service'

_OPTIONS = """
[networks]
backend = neutron

[neutron]
auth_type = admin_token
endpoint = {url}
token = {token}
endpoint_override = {url}
simulated_host_ovsdb = unix:{chassis}/{{host}}/db.sock
"""


def options(url, chassis_directory):
    """The config file lines (``{host}`` left for the compute)."""
    return _OPTIONS.format(url=url, token=SERVICE_TOKEN,
                           chassis=chassis_directory)
