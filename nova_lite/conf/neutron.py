# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[neutron]``: the OpenStack network service servers' ports come from
when ``[networks] backend = neutron``.

How to reach it is keystoneauth's, as Nova's ``[neutron]`` section reads:
an auth plugin (``auth_type``, e.g. ``password`` with Keystone, or
``admin_token`` with ``endpoint`` and ``token`` without), session options
(timeouts, TLS) and adapter options (``endpoint_override``,
``region_name``, ``valid_interfaces``).
"""
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg

group = cfg.OptGroup('neutron', title='The network service (Neutron)')

opts = [
    cfg.StrOpt('ovs_bridge', default='br-int', help="""
The Open vSwitch bridge of each host that servers' ports are plugged into
(the network service's integration bridge): by libvirt on a real host,
by the compute on a simulated one.
"""),
    cfg.StrOpt('simulated_host_ovsdb', help="""
For simulated hosts (libvirt's ``test:///`` driver) only: the Open vSwitch
database of each host's chassis, ``{host}`` standing for the host's name
(e.g. ``unix:/var/lib/nova-lite/network/chassis/{host}/db.sock``). A
simulated host plugs a server's ports there as a hypervisor would (an
interface on ``ovs_bridge`` carrying the port's id), so that the network
service wires them and reports them plugged. Unset: simulated hosts plug
nothing, and their servers' ports stay down.
"""),
    cfg.StrOpt('ovsdb_connection', default='unix:/run/openvswitch/db.sock',
               help="""
A real host's Open vSwitch database, where the compute tells the host's
chassis the bandwidth of its physical networks (``ovn-cms-options``) for
the network service to report to placement. Simulated hosts use
``simulated_host_ovsdb``.
"""),
    cfg.IntOpt('http_retries', default=3, min=0, help="""
How many times a request to the network service is tried again after a
connection failure.
"""),
]

DEFAULT_SERVICE_TYPE = 'network'


def register_opts(conf):
    conf.register_group(group)
    conf.register_opts(opts, group=group)
    ks_loading.register_session_conf_options(conf, group.name)
    ks_loading.register_auth_conf_options(conf, group.name)
    ks_loading.register_adapter_conf_options(
        conf, group.name, include_deprecated=False)
    conf.set_default('service_type', DEFAULT_SERVICE_TYPE, group=group.name)


def list_opts():
    auth_opts = ks_loading.get_auth_common_conf_options() + \
        ks_loading.get_auth_plugin_conf_options('password')
    return [(group, opts + ks_loading.get_session_conf_options() +
             auth_opts + ks_loading.get_adapter_conf_options(
                 include_deprecated=False))]
