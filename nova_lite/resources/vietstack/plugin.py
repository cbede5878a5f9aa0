# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack as a resource plugin: the first one, and the model for more.

The request comes from the flavor's ``vietstack:`` extra specs (on the
RequestSpec as ``vietstack_requests``), the host's NICs from ``[vietstack]
nic``; the record is the request with each vNIC's NIC filled in, kept as
``Instance.vietstack_request`` (instance_extra) and counted into
``ComputeNode.vietstack_stat``.

With a network service that holds guaranteed bandwidth in placement (the
Neutron backend), a NIC's rate is declared here still, but told to the
host's chassis (``bandwidths``) and reported by the service, and a
vNIC's rate becomes a QoS minimum-bandwidth policy on a port made for it
(``bandwidth_asks``), whose resource request the scheduler places: the
plugin's own providers, groups and claim then count sizes only.
"""
from nova_lite import network
from nova_lite.objects import vietstack as vietstack_obj
from nova_lite import resources
from nova_lite.resources.vietstack import assignment
from nova_lite.resources.vietstack import conf as config
from nova_lite.resources.vietstack import extra_specs as extra_specs_mod
from nova_lite.resources.vietstack import host_filter
from nova_lite.resources.vietstack import nics
from nova_lite.resources.vietstack import placement
from nova_lite.resources.vietstack import views


class VietStackPlugin(resources.ResourcePlugin):

    name = 'vietstack'
    options = config
    instance_attrs = ('vietstack_request',)
    server_view_schema = views.SERVER_SCHEMA
    host_view_schema = views.HOST_SCHEMA
    server_view_description = (
        "Show a server's VietStack vNICs and the NIC serving each.")
    host_view_description = "Show a hypervisor's VietStack NICs and their use."

    @classmethod
    def for_simulated_hosts(cls, conf):
        # A default only (as the PCI plugin's): a set value wins.
        conf.set_default('nic', conf.vietstack.simulated_nics,
                         group='vietstack')

    @property
    def units(self):
        """What VietStack itself counts: rates and sizes, or the sizes
        alone where the network service holds the rates."""
        if network.bandwidth_in_network_service(self.conf):
            return placement.SIZES_ONLY
        return placement.UNITS

    def check_config(self):
        self._nics()

    def _nics(self):
        return nics.nics_of(self.conf, self.host)

    @staticmethod
    def request_of(spec_obj):
        if spec_obj.obj_attr_is_set('vietstack_requests') and \
                spec_obj.vietstack_requests is not None:
            return spec_obj.vietstack_requests
        return vietstack_obj.InstanceVietStackRequest.from_extra_specs(
            spec_obj.flavor.extra_specs)

    def request_groups(self, spec_obj):
        return placement.request_groups(self.request_of(spec_obj),
                                        self.units)

    def describe(self, spec_obj):
        request = self.request_of(spec_obj)
        if request is None:
            return ''
        return 'VietStack %s' % '; '.join(
            assignment.describe(v, i) for i, v in enumerate(request.vnics))

    def host_stat(self, node):
        return node.shared_vietstack_stat()

    def filters(self):
        return [host_filter.VietStackFilter(self.request_of, self.units)]

    def providers(self, node):
        return [resources.ChildProvider(
            uuid=placement.nic_provider_uuid(node.uuid, nic.name),
            name='%s:%s' % (node.hypervisor_hostname, nic.name),
            inventory=placement.nic_inventory(nic, self.units),
            traits=placement.nic_traits(nic)) for nic in self._nics()]

    def bandwidths(self):
        found = {}
        for nic in self._nics():
            egress, ingress = found.get(nic.physical_network, (0, 0))
            found[nic.physical_network] = (
                egress + max(nic.outbound_rate - nic.reserved_rate, 0),
                ingress + max(nic.inbound_rate - nic.reserved_rate, 0))
        return found

    def bandwidth_asks(self, spec_obj):
        if self.units == placement.UNITS:
            return []  # the rates are claimed here
        request = self.request_of(spec_obj)
        found = []
        for index, vnic in enumerate(request.vnics if request else []):
            amounts = vnic.amounts()
            egress = amounts[('outbound', 'rate')]
            ingress = amounts[('inbound', 'rate')]
            if egress or ingress:
                found.append(resources.BandwidthAsk(
                    'vietstack-vnic-%d' % index, vnic.physical_network,
                    vnic.type, egress, ingress))
        return found

    def asks(self, flavor):
        return vietstack_obj.InstanceVietStackRequest.from_extra_specs(
            flavor.extra_specs) is not None

    def claim(self, node, instance, flavor, others, allocations):
        request = vietstack_obj.InstanceVietStackRequest.from_extra_specs(
            flavor.extra_specs)
        if request is None:
            return None
        request.instance_uuid = instance.uuid
        nics = assignment.count_usage(self._nics(), others)
        return assignment.assign(nics, request,
                                 self._by_nic(node, nics, allocations),
                                 self.units)

    @staticmethod
    def _by_nic(node, nics, allocations):
        """{NIC name: resources} of the allocations on this host's NICs."""
        if allocations is None:
            return None
        names = {placement.nic_provider_uuid(node.uuid, nic.name): nic.name
                 for nic in nics}
        return {names[uuid]: resources
                for uuid, resources in allocations.items() if uuid in names}

    def record_of(self, instance):
        return instance.vietstack_request

    def keep(self, instance, record):
        instance.vietstack_request = record

    def allocations(self, node, record):
        found = {}
        for vnic in record.vnics if record else []:
            if vnic.nic is None:
                continue
            uuid = placement.nic_provider_uuid(node.uuid, vnic.nic)
            held = found.setdefault(uuid, {})
            for rc, amount in placement.vnic_resources(
                    vnic, self.units).items():
                held[rc] = held.get(rc, 0) + amount
        return {uuid: r for uuid, r in found.items() if r}

    def update_node(self, node, records):
        node.vietstack_stat = vietstack_obj.VietStackStat(
            nics=assignment.count_usage(self._nics(), records))

    def vnics_asked(self, extra_specs):
        request = vietstack_obj.InstanceVietStackRequest.from_extra_specs(
            extra_specs)
        return [(extra_specs_mod.physical_network_key(index)
                 if vnic.physical_network else None, vnic.physical_network)
                for index, vnic in enumerate(request.vnics if request
                                             else [])]

    def vnics(self, record):
        """Each vNIC on the NIC the claim chose, on that NIC's physical
        network, shaped to its rates; its queues are its size (queue
        slots), the larger direction's."""
        nics = {nic.name: nic for nic in self._nics()}
        found = []
        for vnic in record.vnics if record else []:
            nic = nics.get(vnic.nic)
            amounts = vnic.amounts()
            found.append(resources.Vnic(
                physical_network=vnic.physical_network or (
                    nic.physical_network if nic else None),
                device=vnic.nic,
                inbound_rate=amounts[('inbound', 'rate')],
                outbound_rate=amounts[('outbound', 'rate')],
                queues=max(amounts[('inbound', 'size')],
                           amounts[('outbound', 'size')], 1)))
        return found

    def server_view(self, instance):
        return views.server(instance)

    def host_view(self, node):
        return views.host(node)
