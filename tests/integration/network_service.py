# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real Neutron (ML2/OVN) for the tests of the neutron backend, and
the all-in-one's settings that use it.

The stack is started once per module (nova_lite_tools.network_service:
OVN, a chassis per simulated host, Neutron's API on MariaDB) and told the
compute API's address ahead (a port chosen now), since Neutron reports
its port events there and its bandwidth providers to placement; each
test's all-in-one then listens on those ports.
"""
import os

from keystoneauth1 import loading as ks_loading
import requests

from nova_lite import conf as nl_conf
from nova_lite_tools.network_service import nova_lite_config
from nova_lite_tools.network_service import stack as stack_mod
from nova_lite_tools import ports

HOSTS = ['sim-host-1', 'sim-host-2']
SERVICE_TOKEN = nova_lite_config.SERVICE_TOKEN


def start(directory, hosts=HOSTS):
    api_port, placement_port = ports.free_port(), ports.free_port()
    stack = stack_mod.Stack(
        str(directory), list(hosts), port=ports.free_port(),
        compute_url='http://127.0.0.1:%d/v2.1' % api_port,
        placement_url='http://127.0.0.1:%d' % placement_port)
    stack_mod.up(stack)
    stack.compute_api_port = api_port
    stack.placement_port = placement_port
    return stack


def request(stack, method, path, body=None):
    """Neutron's answer to a request of the service user; it must not be
    a refusal."""
    answer = requests.request(
        method, stack.url + '/v2.0' + path, json=body, timeout=30,
        headers={'X-Auth-Token': SERVICE_TOKEN})
    assert answer.status_code < 400, answer.text
    return answer.json() if answer.content else None


def _point_at(overrides, url):
    """The Neutron backend, its service at ``url``."""
    conf = nl_conf.CONF
    if 'token' not in conf.neutron:
        # keystoneauth registers a plugin's options as it loads it; the
        # overrides below need them first.
        conf.register_opts(
            ks_loading.get_auth_plugin_conf_options('admin_token'),
            group='neutron')
    overrides('backend', 'neutron', group='networks')
    overrides('auth_type', 'admin_token', group='neutron')
    overrides('endpoint', url, group='neutron')
    overrides('token', SERVICE_TOKEN, group='neutron')
    overrides('endpoint_override', url, group='neutron')


def away(overrides):
    """Point the next all-in-one at a network service that does not
    answer (a port nothing listens on; no retries)."""
    _point_at(overrides, 'http://127.0.0.1:%d' % ports.free_port())
    overrides('http_retries', 0, group='neutron')


def use(overrides, stack, **compute):
    """Point the next all-in-one at ``stack`` (its API on the port the
    stack reports to); ``compute``: [compute] options to override."""
    _point_at(overrides, stack.url)
    overrides('simulated_host_ovsdb', 'unix:' + os.path.join(
        stack.directory, 'chassis', '{host}', 'db.sock'), group='neutron')
    overrides('port', stack.compute_api_port, group='api')
    overrides('port', stack.placement_port, group='placement')
    for name, value in compute.items():
        overrides(name, value, group='compute')
