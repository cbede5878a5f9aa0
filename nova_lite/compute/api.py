# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the REST layer asks of the compute service.

Boot writes the instance and its request spec, then hands the build to the
conductor; the REST call returns as soon as that cast is sent. Server and
flavor creation and deletion run the ``nova_lite.hooks`` registered for
them (``create_server``, ``delete_server``, ``create_flavor``,
``delete_flavor``), each called with this API object, the context and the
call's arguments.
"""
from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from nova_lite.compute import console_api
from nova_lite.compute import hooks
from nova_lite.compute import instance_checks
from nova_lite.compute import move_api
from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.compute import snapshot_image
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import exception
from nova_lite.network import backend as network_backend
from nova_lite.network import fixed_networks
from nova_lite.notifications import events
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import quotas
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import server_groups
from nova_lite.objects import service as service_obj
from nova_lite.objects import virtual_interface
from nova_lite import resources
from nova_lite.virt import image_client

LOG = logging.getLogger(__name__)
# Where a port may be attached or detached, as Nova allows it.
_INTERFACE_STATES = (fields.VMState.ACTIVE, fields.VMState.PAUSED,
                     fields.VMState.STOPPED)


_VM = fields.VMState
# An unshelve that leaves the server's zone as it is (None: no zone).
KEEP_ZONE = object()
_TASK = fields.TaskState
# The actions that claim a server and cast to its compute: the states
# each is taken from, the task it sets, the compute's RPC method.
_CASTS = {
    'pause': ([_VM.ACTIVE], _TASK.PAUSING, 'pause_instance'),
    'unpause': ([_VM.PAUSED], _TASK.UNPAUSING, 'unpause_instance'),
    'suspend': ([_VM.ACTIVE], _TASK.SUSPENDING, 'suspend_instance'),
    'resume': ([_VM.SUSPENDED], _TASK.RESUMING, 'resume_instance'),
    'shelveOffload': ([_VM.SHELVED], _TASK.SHELVING_OFFLOADING,
                      'shelve_offload_instance'),
    'unrescue': ([_VM.RESCUED], _TASK.UNRESCUING, 'unrescue_instance'),
}
# The states a server's disk may be snapshotted (or shelved) from.
_SNAPSHOTTABLE = [fields.VMState.ACTIVE, fields.VMState.STOPPED,
                  fields.VMState.PAUSED, fields.VMState.SUSPENDED]


check_state = instance_checks.check_state
record_action = instance_checks.record_action


class API(move_api.MoveAPI, console_api.ConsoleAPI):

    def __init__(self, conf, plugins=None):
        """``plugins``: the resource plugins, if the caller has loaded
        them already."""
        self.conf = conf
        # Read at the start: a network line that does not parse stops it.
        self.networks = fixed_networks.networks_of(conf)
        self.network = network_backend.load(conf)
        self.plugins = resources.load(conf) if plugins is None else plugins
        self.conductor_api = conductor_rpcapi.ConductorAPI(conf)
        self.compute_api = compute_rpcapi.ComputeAPI(conf)

    @hooks.add_hook('create_server')
    def create(self, context, flavor, name, description=None, tags=(),
               reservation_id=None, launch_index=0, hostname=None,
               requested_destination=None, image_ref=None, options=None,
               hints=None, build=True, networks=request_spec_obj.AUTO,
               network_requests=None, quota=None, group=None):
        """``options``: more of the instance's fields (key, user data,
        metadata...); ``hints``: the scheduler hints; ``networks``: 'auto'
        or 'none'; ``network_requests``: the network service's ports to
        make or take (NetworkRequest; each server gets copies). Without
        ``build`` the server waits for ``build_together``. With ``quota``
        (``quotas.instance_guard``) the project's and user's usage is
        counted in the step that writes the instance, under the project's
        lock: OverQuota if it does not fit.
        """
        instance = instance_obj.Instance(
            context, uuid=uuidutils.generate_uuid(), display_name=name,
            display_description=description, tags=list(tags),
            reservation_id=reservation_id, launch_index=launch_index,
            hostname=hostname, image_ref=image_ref,
            user_id=context.user_id, project_id=context.project_id,
            vm_state=fields.VMState.BUILDING,
            task_state=fields.TaskState.SCHEDULING,
            power_state=fields.PowerState.NOSTATE,
            instance_type_id=flavor.id, memory_mb=flavor.memory_mb,
            vcpus=flavor.vcpus, root_gb=flavor.root_gb,
            ephemeral_gb=flavor.ephemeral_gb, flavor=flavor,
            pci_devices=None, **(options or {}))
        spec = request_spec_obj.RequestSpec.from_components(
            context, instance, flavor, hints=hints,
            requested_destination=requested_destination,
            requested_networks=networks,
            network_requests=None if network_requests is None else
            [request.obj_clone() for request in network_requests])
        instance.create(action='create', request_spec=spec, quota=quota,
                        group=group)
        if group is not None and events.enabled(self.conf):
            events.server_group(self.conf, context, server_groups.get(
                context, group['uuid']), 'add_member')
        if build:
            self.conductor_api.build_instances(context, instance, spec)
        return instance

    def quota_guard(self, context):
        """The caller's instance limits, as create_servers takes them."""
        return quotas.instance_guard(self.conf, context, context.project_id,
                                     context.user_id)

    @staticmethod
    def servers_allowed(context, guard, flavor, min_count, max_count):
        """How many servers of ``flavor``, up to ``max_count``, the
        caller's quotas let it create now (403 if fewer than
        ``min_count``)."""
        return quotas.allowed_instances(
            context, guard, context.project_id, context.user_id, flavor,
            min_count, max_count)

    def create_servers(self, context, flavor, names, hostnames, guard,
                       **common):
        """The servers of one request, one per name, each counted against
        the limits of ``guard`` as it is written (so concurrent requests
        cannot pass them together); built all or none. If a concurrent
        request took the room meanwhile, the ones written are deleted
        again and the request is refused (403)."""
        instances = []
        try:
            for index, (name, hostname) in enumerate(zip(names, hostnames)):
                instances.append(self.create(
                    context, flavor, name, launch_index=index,
                    hostname=hostname, build=len(names) == 1, quota=guard,
                    **common))
        except exception.OverQuota as over:
            for instance in instances:
                self._discard(context, instance)
            if over.kwargs['overs'] == ['server_group_members']:
                raise exception.Forbidden(
                    message='Quota exceeded, too many servers in group')
            raise quotas.too_many(over, quotas.instance_deltas(
                flavor, len(names)))
        if len(instances) > 1:
            self.build_together(context, instances)
        return instances

    @staticmethod
    def _discard(context, instance):
        """A server of a refused request that was never built."""
        instance.vm_state = fields.VMState.DELETED
        instance.task_state = None
        instance.forget()
        request_spec_obj.RequestSpec.destroy_by_instance_uuid(
            context, instance.uuid)

    def vnics_asked(self, extra_specs):
        """[(extra spec key or None, physical network or None)] per vNIC
        a flavor with these extra specs gets from the resource plugins."""
        return [asked for plugin in self.plugins
                for asked in plugin.vnics_asked(extra_specs)]

    def check_flavor(self, flavor, extra_specs=None):
        """A 400 (an Invalid) if a resource plugin cannot serve the
        flavor (with ``extra_specs`` instead of its own, if given) by this
        API's config: a PCI alias it does not define."""
        for plugin in self.plugins:
            plugin.check_flavor(flavor.extra_specs if extra_specs is None
                                else extra_specs)

    def physical_networks_without_network(self, extra_specs):
        """[(extra spec key, physical network)] the extra specs name for
        a vNIC whose physical network has no network declared."""
        return [(key, physnet) for key, physnet
                in self.vnics_asked(extra_specs)
                if physnet and not self.networks.on_physical_network(
                    physnet)]

    def build_together(self, context, instances):
        """Build the servers of one request all, or none (if there is not
        room for every one, all end in ERROR)."""
        self.conductor_api.build_together(context, instances)

    @hooks.add_hook('delete_server')
    def delete(self, context, instance):
        """Delete on the compute if the instance has a host whose compute
        is up; else here, at once (a compute that is down would leave the
        delete hanging): when it is back, it removes what is left of the
        guest."""
        record_action(context, instance, 'delete')
        if instance.vm_state == fields.VMState.RESIZED:
            self.confirm_before_delete(context, instance)
        if instance.host and self._compute_up(context, instance.host):
            instance.task_state = fields.TaskState.DELETING
            instance.save()
            self.compute_api.terminate_instance(context, instance)
            return
        if instance.host:
            LOG.info('compute %s is down: deleting %s without it',
                     instance.host, instance.uuid)
        # Here, in one step after the claim: no state in between for a
        # crash to leave behind (a build under way finds the record gone).
        instance.vm_state = fields.VMState.DELETED
        instance.task_state = None
        instance.terminated_at = timeutils.utcnow()
        if not self.network.managed and not instance.obj_attr_is_set('vifs'):
            # Which ports were the user's: read before the records go.
            instance.obj_load_attr('vifs')
        instance.forget()
        # Before its request goes: it names the user's own ports.
        self._free_ports(context, instance)
        request_spec_obj.RequestSpec.destroy_by_instance_uuid(
            context, instance.uuid)
        if instance.shelved_image_id:  # nothing will unshelve it now
            image_client.ImageClient(self.conf).discard(
                instance.shelved_image_id)

    def _free_ports(self, context, instance):
        """The ports of a server deleted here; if the network service
        cannot be reached, they stay recorded as the deleted server's,
        for the audit to find and free (``placement audit --heal``)."""
        try:
            self.network.deallocate(context, instance)
        except (exception.NetworkServiceUnavailable,
                exception.NetworkServiceError) as e:
            ports = [vif for vif in instance.vifs if vif.is_port]
            LOG.warning('ports %s of deleted server %s not freed: %s',
                        ', '.join(vif.uuid for vif in ports) or '(none '
                        'recorded)', instance.uuid, e)
            if ports:
                virtual_interface.VirtualInterfaceList.record_left(
                    context, instance.uuid, ports)

    def _begin(self, context, instance, action, vm_states, task_state,
               record, needs_host=True):
        """Claim the server for an action: it must be in one of
        ``vm_states`` with no task under way (409 otherwise, as when
        another request claimed it first), on a compute new enough; then
        the request is recorded as instance action ``record``."""
        self.compute_api.check_action_supported(instance, action)
        check_state(instance, action, vm_states, needs_host)
        instance.task_state = task_state
        try:
            instance.save(expected_task_state=[None])
        except exception.Conflict:
            raise exception.InstanceInvalidState(
                action=action, instance_uuid=instance.uuid,
                attr='task_state', state='another action')
        record_action(context, instance, record)

    def stop(self, context, instance):
        self._begin(context, instance, 'os-stop', [fields.VMState.ACTIVE],
                    fields.TaskState.POWERING_OFF, 'stop')
        self.compute_api.stop_instance(context, instance)

    def start(self, context, instance):
        self._begin(context, instance, 'os-start', [fields.VMState.STOPPED],
                    fields.TaskState.POWERING_ON, 'start')
        self.compute_api.start_instance(context, instance)

    def reboot(self, context, instance, reboot_type):
        """SOFT from ACTIVE; HARD also from STOPPED, which it starts. Not
        from ERROR: a failed build holds no claim to start a guest on."""
        states = [fields.VMState.ACTIVE]
        task = fields.TaskState.REBOOTING
        if reboot_type != 'SOFT':
            states.append(fields.VMState.STOPPED)
            task = fields.TaskState.REBOOTING_HARD
        self._begin(context, instance, 'reboot', states, task, 'reboot')
        self.compute_api.reboot_instance(context, instance, reboot_type)

    def cast_action(self, context, instance, action):
        """One of the actions that claim the server and hand it to its
        compute, nothing more (``_CASTS``)."""
        vm_states, task_state, method = _CASTS[action]
        self._begin(context, instance, action, vm_states, task_state,
                    action)
        getattr(self.compute_api, method)(context, instance)

    def snapshot(self, context, instance, name, metadata=None):
        """A new image of the server's disk: made here, queued, and
        claimed for the compute, which uploads the bits (ACTIVE, SHUTOFF,
        PAUSED or SUSPENDED servers). The image's id."""
        self._begin(context, instance, 'createImage', _SNAPSHOTTABLE,
                    fields.TaskState.IMAGE_SNAPSHOT, 'createImage')
        image_id = self._snapshot_image(context, instance, name, metadata)
        self.compute_api.snapshot_instance(context, instance, image_id)
        return image_id

    def backup(self, context, instance, name, backup_type, rotation,
               metadata=None):
        """A snapshot kept as a backup of ``backup_type``: once it is
        uploaded, only the ``rotation`` newest backups of that type of
        the server stay. The image's id."""
        self._begin(context, instance, 'createBackup', _SNAPSHOTTABLE,
                    fields.TaskState.IMAGE_BACKUP, 'createBackup')
        image_id = self._snapshot_image(context, instance, name, metadata,
                                        backup_type)
        self.compute_api.backup_instance(context, instance, image_id,
                                         backup_type, rotation)
        return image_id

    @staticmethod
    def _snapshot_image(context, instance, name, metadata=None,
                        backup_type=None):
        """The queued image a snapshot fills; if it cannot be made, the
        server's task is over."""
        image = snapshot_image.new(
            context, instance, name, metadata,
            'snapshot' if backup_type is None else 'backup', backup_type)
        try:
            image.create()
        except Exception:
            instance.task_state = None
            instance.save()
            raise
        return image.id

    def rebuild(self, context, instance, image_id, changes, metadata=None,
                metadata_limit=None):
        """Boot the server anew from ``image_id`` (ACTIVE, SHUTOFF or
        ERROR on a host), with ``changes`` to its fields and, if given,
        ``metadata`` for its metadata."""
        self._begin(context, instance, 'rebuild', [
            fields.VMState.ACTIVE, fields.VMState.STOPPED,
            fields.VMState.ERROR], fields.TaskState.REBUILDING, 'rebuild')
        try:
            if metadata is not None:
                instance.update_metadata(metadata, replace=True,
                                         limit=metadata_limit)
            for name, value in dict(changes, image_ref=image_id).items():
                setattr(instance, name, value)
            instance.save()
        except Exception:
            instance.task_state = None
            instance.save()
            raise
        self.compute_api.rebuild_instance(context, instance)

    def rescue(self, context, instance, image_id=None):
        """Boot the server from ``image_id`` (by default its own image)
        with its disk second (ACTIVE, SHUTOFF or ERROR on a host)."""
        self._begin(context, instance, 'rescue', [
            fields.VMState.ACTIVE, fields.VMState.STOPPED,
            fields.VMState.ERROR], fields.TaskState.RESCUING, 'rescue')
        self.compute_api.rescue_instance(context, instance,
                                         image_id or instance.image_ref)

    def shelve(self, context, instance):
        """Keep the server's disk in an image, its guest off (offloaded
        at once, later or never: ``[compute] shelved_offload_time``)."""
        self._begin(context, instance, 'shelve', _SNAPSHOTTABLE,
                    fields.TaskState.SHELVING, 'shelve')
        image_id = self._snapshot_image(
            context, instance, '%s-shelved' % instance.display_name)
        console_api.forget_consoles(context, instance)
        self.compute_api.shelve_instance(context, instance, image_id)

    def unshelve(self, context, instance, zone=KEEP_ZONE, host=None):
        """On its host if still there; else scheduled again (by the
        conductor, into ``zone`` if given, out of any with None; onto
        ``host`` if given, through the scheduler's filters) and built
        from its shelved image."""
        if instance.vm_state == fields.VMState.SHELVED_OFFLOADED:
            self.conductor_api.check_unshelve_supported()
        self._begin(context, instance, 'unshelve', [
            fields.VMState.SHELVED, fields.VMState.SHELVED_OFFLOADED],
            fields.TaskState.UNSHELVING, 'unshelve', needs_host=False)
        if instance.vm_state == fields.VMState.SHELVED:
            self.compute_api.unshelve_instance(context, instance,
                                               instance.host)
            return
        spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
            context, instance.uuid)
        if zone is not KEEP_ZONE:
            spec.availability_zone = zone
            spec.save()
        if zone not in (KEEP_ZONE, None):
            instance.availability_zone = zone
            instance.save()
        if host:
            # For this scheduling only: the spec is not saved with it.
            spec.to_destination(host)
        self.conductor_api.unshelve_instance(context, instance, spec)

    def pin_zone(self, context, instance, zone):
        """Unpin the server from its zone (None), or pin it to the zone
        it is in now; moves then keep to the zone it is pinned to."""
        current = (instance.availability_zone or
                   self.conf.default_availability_zone)
        if zone is not None and zone != current:
            raise exception.ServerZoneNotCurrent(
                uuid=instance.uuid, zone=zone, current=current)
        spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
            context, instance.uuid)
        spec.availability_zone = zone
        spec.save()

    def trigger_crash_dump(self, context, instance):
        """From a running or paused guest with no task under way; the
        server's state does not change."""
        self.compute_api.check_action_supported(instance,
                                                'trigger_crash_dump')
        check_state(instance, 'trigger_crash_dump', [
            fields.VMState.ACTIVE, fields.VMState.PAUSED,
            fields.VMState.ERROR])
        record_action(context, instance, 'trigger_crash_dump')
        self.compute_api.trigger_crash_dump(context, instance)

    def lock(self, context, instance, locked_by, reason=None):
        instance.locked_by = locked_by
        instance.locked_reason = reason
        instance.save()
        record_action(context, instance, 'lock')

    def unlock(self, context, instance):
        instance.locked_by = None
        instance.locked_reason = None
        instance.save()
        record_action(context, instance, 'unlock')

    def reset_state(self, context, instance, vm_state):
        """An admin's say-so: the server is ``vm_state`` with no task."""
        record_action(context, instance, 'resetState')
        instance.vm_state = vm_state
        instance.task_state = None
        instance.save()

    def attach_interface(self, context, instance, request):
        """One more port for the server, on its host (a call: the port is
        made, bound and plugged when it answers); the vNIC."""
        check_state(instance, 'attach_interface', _INTERFACE_STATES)
        request = self.network.check_attach(context, request, instance.uuid)
        self.compute_api.check_action_supported(instance, 'attach_interface')
        record_action(context, instance, 'attach_interface')
        return self.compute_api.attach_interface(context, instance, request)

    def detach_interface(self, context, instance, port_id):
        check_state(instance, 'detach_interface', _INTERFACE_STATES)
        self.compute_api.check_action_supported(instance, 'detach_interface')
        record_action(context, instance, 'detach_interface')
        self.compute_api.detach_interface(context, instance, port_id)

    def external_instance_events(self, context, instances, events):
        """Hand each event to the compute of its server's host, one
        cast per host."""
        by_uuid = {instance.uuid: instance for instance in instances}
        by_host = {}
        for event in events:
            instance = by_uuid[event.instance_uuid]
            hosts = {instance.host}
            context_of_move = instance.obj_attr_is_set('migration_context') \
                and instance.migration_context
            if context_of_move and context_of_move.dest_host:
                # A move's destination waits for its ports' events too.
                hosts.add(context_of_move.dest_host)
            for host in hosts:
                found = by_host.setdefault(host, ({}, []))
                found[0][instance.uuid] = instance
                found[1].append(event)
        for host, (found, host_events) in sorted(by_host.items()):
            self.compute_api.external_instance_event(
                context, host, list(found.values()), host_events)

    def cache_images(self, context, hosts, image_ids):
        """Have each host's compute fetch the images into its image
        cache; casts, not waited for. An upgrade under way that caps the
        computes below the RPC version that carries it is a 409, before
        any is sent."""
        for host in sorted(hosts):
            self.compute_api.cache_images(context, host, image_ids)

    def get_host_uptime(self, context, host):
        if not self._compute_up(context, host):
            raise exception.ComputeServiceUnavailable(host=host)
        return self.compute_api.get_host_uptime(context, host)

    def get_console_output(self, context, instance):
        self._check_guest(context, instance, 'os-getConsoleOutput')
        self.compute_api.check_action_supported(instance,
                                                'os-getConsoleOutput')
        return self.compute_api.get_console_output(context, instance)

    def get_diagnostics(self, context, instance):
        self._check_guest(context, instance, 'diagnostics')
        return self.compute_api.get_instance_diagnostics(context, instance)

    def _check_guest(self, context, instance, action):
        """409 unless the server has a guest on a host (any state but a
        build or a delete under way) whose compute is up."""
        if (instance.vm_state in console_api.NO_GUEST or not instance.host or
                instance.task_state == fields.TaskState.DELETING):
            raise exception.InstanceInvalidState(
                action=action, instance_uuid=instance.uuid,
                attr='vm_state', state=instance.vm_state)
        if not self._compute_up(context, instance.host):
            raise exception.ComputeHostDown(host=instance.host)

    def _compute_up(self, context, host):
        try:
            service = service_obj.Service.get_by_host_and_binary(
                context, host, service_obj.COMPUTE_BINARY)
        except exception.ServiceNotFound:
            return False
        return service.is_up(self.conf.service_down_time)

    @hooks.add_hook('create_flavor')
    def create_flavor(self, context, flavor):
        flavor.create()
        return flavor

    @hooks.add_hook('delete_flavor')
    def delete_flavor(self, context, flavor):
        flavor.destroy()
