# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Resource plugins: custom resources, added without touching the core.

A plugin (entry point group ``nova_lite.resources``, or a ``module:Class``
path, named in ``[resources] enabled``) declares its options, tells the
scheduler which request groups a server asks of placement beyond its
flavor's size, what each host offers (``host_stat``) and which host
filters judge it, and tells the resource tracker what the host has (child
providers with their inventory and traits), whether an instance fits and
what it was given (a record kept with the instance), and how that record
reads back as allocations. It may add admin views of a server's record
and of a host's use to the compute API. The core keeps the records and
the providers up to date, runs the filters and serves the views, and never
knows what is in them.

Its extra-spec validators go in the ``nova_lite.api.extra_spec_validators``
entry point group (declared with ``nova_lite.resources.extra_specs``), its CLI
details of a host in ``nova_lite.cli.host_details``; a plugin that declares
no validators leaves its namespace unchecked (unknown namespaces pass).
"""
import dataclasses

from oslo_utils import importutils
from stevedore import driver
from stevedore import extension

NAMESPACE = 'nova_lite.resources'


@dataclasses.dataclass
class Vnic:
    """A vNIC a plugin gives the server: the physical network it is on,
    the host NIC serving it, its rates in kbit/s (0: not shaped) and its
    queues."""
    physical_network: str
    device: str = None
    inbound_rate: int = 0
    outbound_rate: int = 0
    queues: int = 1


@dataclasses.dataclass
class BandwidthAsk:
    """Guaranteed bandwidth one vNIC asks of a network service that holds
    it in placement: a port named ``name`` on ``physical_network`` (any,
    if None), of ``vnic_type``, with minimums in kbit/s."""
    name: str
    physical_network: str
    vnic_type: str
    egress: int
    ingress: int


@dataclasses.dataclass
class ChildProvider:
    """A provider under the host's: ``inventory`` is {class: record}."""
    uuid: str
    name: str
    inventory: dict
    traits: list


class ResourcePlugin:
    """What a custom resource answers; every method has a do-nothing
    default, so a plugin writes only what it needs."""

    name = None
    # Instance fields (extra fields) the record lives in, loaded with the
    # host's instances.
    instance_attrs = ('resource_records',)

    def __init__(self, conf, host=None):
        self.conf = conf
        self.host = host

    # The module of the plugin's options (its ``register_opts(conf)`` and
    # ``list_opts()``), if it has any.
    options = None

    @classmethod
    def register_opts(cls, conf):
        """Register the plugin's options on ``conf``."""
        if cls.options is not None:
            cls.options.register_opts(conf)

    @classmethod
    def list_opts(cls):
        return cls.options.list_opts() if cls.options is not None else []

    def check_config(self):
        """Raise ConfigInvalid naming the option, at the compute's start."""

    def check_flavor(self, extra_specs):
        """Raise a 400 (an Invalid) if this service cannot serve a flavor
        of these extra specs by its config (the API asks, as a server is
        created or resized, and as a flavor's specs are set from 2.86)."""

    # The scheduler's side.

    def request_groups(self, spec_obj):
        """[nova_lite.placement.request.Group]: the suffixed groups the
        request asks of placement for this resource."""
        return []

    def describe(self, spec_obj):
        """What the request asks of this resource, for NoValidHost."""
        return ''

    def host_stat(self, node):
        """What this resource's filters need to know of a host, read from
        its compute node (shared by every decision: read only)."""
        return None

    def filters(self):
        """Host filters the scheduler runs for this resource, after those
        ``[filter_scheduler] enabled_filters`` names (or where it names
        them). A filter answers ``host_passes(host_state, spec_obj)``
        (``host_state.resource_stat(plugin name)`` is the plugin's
        ``host_stat``) and ``explain(spec_obj, rejected_states)``, and has
        a ``name``; it may also answer ``for_request(spec_obj)``, the test
        of one host for that request, to read the request once rather
        than once per host."""
        return []

    # The compute's side.

    def observe(self, report):
        """What the hypervisor reports of the host (a HostResources), at
        each recount, before ``providers``, ``claim`` and ``update_node``
        use it (under the resource tracker's lock)."""

    def providers(self, node):
        """[ChildProvider] of the host's compute node."""
        return []

    def bandwidth_asks(self, spec_obj):
        """[BandwidthAsk] of the request's vNICs, where the network
        service holds guaranteed bandwidth: each becomes a port with a
        QoS policy before the server is scheduled; none by default."""
        return []

    def bandwidths(self):
        """{physical network: (egress, ingress)} in kbit/s the host's
        NICs offer there, for a network service that holds guaranteed
        bandwidth in placement itself; none by default."""
        return {}

    def asks(self, flavor):
        """Whether an instance of the flavor needs this resource."""
        return False

    def claim(self, node, instance, flavor, others, allocations):
        """The instance's record, or ComputeResourcesUnavailable.

        ``others``: the records of the host's other instances;
        ``allocations``: {provider uuid: resources} placement holds for
        the instance, or None where it does not say.
        """
        return None

    def record_of(self, instance):
        """The record kept with the instance, or None."""
        records = instance.resource_records or {}
        return records.get(self.name)

    def keep(self, instance, record):
        """Set ``record`` (None: none) on the instance, to be saved."""
        records = dict(instance.resource_records or {})
        if record is None:
            records.pop(self.name, None)
        else:
            records[self.name] = record
        instance.resource_records = records

    def allocations(self, node, record):
        """{provider uuid: resources} the record stands for in placement."""
        return {}

    def update_node(self, node, records):
        """Show the host's use of the resource on its compute node."""

    # vNICs: a plugin whose resource is a server's network interfaces
    # says which it gives; the core puts each on the network of its
    # physical network and the hypervisor plugs it as described.

    def vnics_asked(self, extra_specs):
        """[(extra spec key naming the physical network, or None;
        physical network, or None for any)] per vNIC a flavor with these
        extra specs gives its servers, in order."""
        return []

    def vnics(self, record):
        """[Vnic] a claimed record gives the server, in the same order."""
        return []

    # Admin views (ours, not OpenStack's): ``GET /servers/{server_id}/NAME``
    # and ``GET /os-hypervisors/{hypervisor_id}/NAME`` answer {NAME: view},
    # admin only by default (rules ``os_compute_api:servers:NAME`` and
    # ``os_compute_api:os-hypervisors:NAME``). A schema of None: no view.
    server_view_schema = None
    host_view_schema = None
    # What each view shows, for the policy defaults' descriptions.
    server_view_description = None
    host_view_description = None

    def server_view(self, instance):
        """The server's record as the admin view shows it."""
        return {}

    def host_view(self, node):
        """The host's use of the resource as the admin view shows it."""
        return {}

    @classmethod
    def for_simulated_hosts(cls, conf):
        """The all-in-one is about to start its simulated hosts: give
        ``conf`` the defaults they need (registered options only)."""


def load(conf, host=None):
    """The enabled plugins, their options registered on ``conf``."""
    return [plugin_class(conf, host) for plugin_class in enabled(conf)]


def enabled(conf):
    """The classes of the enabled plugins (every installed one, unless
    ``[resources] enabled`` names them), their options registered."""
    names = conf.resources.enabled
    classes = (installed() if names is None
               else [_plugin_class(name) for name in names])
    for plugin_class in classes:
        plugin_class.register_opts(conf)
    return classes


def installed():
    """The classes of the plugins installed as entry points (for the
    sample config and the policy defaults)."""
    manager = extension.ExtensionManager(NAMESPACE)
    return [ext.plugin for ext in sorted(manager, key=lambda e: e.name)]


def _plugin_class(name):
    if ':' in name:
        return importutils.import_class(name.replace(':', '.'))
    return driver.DriverManager(NAMESPACE, name, invoke_on_load=False).driver
