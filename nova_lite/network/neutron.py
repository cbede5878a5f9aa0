# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers' ports from an OpenStack network service (Neutron), as Nova
takes them.

At the API a create's ``networks`` are checked and resolved: a port must
exist, be the project's (or the caller an admin) and be free; a network
must exist and be the project's or shared; ``auto`` is the one network
the project may use. After the claim, the compute makes a port on each
network asked for (in the server's project, its device the server) or
takes the port given, binds each to its host, and records them as the
server's vNICs. A server's delete deletes the ports made for it and
unbinds the user's own. Its security groups are its ports'
(neutron_security_groups); where its ports are bound, with the providers
of their guaranteed bandwidth, is neutron_bindings'; the ports a resource
plugin's vNICs with guaranteed bandwidth get before the server is
scheduled are neutron_bandwidth's.
"""
from oslo_log import log as logging

from nova_lite import exception
from nova_lite.network import neutron_bandwidth
from nova_lite.network import neutron_bindings
from nova_lite.network import neutron_security_groups
from nova_lite.objects import network_request
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import virtual_interface

LOG = logging.getLogger(__name__)

VIF_TYPE = 'ovs'
_UNBOUND = {'device_id': '', 'device_owner': '', 'binding:host_id': None,
            'binding:profile': {}}
# Still the server's (its next host binds it), bound to no host.
_UNBOUND_KEPT = {'binding:host_id': None, 'binding:profile': {}}


class NeutronNetworks:

    managed = False  # addresses are the network service's, not ours
    # Guaranteed bandwidth is in placement on the service's providers,
    # which it makes from what each host's chassis says.
    holds_bandwidth = True

    def __init__(self, conf, client):
        self.conf = conf
        self.client = client
        self.groups = neutron_security_groups.SecurityGroups(client)
        self.bindings = neutron_bindings.PortBindings(client)
        self.bandwidth = neutron_bandwidth.BandwidthPorts(client)

    # At the API

    def resolve(self, context, asked, security_groups=()):
        """[NetworkRequest] for the create's ``networks`` ('auto',
        'none' or its list), the ports made on networks in the
        ``security_groups`` named; 400/409 as Nova answers a bad one."""
        if asked == request_spec_obj.NONE:
            return []
        if asked == request_spec_obj.AUTO or asked is None:
            network = self._only_network(context)
            requests = [network_request.NetworkRequest(
                network_id=network['id'])]
        else:
            requests = [self._checked(context, network_request.NetworkRequest
                                      .from_body(entry)) for entry in asked]
        groups = self.security_group_ids(context, security_groups)
        for request in requests:
            if not request.port_id and groups:
                request.security_groups = groups
        return requests

    def security_group_ids(self, context, names):
        return self.groups.ids(context, names)

    def server_security_groups(self, context, instance):
        """The security groups of the server's ports, as the service has
        them (with their rules)."""
        return self.groups.of_ports(self.ports_of(instance.uuid))

    def add_security_group(self, context, instance, name):
        self.groups.add(context, instance, name, self.ports_of(instance.uuid))
        self._record_group_names(context, instance)

    def remove_security_group(self, context, instance, name):
        self.groups.remove(context, instance, name,
                           self.ports_of(instance.uuid))
        self._record_group_names(context, instance)

    def _record_group_names(self, context, instance):
        """The server's records of its ports' groups, as they are now."""
        with_groups = []
        for vif in virtual_interface.VirtualInterfaceList \
                .get_by_instance_uuids(context, [instance.uuid]).objects:
            if vif.is_port:
                port = self.client.show('ports', vif.uuid) or {}
                vif.security_groups = self.groups.names(
                    port.get('security_groups', ()))
            with_groups.append(vif)
        virtual_interface.VirtualInterfaceList.record_ports(
            context, instance.uuid, with_groups)

    def _visible(self, context, owner, shared=False):
        return shared or context.is_admin or owner == context.project_id

    def _checked(self, context, request):
        if request.port_id:
            port = self.client.show('ports', request.port_id)
            if port is None or not self._visible(context,
                                                 port['project_id']):
                raise exception.PortNotFound(port_id=request.port_id)
            if port['device_id']:
                raise exception.PortInUse(port_id=request.port_id)
            request.network_id = port['network_id']
            request.resource_request = port.get('resource_request') or None
            return request
        network = self.client.show('networks', request.network_id)
        if network is None or not self._visible(
                context, network['project_id'], network.get('shared')):
            raise exception.RequestedNetworkNotFound(
                network_id=request.network_id)
        return request

    def check_attach(self, context, request, instance_uuid=None):
        """The attach's port or network checked (404 if not found or not
        the project's, 409 for a port in use, 400 for a port asking for
        guaranteed bandwidth), or the project's only network taken (400 if
        it has none or several)."""
        if not (request.port_id or request.network_id):
            try:
                network = self._only_network(context)
            except exception.UnableToAutoAllocateNetwork:
                raise exception.Invalid(
                    message="No specific network was requested and none "
                            "are available for project '%s'."
                            % context.project_id)
            except exception.NetworkAmbiguous as e:
                raise exception.Invalid(message=e.format_message())
            request.network_id = network['id']
            return request
        try:
            self._checked(context, request)
        except (exception.PortNotFound,
                exception.RequestedNetworkNotFound) as e:
            raise exception.NotFound(message=e.format_message())
        if request.resource_request:
            raise exception.AttachInterfaceWithQoSPolicyNotSupported(
                instance_uuid=instance_uuid)
        return request

    def _only_network(self, context):
        """The network a create without networks goes on: the only one
        of the project's and the shared ones (external ones aside)."""
        found = {n['id']: n for n in
                 self.client.list('networks', project_id=context.project_id)
                 + self.client.list('networks', shared='true')
                 if not n.get('router:external')}
        if not found:
            raise exception.UnableToAutoAllocateNetwork(
                project_id=context.project_id)
        if len(found) > 1:
            raise exception.NetworkAmbiguous()
        return next(iter(found.values()))

    # At the compute

    def allocate(self, context, instance, requests, host):
        """Make or take the ports of ``requests`` for the instance, bound
        to ``host``, and record them as its vNICs (instance.vifs); the
        ports are freed again if any step fails. Returns the vNICs whose
        ports are not yet ACTIVE (their plugging is to be reported)."""
        vifs, statuses = [], {}
        try:
            groups = neutron_bindings.claimed_groups(context, instance, {
                r.port_id: r.resource_request for r in requests
                if r.port_id and r.resource_request})
            for index, request in enumerate(requests):
                port = self._bound(context, instance, request, host, groups)
                statuses[port['id']] = port['status']
                vifs.append(self._vif(instance, index, port, request))
            virtual_interface.VirtualInterfaceList.record_ports(
                context, instance.uuid, vifs)
        except Exception:
            self._free(vifs, self._ports_of(instance.uuid),
                       {r.port_id for r in requests
                        if r.port_id and not r.owned},
                       {r.port_id for r in requests if r.owned})
            raise
        instance.vifs = vifs
        instance.obj_reset_changes(['vifs'])
        return [vif for vif in vifs if statuses[vif.uuid] != 'ACTIVE']

    def _bound(self, context, instance, request, host, groups=None):
        """``groups``: {group id: provider uuid} of the claim, for a
        given port with a resource request."""
        binding = {'device_id': instance.uuid,
                   'device_owner': 'compute:%s' % (
                       instance.availability_zone or 'nova'),
                   'binding:host_id': host}
        if request.port_id:
            if request.resource_request:
                binding['binding:profile'] = neutron_bindings.profile_with(
                    {}, request.port_id, request.resource_request, groups)
            port = self.client.update('ports', request.port_id, binding)
        else:
            values = dict(binding, network_id=request.network_id,
                          project_id=instance.project_id)
            if request.address:
                values['fixed_ips'] = [{'ip_address': request.address}]
            if request.security_groups:
                values['security_groups'] = request.security_groups
            try:
                port = self.client.create('ports', values)
            except exception.NetworkServiceError as e:
                if e.code == 409 and request.address:
                    raise exception.FixedIpAlreadyInUse(
                        address=request.address, instance_uuid=instance.uuid)
                raise
        if port.get('binding:vif_type') in \
                neutron_bindings.FAILED_BINDINGS:
            raise exception.PortBindingFailed(port_id=port['id'])
        return port

    def _vif(self, instance, index, port, request):
        network = self.client.show('networks', port['network_id']) or {}
        addresses = [ip['ip_address'] for ip in port['fixed_ips']]
        vif = virtual_interface.VirtualInterface(
            uuid=port['id'], instance_uuid=instance.uuid, index=index,
            network=port['network_id'], label=network.get('name') or
            port['network_id'], address=addresses[0] if addresses else '',
            more_addresses=addresses[1:], mac=port['mac_address'],
            physical_network=network.get('provider:physical_network'),
            vif_type=VIF_TYPE,
            preserve_on_delete=bool(request.port_id) and not request.owned,
            tag=request.tag, inbound_rate=request.inbound_rate,
            outbound_rate=request.outbound_rate,
            security_groups=self.groups.names(port.get('security_groups')))
        # Whole here: its record is written over RPC where the compute has
        # no database, and the driver reads every field.
        vif.obj_set_defaults()
        return vif

    def bind_to(self, context, instance, host):
        """Bind the server's ports to ``host`` (a move's end took it, an
        unshelve placed it), or unbind them from any host (None: an
        offloaded server's); PortBindingFailed if the host cannot take
        one. The ids of those whose plugging there is to be reported."""
        return self.bindings.bind(context, instance, host)

    def bind_inactive(self, context, instance, host):
        """Bind the server's ports on a live migration's destination
        too, inactive until the guest has moved."""
        self.bindings.bind_inactive(context, instance, host)

    def drop_inactive(self, context, instance, host):
        self.bindings.drop_inactive(context, instance, host)

    def bandwidth_ports(self, context, instance, asks):
        """[NetworkRequest] of the ports a resource plugin's vNICs with
        guaranteed bandwidth get before the server is scheduled
        (neutron_bandwidth), made now or by an earlier run."""
        return self.bandwidth.ports(instance, self.ports_of(instance.uuid),
                                    asks)

    def deallocate(self, context, instance, ending=True):
        """Delete the ports made for the server and unbind its user's
        own (those its records or its create name); ports of it the
        records missed (a crash between the port's making and its
        record) are found by their device. Not ``ending`` (a failed
        build, which may be tried on another host): the ports made for
        it before it was scheduled stay its, unbound."""
        vifs = [vif for vif in instance.vifs if vif.is_port]
        given, owned = self._ports_named(context, instance)
        self._free(vifs, self._ports_of(instance.uuid), given,
                   set() if ending else owned)

    @staticmethod
    def _ports_named(context, instance):
        """The ports the server's request names: the user's own (its
        create named them), and those made for it before it was
        scheduled."""
        try:
            spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                context, instance.uuid)
        except exception.NotFound:
            return set(), set()
        ports = [r for r in spec.ports_asked() if r.port_id]
        return ({r.port_id for r in ports if not r.owned},
                {r.port_id for r in ports if r.owned})

    def _ports_of(self, instance_uuid):
        try:
            return self.ports_of(instance_uuid)
        except exception.NetworkServiceUnavailable:
            return []

    def free_port(self, vif):
        """Free the port of a server gone (the audit's): deleted, or
        unbound if it was the user's own."""
        self._free([vif], [])

    def resource_requests(self, context, instance):
        """{port id: resource request} of the server's ports that ask
        placement for something (a move asks for them again)."""
        return {port['id']: port['resource_request']
                for port in self.ports_of(instance.uuid)
                if port.get('resource_request')}

    def ports_of(self, instance_uuid):
        """The ports whose device is the server, as the service has
        them."""
        return self.client.list('ports', device_id=instance_uuid)

    def port(self, port_id):
        """The port, or None if the service has none by that id."""
        return self.client.show('ports', port_id)

    def attach(self, context, instance, request, host):
        """One more port for the server (os-interface): made or taken,
        bound to ``host`` and recorded after its others; the vNIC."""
        vifs = [vif for vif in instance.vifs if vif.is_port]
        port = None
        try:
            port = self._bound(context, instance, request, host)
            vif = self._vif(instance, len(vifs), port, request)
            virtual_interface.VirtualInterfaceList.record_ports(
                context, instance.uuid, vifs + [vif])
        except Exception:
            taken = [{'id': request.port_id}] if request.port_id else []
            made = [port] if port is not None and not request.port_id \
                else []
            self._free([], taken + made, {request.port_id})
            raise
        instance.vifs = vifs + [vif]
        instance.obj_reset_changes(['vifs'])
        return vif

    def detach(self, context, instance, port_id):
        """The port off the server's records, then freed (deleted, or
        unbound if it was the user's)."""
        vifs = [vif for vif in instance.vifs if vif.is_port]
        gone = [vif for vif in vifs if vif.uuid == port_id]
        kept = [vif for vif in vifs if vif.uuid != port_id]
        for index, vif in enumerate(kept):
            vif.index = index
        virtual_interface.VirtualInterfaceList.record_ports(
            context, instance.uuid, kept)
        instance.vifs = kept
        instance.obj_reset_changes(['vifs'])
        self._free(gone, [])

    def _free(self, vifs, found, given=(), kept=()):
        """Delete the ports of ``vifs`` and ``found`` (the service's);
        unbind those that are the user's own (``given``, or recorded
        so) and those to stay the server's (``kept``: made for it before
        it was scheduled, when its build may go on elsewhere)."""
        preserved = {vif.uuid for vif in vifs if vif.preserve_on_delete}
        preserved.update(given)
        for port_id in sorted({vif.uuid for vif in vifs} |
                              {port['id'] for port in found}):
            if port_id in preserved:
                self.client.update('ports', port_id, _UNBOUND)
            elif port_id in kept:
                self.client.update('ports', port_id, _UNBOUND_KEPT)
            else:
                self.client.delete('ports', port_id)

    def refresh(self, context, instance, port_id=None):
        """Record the server's ports again as the service has them now
        (a ``network-changed`` event: an address added or removed; a
        ``network-vif-deleted``: the port gone): ``port_id``'s, or all of
        them. The caller holds the server (no attach or detach runs)."""
        known = virtual_interface.VirtualInterfaceList.get_by_instance_uuids(
            context, [instance.uuid]).objects
        vifs = []
        for vif in known:
            if vif.is_port and port_id in (None, vif.uuid):
                port = self.client.show('ports', vif.uuid)
                if port is None:
                    continue  # deleted: off the records
                vif = self._vif(instance, len(vifs), port, (
                    network_request.NetworkRequest(
                        port_id=vif.uuid if vif.preserve_on_delete
                        else None, tag=vif.tag)))
            vifs.append(vif)
        virtual_interface.VirtualInterfaceList.record_ports(
            context, instance.uuid, vifs)
        instance.vifs = vifs
        instance.obj_reset_changes(['vifs'])
