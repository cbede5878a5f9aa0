# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI passthrough as a resource plugin.

The request comes from the flavor's ``pci_passthrough:alias`` and the
reader's ``[pci] alias`` (the API refuses a name it does not define; the
scheduler turns each device asked for into a request group); the host's
devices come from the hypervisor's report (``observe``) filtered by
``[pci] device_spec``; the record is the devices the server was given,
kept as ``Instance.pci_devices`` (instance_extra) and counted into
``ComputeNode.pci_stats``. A compute gives exactly the devices the
server's allocation names, so what placement's claim held is what the
guest gets.
"""
from nova_lite import exception
from nova_lite.objects import pci_device
from nova_lite import resources
from nova_lite.resources.pci import aliases
from nova_lite.resources.pci import assignment
from nova_lite.resources.pci import conf as config
from nova_lite.resources.pci import device_specs
from nova_lite.resources.pci import host_devices
from nova_lite.resources.pci import host_filter
from nova_lite.resources.pci import placement
from nova_lite.resources.pci import views


class PciPlugin(resources.ResourcePlugin):

    name = 'pci'
    options = config
    instance_attrs = ('pci_devices',)
    server_view_schema = views.SERVER_SCHEMA
    host_view_schema = views.HOST_SCHEMA
    server_view_description = "Show the PCI devices a server was given."
    host_view_description = (
        "Show a hypervisor's PCI devices guests may have, and who has "
        "them.")

    def __init__(self, conf, host=None):
        super().__init__(conf, host)
        # The host's device providers, as its last report had them.
        self._providers = []

    @classmethod
    def for_simulated_hosts(cls, conf):
        # Defaults only: a config file's (or an override's) value wins,
        # now or later; the default does not hang on whether one was
        # set at the time of the first start.
        for name in ('device_spec', 'alias'):
            conf.set_default(name, conf.pci['simulated_' + name],
                             group='pci')

    def check_config(self):
        device_specs.specs_of(self.conf)

    def _asks(self, extra_specs):
        return aliases.asks_of(extra_specs, aliases.aliases_of(self.conf))

    def check_flavor(self, extra_specs):
        self._asks(extra_specs)

    def asks_of_spec(self, spec_obj):
        """[Ask] of the request's flavor; NoValidHost if this service's
        aliases cannot read it."""
        try:
            return self._asks(spec_obj.flavor.extra_specs)
        except exception.Invalid as e:
            raise exception.NoValidHost(
                reason="%s in the scheduler's [pci] alias"
                % e.format_message())

    def request_groups(self, spec_obj):
        return placement.request_groups(self.asks_of_spec(spec_obj))

    def describe(self, spec_obj):
        asks = self.asks_of_spec(spec_obj)
        return 'PCI devices %s' % ', '.join(
            '%d of %s' % (a.count, a.alias.describe())
            for a in asks) if asks else ''

    def host_stat(self, node):
        return node.pci_stats

    def filters(self):
        return [host_filter.PciPassthroughFilter(self.asks_of_spec)]

    def observe(self, report):
        devices, traits = host_devices.tracked(
            device_specs.specs_of(self.conf), report.pci_devices)
        self._providers = host_devices.providers(devices, traits)

    def _by_uuid(self, node):
        return {placement.provider_uuid(node.uuid, p.key): p
                for p in self._providers}

    def providers(self, node):
        return [resources.ChildProvider(
            uuid=uuid, name=placement.provider_name(
                node.hypervisor_hostname, provider.key),
            inventory=placement.inventory(provider),
            traits=placement.traits(provider))
            for uuid, provider in self._by_uuid(node).items()]

    def asks(self, flavor):
        return aliases.asks_devices(flavor.extra_specs)

    def claim(self, node, instance, flavor, others, allocations):
        return assignment.assign(instance.uuid, self._by_uuid(node),
                                 allocations, assignment.held(others))

    def record_of(self, instance):
        return instance.pci_devices

    def keep(self, instance, record):
        instance.pci_devices = record

    def allocations(self, node, record):
        found = {}
        for device in record.objects if record else []:
            uuid = placement.provider_uuid(node.uuid, device.provider_key)
            held = found.setdefault(uuid, {})
            held[device.resource_class] = held.get(
                device.resource_class, 0) + 1
        return found

    def update_node(self, node, records):
        owners = {d.address: d.instance_uuid for record in records
                  if record for d in record.objects}
        devices = [d.given_to(owners[d.address]) if d.address in owners
                   else d for p in self._providers for d in p.devices]
        node.pci_stats = pci_device.PciDeviceList.of(devices) \
            if devices else None

    def server_view(self, instance):
        return views.server(instance)

    def host_view(self, node):
        return views.host(node)
