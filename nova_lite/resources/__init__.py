"""Resource plugins: custom resources, added without touching the core.

A plugin (entry point group ``nova_lite.resources``, or a ``module:Class``
path, named in ``[resources] enabled``) tells the scheduler which request
groups a server asks of placement beyond its flavor's size, and tells the
resource tracker what the host has (child providers with their inventory
and traits), whether an instance fits and what it was given (a record kept
with the instance), and how that record reads back as allocations. The
core keeps the records and the providers up to date and never knows what
is in them.

Its extra-spec validators go in the ``nova_lite.api.extra_spec_validators``
entry point group; a plugin that declares none leaves its namespace
unchecked (unknown namespaces pass).
"""
import dataclasses

from oslo_utils import importutils
from stevedore import driver

NAMESPACE = 'nova_lite.resources'


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

    @classmethod
    def register_opts(cls, conf):
        """Register the plugin's options on ``conf``."""

    @classmethod
    def list_opts(cls):
        return []

    def check_config(self):
        """Raise ConfigInvalid naming the option, at the compute's start."""

    # The scheduler's side.

    def request_groups(self, spec_obj):
        """[nova_lite.placement.request.Group]: the suffixed groups the
        request asks of placement for this resource."""
        return []

    def describe(self, spec_obj):
        """What the request asks of this resource, for NoValidHost."""
        return ''

    # The compute's side.

    def providers(self, node):
        """[ChildProvider] of the host's compute node."""
        return []

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


def load(conf, host=None):
    """The enabled plugins, their options registered on ``conf``."""
    plugins = []
    for name in conf.resources.enabled:
        plugin_class = _plugin_class(name)
        plugin_class.register_opts(conf)
        plugins.append(plugin_class(conf, host))
    return plugins


def _plugin_class(name):
    if ':' in name:
        return importutils.import_class(name.replace(':', '.'))
    return driver.DriverManager(NAMESPACE, name, invoke_on_load=False).driver
