# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute agent: serves the compute RPC API of one host.

It holds the host's collaborators (the virt driver, the resource tracker,
the RPC clients of its peers) and one object per family of operations,
each given what it works with: builds and deletes, power actions,
snapshots, shelving, rebuilds, moves and live moves, and the reconciler
that makes the host and the database agree at start and finishes
abandoned tasks. Its RPC methods only say which object does the work.

It persists only through objects, never through the database package, so
the same code runs where the only way to the database is the conductor.
"""
from futurist import periodics
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite.compute import builds
from nova_lite.compute import consoles
from nova_lite.compute import guest_images
from nova_lite.compute import instance_events
from nova_lite.compute import interfaces
from nova_lite.compute import live_moves
from nova_lite.compute import move_ends
from nova_lite.compute import moves
from nova_lite.compute import operations
from nova_lite.compute import periodic_pass
from nova_lite.compute import power_actions
from nova_lite.compute import rebuilds
from nova_lite.compute import reconcile
from nova_lite.compute import resource_tracker
from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.compute import shelving
from nova_lite.compute import snapshots
from nova_lite.compute import usage_audit
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.network import backend as network_backend
from nova_lite.notifications import events
from nova_lite.objects import external_event
from nova_lite.service import service
from nova_lite.virt import driver as virt_driver

LOG = logging.getLogger(__name__)
# Seconds between two looks for a period to audit.
_AUDIT_LOOK = 60


class ComputeManager(service.Manager):

    target = messaging.Target(version='1.8')

    def __init__(self, conf, host, driver=None):
        super().__init__(conf, host)
        self.driver = driver or virt_driver.load_driver(conf, host)
        self.rt = resource_tracker.ResourceTracker(conf, host, self.driver)
        self.rt.check_config()  # a plugin's bad option stops it here
        self.operations = operations.InstanceOperations(host)
        self.consoles = consoles.Consoles(conf, self.driver)
        images = guest_images.GuestImages(conf, self.driver)
        self.computes = computes = compute_rpcapi.ComputeAPI(conf)
        self.network = network_backend.load(conf)
        self.events = instance_events.InstanceEvents()
        ends = move_ends.MoveEnds(self.driver, self.rt, host, self.network,
                                  self.events, conf)
        self.builds = builds.Builds(
            conf, self.driver, self.rt, self.operations,
            conductor_rpcapi.ConductorAPI(conf), images, self.network,
            self.events)
        self.interfaces = interfaces.Interfaces(self.driver, self.operations,
                                                self.network)
        self.power = power_actions.PowerActions(conf, self.driver,
                                                self.operations)
        self.snapshots = snapshots.Snapshots(conf, self.operations, images)
        self.shelving = shelving.Shelving(conf, self.driver, self.rt,
                                          self.operations, images,
                                          self.network, self.events)
        self.rebuilds = rebuilds.Rebuilds(conf, self.driver,
                                          self.operations)
        self.moves = moves.Moves(conf, self.driver, self.rt,
                                 self.operations, computes, ends)
        self.live_moves = live_moves.LiveMoves(
            conf, self.driver, self.rt, self.operations, computes, ends)
        self.reconciler = reconcile.Reconciler(
            conf, self.driver, self.rt, self.operations, self.builds,
            self.shelving, images, self.moves)
        self.last_reconcile = None

    def init_host(self, context):
        if self.service_record is not None:
            self.rt.service_id = self.service_record.id
        self.driver.init_host()
        instances = self.rt.update_available_resource(context)
        self._announce_bandwidths()
        # Nothing here acts on them between the two: one read serves both.
        self.last_reconcile = self.reconciler.reconcile_host(context,
                                                             instances)
        if any(self.last_reconcile.values()):
            # Servers or guests were here: recount what they left. A host
            # with none has nothing to recount (a thousand simulated hosts
            # start twice as fast).
            self.rt.update_available_resource(context)

    def _announce_bandwidths(self):
        """The host's bandwidth told to its chassis, once its provider
        exists, when the network service holds it in placement."""
        if not self.network.holds_bandwidth:
            return
        try:
            self.driver.announce_bandwidths(
                self.rt.compute_node.hypervisor_hostname,
                self.rt.bandwidths())
        except exception.HypervisorUnavailable as e:
            LOG.warning('the bandwidth of %s is not in placement: %s',
                        self.host, e.format_message())

    def cleanup_host(self):
        self.driver.cleanup_host()

    @classmethod
    def shared_tasks(cls, conf):
        """The recount of resources and the check for abandoned tasks: one
        pass over all the computes of the process."""
        @periodics.periodic(conf.compute.update_resources_interval,
                            run_immediately=False)
        def update_available_resource(runs):
            periodic_pass.update_resources(nl_context.get_admin_context(),
                                           runs)

        timeout = conf.compute.abandoned_task_timeout

        @periodics.periodic(max(timeout // 4, 1), run_immediately=False)
        def finish_abandoned_tasks(runs):
            periodic_pass.finish_abandoned(nl_context.get_admin_context(),
                                           runs, timeout)
        return [update_available_resource, finish_abandoned_tasks]

    def periodic_tasks(self):
        """Offloading servers shelved long enough, confirming moves left
        unconfirmed past ``resize_confirm_window`` and auditing usage
        (``instance_usage_audit``; looked for every minute), where
        enabled."""
        audit = _AUDIT_LOOK * 4 if self.conf.instance_usage_audit else 0
        tasks = (
            _every(self.conf.compute.shelved_offload_time,
                   self.shelving.offload_shelved, 'offloading shelved '
                   'servers failed on ' + self.host),
            _every(self.conf.resize_confirm_window,
                   self.moves.confirm_overdue, 'confirming overdue moves '
                   'failed on ' + self.host),
            _every(audit, self.audit_usage,
                   'the usage audit failed on ' + self.host))
        return [task for task in tasks if task is not None]

    def call_failed(self, context, method, error):
        """``compute.exception``, as Nova's computes publish it: of the
        error itself, not of oslo.messaging's wrapper of an expected
        one."""
        if isinstance(error, messaging.ExpectedException):
            error = error.exc_info[1]
        events.compute_exception(self.conf, context, self.host, method,
                                 error)

    def audit_usage(self, context, _seconds=None):
        return usage_audit.audit(context, self.conf, self.host)

    def build_and_run_instance(self, context, instance, request_spec,
                               alternates=None, allocations=None,
                               scheduled=None):
        self.builds.build_and_run(context, instance, request_spec,
                                  alternates, allocations, scheduled)

    def terminate_instance(self, context, instance):
        self.builds.terminate(context, instance)

    @messaging.expected_exceptions(exception.InterfaceAttachFailed,
                                   exception.FixedIpAlreadyInUse,
                                   exception.NetworkServiceError,
                                   exception.NetworkServiceUnavailable,
                                   exception.PortBindingFailed,
                                   exception.InstanceNotFound)
    def attach_interface(self, context, instance, request):
        return self.interfaces.attach(context, instance, request)

    def detach_interface(self, context, instance, port_id):
        self.interfaces.detach(context, instance, port_id)

    def events_endpoint(self):
        """Port events arrive on their own topic where a network service
        sends them (never behind builds waiting for them)."""
        if self.network.managed:
            return None
        return EventsEndpoint(self)

    def external_instance_event(self, context, instances, events):
        """Wake what waits for each event first; then record a port
        changed or deleted unawaited as the network service has it now,
        holding its server (a build waiting for an event of the same
        batch is never what holds it up)."""
        by_uuid = {instance.uuid: instance for instance in instances}
        unawaited = [event for event in events
                     if not self.events.deliver(event)]
        for event in unawaited:
            if event.name not in (external_event.NETWORK_CHANGED,
                                  external_event.VIF_DELETED):
                LOG.debug('event %s of instance %s: nothing waits for it',
                          event.key, event.instance_uuid)
                continue
            with self.operations.working_on(event.instance_uuid):
                self.network.refresh(context, by_uuid[event.instance_uuid],
                                     event.tag)

    def stop_instance(self, context, instance):
        self.power.run('stop', context, instance)

    def start_instance(self, context, instance):
        self.power.run('start', context, instance)

    def reboot_instance(self, context, instance, reboot_type):
        self.power.run(power_actions.reboot_action(reboot_type), context,
                       instance)

    def pause_instance(self, context, instance):
        self.power.run('pause', context, instance)

    def unpause_instance(self, context, instance):
        self.power.run('unpause', context, instance)

    def suspend_instance(self, context, instance):
        self.power.run('suspend', context, instance)

    def resume_instance(self, context, instance):
        self.power.run('resume', context, instance)

    def trigger_crash_dump(self, context, instance):
        self.power.trigger_crash_dump(context, instance)

    def snapshot_instance(self, context, instance, image_id):
        self.snapshots.snapshot(context, instance, image_id)

    def backup_instance(self, context, instance, image_id, backup_type,
                        rotation):
        self.snapshots.backup(context, instance, image_id, backup_type,
                              rotation)

    def shelve_instance(self, context, instance, image_id):
        self.shelving.shelve(context, instance, image_id)

    def shelve_offload_instance(self, context, instance):
        self.shelving.shelve_offload(context, instance)

    def unshelve_instance(self, context, instance, allocations=None):
        self.shelving.unshelve(context, instance, allocations)

    def rebuild_instance(self, context, instance):
        self.rebuilds.rebuild(context, instance)

    def rescue_instance(self, context, instance, image_id):
        self.rebuilds.rescue(context, instance, image_id)

    def unrescue_instance(self, context, instance):
        self.rebuilds.unrescue(context, instance)

    def prep_resize(self, context, instance, migration, flavor,
                    allocations=None):
        self.moves.prep_resize(context, instance, migration, flavor,
                               allocations)

    def resize_instance(self, context, instance, migration):
        self.moves.resize_instance(context, instance, migration)

    def finish_resize(self, context, instance, migration):
        self.moves.finish_resize(context, instance, migration)

    def confirm_resize(self, context, instance, migration):
        self.moves.confirm_resize(context, instance, migration)

    def revert_resize(self, context, instance, migration):
        self.moves.revert_resize(context, instance, migration)

    def finish_revert_resize(self, context, instance, migration):
        self.moves.finish_revert_resize(context, instance, migration)

    @messaging.expected_exceptions(exception.MigrationPreCheckError,
                                   exception.Conflict,
                                   exception.InstanceNotFound)
    def check_can_live_migrate_destination(self, context, instance,
                                           migration, allocations=None):
        self.live_moves.check_destination(context, instance, migration,
                                          allocations)

    def live_migration(self, context, instance, migration,
                       block_migration=False):
        self.live_moves.live_migration(context, instance, migration,
                                       block_migration)

    def pre_live_migration(self, context, instance, migration,
                           block_migration=False):
        return self.live_moves.pre_live_migration(
            context, instance, migration, block_migration)

    def post_live_migration_at_destination(self, context, instance,
                                           migration):
        self.live_moves.post_at_destination(context, instance, migration)

    def rollback_live_migration_at_destination(self, context, instance,
                                               migration):
        self.live_moves.roll_back_at_destination(context, instance,
                                                 migration)

    def live_migration_force_complete(self, context, instance, migration):
        self.live_moves.force_complete(context, instance, migration)

    def live_migration_abort(self, context, instance, migration):
        self.live_moves.abort(context, instance, migration)

    def rebuild_on_host(self, context, instance, migration,
                        allocations=None, target_state=None):
        self.live_moves.rebuild_on_host(context, instance, migration,
                                        allocations, target_state)

    def get_instance_diagnostics(self, context, instance):
        return self.driver.get_instance_diagnostics(instance)

    def get_host_uptime(self, context):
        return self.driver.get_host_uptime()

    def cache_images(self, context, image_ids):
        """Fetch each image into the host's image cache (API 2.81); one
        that cannot be fetched is logged and the others still are."""
        for image_id in image_ids:
            try:
                fetched = self.driver.cache_image(image_id)
            except NotImplementedError:
                LOG.warning('This host cannot cache images ahead of use')
                return
            except exception.NovaLiteException as e:
                LOG.warning('Image %s not cached: %s', image_id, e)
                continue
            LOG.info('Image %s %s', image_id,
                     'cached' if fetched else 'was cached already')

    def get_console_output(self, context, instance):
        return self.driver.get_console_output(instance)

    def get_console(self, context, instance, protocol, console_type):
        return self.consoles.get(instance, protocol, console_type)

    def validate_console_port(self, context, instance, console_type, host,
                              port):
        return self.consoles.is_current(instance, console_type, host, port)


class EventsEndpoint:
    """The compute's events topic: only the events of other services."""

    topic = compute_rpcapi.EVENTS_TOPIC
    target = messaging.Target(version=compute_rpcapi.EVENTS_VERSION)

    def __init__(self, manager):
        self._manager = manager

    def external_instance_event(self, context, instances, events):
        self._manager.external_instance_event(context, instances, events)


def _every(seconds, task, failure):
    """A periodic task that runs ``task(context, seconds)`` about four
    times every ``seconds`` (none if ``seconds`` is 0 or less); a
    failure is logged (``failure``) and the next run comes as usual."""
    if seconds <= 0:
        return None

    @periodics.periodic(max(seconds // 4, 1), run_immediately=False)
    def run():
        try:
            task(nl_context.get_admin_context(), seconds)
        except Exception:
            LOG.exception(failure)
    return run
