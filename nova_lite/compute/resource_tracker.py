# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The resource tracker: one host's resources, and who is using them.

Usage is always derivable from the instances assigned to the host; the
periodic ``update_available_resource`` recomputes it from them, and claims
and frees adjust it in between. Every change happens under one lock, and
the instance list the periodic task reads is taken under that lock too, so
a claim can never be counted out by a concurrent recount.

A server being moved (resized or migrated) counts on both its hosts until
the move is confirmed or reverted: with its old flavor on the source
(tracked under its own uuid), with its new one on the destination (under
the migration's uuid); a resize within one host counts both there.

Custom resources are the resource plugins': the tracker keeps each
plugin's record of every instance (what it was given), asks the plugin
to claim, and lets it show the host's use on the compute node; it never
looks inside a record.
"""
import itertools

from oslo_log import log as logging
from oslo_serialization import jsonutils

from nova_lite.compute import claims
from nova_lite.compute import monitors
from nova_lite.compute import placement_report
from nova_lite.compute import vnics
from nova_lite.concurrency import counted_lock
from nova_lite import exception
from nova_lite.network import fixed_networks
from nova_lite.notifications import events
from nova_lite.objects import claim_write
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import migration_context as migration_context_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite import resources

LOG = logging.getLogger(__name__)

_RESOURCE_KEYS = ('hypervisor_hostname', 'hypervisor_type', 'vcpus',
                  'memory_mb', 'local_gb')
_USAGE_FIELDS = {'vcpus': 'vcpus_used', 'memory_mb': 'memory_mb_used',
                 'local_gb': 'local_gb_used'}


def moves_on(context, on_host, migrations, attrs):
    """{host: {instance uuid: MigrationContext}} of the moves under way
    from or to each host of ``on_host`` ({host: its instances}), given
    ``migrations`` (those under way on them): the servers of those moves
    that are on none of the hosts are read (with ``attrs``) in one
    statement."""
    found = {i.uuid: i for i in itertools.chain(*on_host.values())}
    away = sorted({m.instance_uuid for m in migrations} - set(found))
    if away:
        found.update((i.uuid, i) for i in
                     instance_obj.InstanceList.get_by_filters(
                         context, {'uuid': away}, expected_attrs=attrs))
    wanted = {host: set() for host in on_host}
    for migration in migrations:
        for host in (migration.source_compute, migration.dest_compute):
            if host in wanted:
                wanted[host].add(migration.instance_uuid)
    return {host: {uuid: found[uuid].migration_context for uuid in uuids
                   if uuid in found and
                   found[uuid].migration_context is not None}
            for host, uuids in wanted.items()}


class ResourceTracker:

    def __init__(self, conf, host, driver):
        self.conf = conf
        self.host = host
        self.driver = driver
        self.compute_node = None
        self.service_id = None
        self.tracked = {}
        # {tracked key: instance uuid} for the keys of moves.
        self.owners = {}
        self.plugins = resources.load(conf, host)
        self.networks = fixed_networks.networks_of(conf)
        # {plugin name: {instance uuid: record}}
        self.records = {p.name: {} for p in self.plugins}
        self.monitors = monitors.MonitorHandler(conf, self)
        # What the monitors read at the last report (None without any).
        self.metrics = None
        # Counted: the periodic pass knows whether a claim came between
        # its reads and its recount.
        self._lock = counted_lock.CountedLock()

    def check_config(self):
        """ConfigInvalid naming the option, before the host reports."""
        for plugin in self.plugins:
            plugin.check_config()

    @property
    def nodename(self):
        return self.compute_node.hypervisor_hostname

    def update_available_resource(self, context):
        """Refresh what the host has, and recount usage from instances:
        the host's instances it read (with their flavors), for a caller
        that wants them too."""
        resources = self.available_resources()
        with self._lock:
            instances = instance_obj.InstanceList.get_by_host(
                context, self.host, expected_attrs=self.instance_attrs())
            moving = self._moves(context, instances)
            created = self._refresh(context, resources, instances, moving)
            placement_report.report(
                context, self.compute_node, instances, self.plugins,
                self.conf.compute.shared_storage_provider, set(moving),
                new_node=created)
        return instances

    def bandwidths(self):
        """{physical network: (egress, ingress)} kbit/s the resource
        plugins say the host's NICs offer."""
        found = {}
        for plugin in self.plugins:
            for physnet, (egress, ingress) in plugin.bandwidths().items():
                was = found.get(physnet, (0, 0))
                found[physnet] = (was[0] + egress, was[1] + ingress)
        return found

    def available_resources(self):
        """What the driver reports the host has, checked whole; and what
        the monitors read of it now (``metrics``)."""
        resources = self.driver.get_available_resource()
        self._verify_resources(resources)
        self.metrics = self.monitors.metrics()
        return resources

    def mark(self):
        """The tracker's state now, as ``refresh_from`` and ``heal_from``
        compare it."""
        return self._lock.mark()

    def refresh_from(self, context, mark, resources, instances, moving):
        """The periodic pass's recount, from what it read of the host
        after ``mark``: the host's ``instances`` and ``moving`` ({instance
        uuid: MigrationContext}). False, and nothing done, if a claim or
        free came since ``mark`` (the reads may not show it)."""
        with self._lock.unchanged_since(mark) as unchanged:
            if unchanged:
                self._refresh(context, resources, instances, moving)
            return unchanged

    def heal_from(self, context, mark, instances, moving, consumers,
                  pool=None):
        """The periodic pass's healing of the host's allocations, from
        what it read after ``mark`` (``consumers``: those on the host's
        provider); False, and nothing done, if a claim or free came
        since."""
        with self._lock.unchanged_since(mark) as unchanged:
            if unchanged:
                placement_report.heal(context, self.compute_node, instances,
                                      consumers, self.plugins, pool,
                                      set(moving))
            return unchanged

    def _refresh(self, context, resources, instances, moving):
        """(Under the lock.) The node holds ``resources`` and the usage
        of ``instances`` and ``moving``; saved if that changed it. True if
        the node was created now (the host's first)."""
        node = self._get_or_create_node(context, resources)
        # What the database holds: the node's values, but those of a
        # change not written yet (a save that failed).
        unsaved = node.obj_what_changed()
        stored = {name: value for name, value in
                  node.stored_values().items() if name not in unsaved}
        self._copy_resources(node, resources)
        for plugin in self.plugins:
            plugin.observe(resources)
        self._recount(node, instances, moving)
        # Only what differs: a host whose count holds writes nothing
        # (nor, without the database, calls the conductor).
        now = node.stored_values()
        same = [name for name, value in stored.items()
                if now.get(name) == value]
        if same:  # (an empty list would reset every field)
            node.obj_reset_changes(same, recursive=True)
        created = not node.obj_attr_is_set('id')
        if created:
            node.create()  # the host's first: created whole, counted
            LOG.info('created compute node %s for host %s', node.uuid,
                     self.host)
        elif node.obj_what_changed():
            node.save()
        self.compute_node = node
        if node.metrics is not None:
            events.metrics_update(self.conf, context, self.host,
                                  node.hypervisor_hostname, node.metrics)
        return created

    def _verify_resources(self, resources):
        """What the driver reported is whole, and the plugins' host
        config still reads (a config reload may have broken it): else
        nothing is reported, and the error says what is wrong."""
        missing = [name for name in _RESOURCE_KEYS
                   if getattr(resources, name, None) is None]
        if missing:
            raise exception.ComputeResourcesUnavailable(
                reason='the driver reported no %s' % ', '.join(missing))
        self.check_config()

    def _moves(self, context, instances):
        """{instance uuid: MigrationContext} of the moves under way from
        or to this host (their servers on this host or not)."""
        migrations = migration_obj.MigrationList.in_progress_on_host(
            context, self.host)
        return moves_on(context, {self.host: instances}, migrations,
                        self.instance_attrs())[self.host]

    def instance_attrs(self):
        """What a recount needs of each instance, read with it."""
        attrs = {'flavor', 'migration_context'}
        for plugin in self.plugins:
            attrs.update(plugin.instance_attrs)
        return sorted(attrs)

    def _get_or_create_node(self, context, resources):
        """The host's node, or a new one not created yet (``_refresh``
        creates it once it is counted, in one write)."""
        if self.compute_node is not None:
            return self.compute_node
        try:
            return compute_node_obj.ComputeNode.get_by_host_and_nodename(
                context, self.host, resources.hypervisor_hostname)
        except exception.ComputeHostNotFound:
            return compute_node_obj.ComputeNode(
                context, host=self.host, service_id=self.service_id)

    def _copy_resources(self, node, resources):
        compute = self.conf.compute
        for name in ('hypervisor_hostname', 'hypervisor_type',
                     'hypervisor_version', 'vcpus', 'memory_mb', 'local_gb'):
            setattr(node, name, getattr(resources, name))
        node.cpu_allocation_ratio = compute.cpu_allocation_ratio
        node.ram_allocation_ratio = compute.ram_allocation_ratio
        node.disk_allocation_ratio = compute.disk_allocation_ratio
        node.reserved_host_cpus = compute.reserved_host_cpus
        node.reserved_host_memory_mb = compute.reserved_host_memory_mb
        node.reserved_host_disk_mb = compute.reserved_host_disk_mb
        node.host_ip = self.conf.my_ip
        # Sorted keys: the same CPU reads as the same text, and a pass
        # whose host has not changed writes nothing.
        node.cpu_info = jsonutils.dumps(resources.cpu_info, sort_keys=True)
        node.metrics = self.metrics
        if self.service_id is not None:
            node.service_id = self.service_id

    def _recount(self, node, instances, moving):
        """Usage from the instances on the host, and from the ends of the
        moves under way (``moving``) that are on it."""
        held = [(i.uuid, i.uuid, i.flavor, i) for i in instances
                if i.uuid not in moving]
        for uuid, context in moving.items():
            held += [(key, uuid, flavor, context.end(end))
                     for key, flavor, end in context.side(self.host)]
        self.tracked = {key: flavor.usage() for key, _, flavor, _ in held}
        self.owners = {key: owner for key, owner, _, _ in held}
        for name, field in _USAGE_FIELDS.items():
            setattr(node, field, sum(usage[name]
                                     for usage in self.tracked.values()))
        node.running_vms = len(set(self.owners.values()))
        for plugin in self.plugins:
            records = {key: plugin.record_of(holder)
                       for key, _, _, holder in held}
            self.records[plugin.name] = {
                key: r for key, r in records.items() if r is not None}
        self._show_plugin_usage(node)

    def _show_plugin_usage(self, node):
        for plugin in self.plugins:
            plugin.update_node(node,
                               list(self.records[plugin.name].values()))

    def _track(self, uuid, flavor, records, owner=None):
        usage = flavor.usage()
        self.tracked[uuid] = usage
        whole = (owner or uuid) not in self.owners.values()
        self.owners[uuid] = owner or uuid
        self._apply(usage, +1, whole)
        for name, record in records.items():
            self.records[name][uuid] = record
        if records:  # a claim with no plugin record changes no plugin use
            self._show_plugin_usage(self.compute_node)

    def _untrack(self, uuid):
        """Free what an instance held; a second call frees nothing."""
        usage = self.tracked.pop(uuid, None)
        owner = self.owners.pop(uuid, None)
        if usage is not None:
            self._apply(usage, -1, owner not in self.owners.values())
        held = [r.pop(uuid, None) for r in self.records.values()]
        if any(record is not None for record in held):
            self._show_plugin_usage(self.compute_node)

    def _apply(self, usage, sign, whole=True):
        """``whole``: the server comes or goes (not one end of its
        move while the other stays)."""
        node = self.compute_node
        for name, amount in usage.items():
            field = _USAGE_FIELDS[name]
            setattr(node, field, getattr(node, field) + sign * amount)
        if whole:
            node.running_vms += sign

    def instance_claim(self, context, instance, flavor, allocations=None,
                       expected_task_state=fields.TaskState.SCHEDULING,
                       steps=(), networks_asked=request_spec_obj.AUTO):
        """Hold the flavor's resources for the instance, or raise.

        The instance is assigned to this host in the same step, with its
        task state moving from ``expected_task_state`` (scheduling, or
        unshelving) to spawning; if it was deleted
        meanwhile, the claim is undone and the error propagates. The node's
        usage is written in the same transaction as the instance's host
        (one call to the conductor): the scheduler, which stops counting an
        instance's placement once its host is set, sees both or neither.

        ``steps`` of the request's action are written with the instance
        (one ClaimWrite), and so are its vNICs with their addresses
        (compute.vnics: the plugins' vNICs, else one on the default
        network unless ``networks_asked`` is 'none'): an instance on a
        host always has them. A network with no address left
        (NetworkExhausted) or none on a vNIC's physical network fails the
        claim like a lack of room.

        ``allocations`` ({provider uuid: resources}) is what the scheduler
        claimed in placement for the instance on this host, when it was
        passed along; plugins that need it and lack it read placement.
        """
        with self._lock:
            claims.check_fits(self.compute_node, flavor,
                              self.conf.compute.shared_storage_provider)
            records = self._claim_plugins(context, instance, flavor,
                                          allocations)
            wanted = vnics.wanted(self.networks, self.plugins, records,
                                  networks_asked)
            self._keep(instance, records)
            self._track(instance.uuid, flavor, records)
            instance.host = self.host
            instance.node = self.nodename
            instance.task_state = fields.TaskState.SPAWNING
            try:
                claim_write.ClaimWrite(
                    context, instance=instance,
                    expected_task_state=[expected_task_state],
                    steps=list(steps), vifs=wanted,
                    pools=self.networks.pools(),
                    node=self.compute_node).commit()
            except Exception:
                self._untrack(instance.uuid)
                self._unclaimed(instance, records, expected_task_state)
                raise
            # Over RPC the conductor saved a copy: this one is stored too.
            self.compute_node.obj_reset_changes(recursive=True)
        return claims.Claim(self, instance)

    def _keep(self, instance, records):
        """Set each plugin's record on the instance (saved with it)."""
        for plugin in self.plugins:
            if plugin.name in records:
                plugin.keep(instance, records[plugin.name])

    def _unclaimed(self, instance, records, task_state):
        """The instance as it was before a claim whose write failed, so
        nothing of the claim is saved with it later (a failure's ERROR)."""
        instance.host = None
        instance.node = None
        instance.task_state = task_state
        self._keep(instance, {name: None for name in records})

    def _claim_plugins(self, context, instance, flavor, allocations=None):
        """{plugin name: record} of the plugins the flavor asks of, or
        ComputeResourcesUnavailable. Their claims follow placement's
        allocation for the instance, when it has one."""
        asking = [p for p in self.plugins if p.asks(flavor)]
        if not asking:
            return {}
        if not allocations:
            allocations = placement_obj.Placement.allocations_of(
                context, instance.uuid) or None
        return {p.name: p.claim(self.compute_node, instance, flavor,
                                list(self.records[p.name].values()),
                                allocations) for p in asking}

    def abort_instance_claim(self, instance):
        """Give the resources back and take the instance off this host."""
        with self._lock:
            instance.host = None
            instance.node = None
            for plugin in self.plugins:
                if instance.uuid in self.records[plugin.name]:
                    plugin.keep(instance, None)
            try:
                instance.save()
            except exception.InstanceNotFound:
                pass
            self._untrack(instance.uuid)
            self.compute_node.save()

    def drop_instance(self, instance, remove_record=None):
        """An instance left the host: its resources are free again.

        ``remove_record`` (the instance's claim dropped and record
        destroyed) runs after the usage is saved and under the same lock:
        whoever sees the server gone sees its host's usage freed, and no
        recount runs in between.
        """
        with self._lock:
            for key in self._keys_of(instance.uuid):
                self._untrack(key)
            self.compute_node.save()
            if remove_record is not None:
                remove_record()

    def _keys_of(self, instance_uuid):
        return [key for key, owner in list(self.owners.items())
                if owner == instance_uuid] or [instance_uuid]

    def move_claim(self, context, instance, flavor, migration,
                   allocations=None,
                   task_state=fields.TaskState.RESIZE_PREP):
        """Hold ``flavor``'s resources on this host, the destination of
        ``migration``, or raise ComputeResourcesUnavailable; the plugins
        claim (a vNIC of a plugin's gets a NIC here, following the
        destination's allocation). The instance's MigrationContext (what
        each end holds) is saved in the same step, its task state still
        ``task_state``. A MoveClaim, which aborts on error."""
        with self._lock:
            claims.check_fits(self.compute_node, flavor,
                              self.conf.compute.shared_storage_provider)
            records = self._claim_plugins(context, instance, flavor,
                                          allocations)
            self._track(migration.uuid, flavor, records, instance.uuid)
            self.compute_node.save()
            instance.migration_context = self._move_context(
                instance, flavor, migration, records)
            try:
                instance.save(expected_task_state=[task_state])
            except Exception:
                self._untrack(migration.uuid)
                self.compute_node.save()
                raise
        return claims.MoveClaim(self, instance, migration)

    def _move_context(self, instance, flavor, migration, records):
        context = migration_context_obj.MigrationContext.of_move(
            instance, migration, self.host, flavor)
        old, new = context.end('old'), context.end('new')
        for plugin in self.plugins:
            plugin.keep(old, plugin.record_of(instance))
            plugin.keep(new, records.get(plugin.name))
        return context

    def abort_move_claim(self, instance, migration):
        """Give back what a move claim held here; the instance without
        its MigrationContext."""
        with self._lock:
            instance.migration_context = None
            try:
                instance.save()
            except exception.InstanceNotFound:
                pass
            self._untrack(migration.uuid)
            self.compute_node.save()

    def settle(self, instance, stays):
        """A move of the instance ended (confirmed, reverted): what it
        held here goes, and, if it ``stays`` on this host, it is tracked
        again as a server of the host, with its flavor and records."""
        with self._lock:
            for key in self._keys_of(instance.uuid):
                self._untrack(key)
            if stays:
                self._track(instance.uuid, instance.flavor, {
                    p.name: p.record_of(instance) for p in self.plugins
                    if p.record_of(instance) is not None})
            self.compute_node.save()

    def drop_move_end(self, key):
        """One end of a move (tracked under ``key``) is given up here."""
        with self._lock:
            self._untrack(key)
            self.compute_node.save()
