# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Client side of the compute agent's RPC API.

Version history:

* 1.0 - Initial version: build_and_run_instance, terminate_instance
* 1.1 - build_and_run_instance takes the allocations the scheduler claimed
        for the instance on that host, so that the compute's resource
        plugins need not ask placement for them again
* 1.2 - stop_instance, start_instance, reboot_instance (casts) and
        get_console_output (a call)
* 1.3 - pause_instance, unpause_instance, suspend_instance,
        resume_instance, trigger_crash_dump, snapshot_instance,
        shelve_instance, shelve_offload_instance, unshelve_instance,
        rebuild_instance, rescue_instance, unrescue_instance,
        backup_instance (casts), get_host_uptime and
        get_instance_diagnostics (calls); build_and_run_instance takes
        ``scheduled``, the conductor's step for the compute to record
* 1.4 - prep_resize, resize_instance, finish_resize, confirm_resize,
        revert_resize, finish_revert_resize (casts): resize and cold
        migration; check_can_live_migrate_destination, pre_live_migration,
        post_live_migration_at_destination (calls), live_migration,
        rollback_live_migration_at_destination,
        live_migration_force_complete, live_migration_abort (casts): live
        migration; rebuild_on_host (cast): evacuation
* 1.5 - attach_interface (a call) and detach_interface (a cast): a
        server's ports
* 1.6 - rebuild_on_host takes ``target_state``: 'stopped' leaves the
        evacuated server stopped on its new host (API 2.95)
* 1.7 - cache_images (a cast): fetch images into the host's image cache
        ahead of use (API 2.81)
* 1.8 - get_console and validate_console_port (calls): where a guest's
        VNC or serial console listens, for a console URL, and whether a
        token's address still is its console's, for a console proxy

The network service's port events go to each compute on a topic of their
own, ``compute_events`` (version 1.0: external_instance_event, a cast),
which a compute serves when its servers' ports are that service's.
"""
import oslo_messaging as messaging

from nova_lite import exception
from nova_lite import rpc

TOPIC = 'compute'
# The version each action came in (1.2 if not named).
_SINCE = {'pause': '1.3', 'unpause': '1.3', 'suspend': '1.3',
          'resume': '1.3', 'trigger_crash_dump': '1.3', 'uptime': '1.3',
          'createImage': '1.3', 'shelve': '1.3', 'shelveOffload': '1.3',
          'unshelve': '1.3', 'rebuild': '1.3', 'rescue': '1.3',
          'unrescue': '1.3', 'createBackup': '1.3', 'diagnostics': '1.3',
          'resize': '1.4', 'migrate': '1.4', 'confirmResize': '1.4',
          'revertResize': '1.4', 'os-migrateLive': '1.4',
          'evacuate': '1.4', 'force_complete': '1.4',
          'abort': '1.4', 'attach_interface': '1.5',
          'detach_interface': '1.5', 'evacuate_stopped': '1.6',
          'cache_images': '1.7', 'console': '1.8'}
EVENTS_TOPIC = 'compute_events'
EVENTS_VERSION = '1.0'


class ComputeAPI:

    VERSION = '1.8'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        if version_cap is None:
            version_cap = conf.upgrade_levels.compute
        self.client = rpc.get_client(conf, target, version_cap=version_cap)
        self.events_client = rpc.get_client(conf, messaging.Target(
            topic=EVENTS_TOPIC, version=EVENTS_VERSION))

    def build_and_run_instance(self, context, instance, host, request_spec,
                               alternates, allocations=None, scheduled=None):
        """``scheduled`` ({'event', 'start', 'host'}, 1.3): the
        conductor's scheduling step, for the compute to record as done
        with its own first write. Whether it was sent."""
        kwargs = {'instance': instance, 'request_spec': request_spec,
                  'alternates': alternates}
        version = '1.0'
        if self.client.can_send_version('1.1'):
            version = '1.1'
            kwargs['allocations'] = allocations
        if scheduled is not None and self.client.can_send_version('1.3'):
            version = '1.3'
            kwargs['scheduled'] = scheduled
        cctxt = self.client.prepare(server=host, version=version)
        cctxt.cast(context, 'build_and_run_instance', **kwargs)
        return 'scheduled' in kwargs

    def terminate_instance(self, context, instance):
        cctxt = self.client.prepare(server=instance.host, version='1.0')
        cctxt.cast(context, 'terminate_instance', instance=instance)

    def check_action_supported(self, instance, action):
        """ComputeTooOld (409) if computes are capped below the version
        that brought ``action`` (an upgrade under way), before anything is
        changed for it."""
        self._version_of(instance.host, action)

    def _version_of(self, host, action):
        version = _SINCE.get(action, '1.2')
        if not self.client.can_send_version(version):
            raise exception.ComputeTooOld(host=host, action=action)
        return version

    def _prepare(self, instance, action):
        return self.client.prepare(
            server=instance.host,
            version=self._version_of(instance.host, action))

    def external_instance_event(self, context, host, instances, events):
        """Hand ``events`` of ``instances`` (all on ``host``) to its
        compute, on the events topic."""
        self.events_client.prepare(server=host).cast(
            context, 'external_instance_event', instances=instances,
            events=events)

    def attach_interface(self, context, instance, request):
        return self._prepare(instance, 'attach_interface').call(
            context, 'attach_interface', instance=instance, request=request)

    def detach_interface(self, context, instance, port_id):
        self._prepare(instance, 'detach_interface').cast(
            context, 'detach_interface', instance=instance, port_id=port_id)

    def stop_instance(self, context, instance):
        self._cast(context, instance, 'os-stop', 'stop_instance')

    def start_instance(self, context, instance):
        self._cast(context, instance, 'os-start', 'start_instance')

    def reboot_instance(self, context, instance, reboot_type):
        self._prepare(instance, 'reboot').cast(
            context, 'reboot_instance', instance=instance,
            reboot_type=reboot_type)

    def get_console_output(self, context, instance):
        return self._prepare(instance, 'os-getConsoleOutput').call(
            context, 'get_console_output', instance=instance)

    def get_console(self, context, instance, protocol, console_type):
        return self._prepare(instance, 'console').call(
            context, 'get_console', instance=instance, protocol=protocol,
            console_type=console_type)

    def validate_console_port(self, context, instance, console_type, host,
                              port):
        return self._prepare(instance, 'console').call(
            context, 'validate_console_port', instance=instance,
            console_type=console_type, host=host, port=port)

    def _cast(self, context, instance, action, method):
        self._prepare(instance, action).cast(context, method,
                                             instance=instance)

    def pause_instance(self, context, instance):
        self._cast(context, instance, 'pause', 'pause_instance')

    def unpause_instance(self, context, instance):
        self._cast(context, instance, 'unpause', 'unpause_instance')

    def suspend_instance(self, context, instance):
        self._cast(context, instance, 'suspend', 'suspend_instance')

    def resume_instance(self, context, instance):
        self._cast(context, instance, 'resume', 'resume_instance')

    def trigger_crash_dump(self, context, instance):
        self._cast(context, instance, 'trigger_crash_dump',
                   'trigger_crash_dump')

    def snapshot_instance(self, context, instance, image_id):
        self._prepare(instance, 'createImage').cast(
            context, 'snapshot_instance', instance=instance,
            image_id=image_id)

    def shelve_instance(self, context, instance, image_id):
        self._prepare(instance, 'shelve').cast(
            context, 'shelve_instance', instance=instance, image_id=image_id)

    def shelve_offload_instance(self, context, instance):
        self._cast(context, instance, 'shelveOffload',
                   'shelve_offload_instance')

    def unshelve_instance(self, context, instance, host, allocations=None):
        """On ``host``: the server's own (shelved there) or the one the
        scheduler chose (offloaded), with what it claimed there."""
        version = self._version_of(host, 'unshelve')
        self.client.prepare(server=host, version=version).cast(
            context, 'unshelve_instance', instance=instance,
            allocations=allocations)

    def rebuild_instance(self, context, instance):
        self._cast(context, instance, 'rebuild', 'rebuild_instance')

    def rescue_instance(self, context, instance, image_id):
        self._prepare(instance, 'rescue').cast(
            context, 'rescue_instance', instance=instance, image_id=image_id)

    def unrescue_instance(self, context, instance):
        self._cast(context, instance, 'unrescue', 'unrescue_instance')

    def backup_instance(self, context, instance, image_id, backup_type,
                        rotation):
        self._prepare(instance, 'createBackup').cast(
            context, 'backup_instance', instance=instance, image_id=image_id,
            backup_type=backup_type, rotation=rotation)

    def get_instance_diagnostics(self, context, instance):
        return self._prepare(instance, 'diagnostics').call(
            context, 'get_instance_diagnostics', instance=instance)

    def cache_images(self, context, host, image_ids):
        version = self._version_of(host, 'cache_images')
        self.client.prepare(server=host, version=version).cast(
            context, 'cache_images', image_ids=image_ids)

    def get_host_uptime(self, context, host):
        version = self._version_of(host, 'uptime')
        return self.client.prepare(server=host, version=version).call(
            context, 'get_host_uptime')

    def _move_cast(self, context, host, method, action='resize', **kwargs):
        """Cast ``method`` to ``host`` at the version ``action`` came in."""
        version = self._version_of(host, action)
        self.client.prepare(server=host, version=version).cast(
            context, method, **kwargs)

    def prep_resize(self, context, instance, migration, flavor,
                    allocations=None):
        """To the destination: claim ``flavor`` there for the move."""
        self._move_cast(context, migration.dest_compute, 'prep_resize',
                        instance=instance, migration=migration,
                        flavor=flavor, allocations=allocations)

    def resize_instance(self, context, instance, migration):
        self._move_cast(context, migration.source_compute,
                        'resize_instance', instance=instance,
                        migration=migration)

    def finish_resize(self, context, instance, migration):
        self._move_cast(context, migration.dest_compute, 'finish_resize',
                        instance=instance, migration=migration)

    def confirm_resize(self, context, instance, migration):
        self._move_cast(context, migration.source_compute, 'confirm_resize',
                        instance=instance, migration=migration)

    def revert_resize(self, context, instance, migration):
        self._move_cast(context, migration.dest_compute, 'revert_resize',
                        instance=instance, migration=migration)

    def finish_revert_resize(self, context, instance, migration):
        self._move_cast(context, migration.source_compute,
                        'finish_revert_resize', instance=instance,
                        migration=migration)

    def _move_call(self, context, host, method, **kwargs):
        version = self._version_of(host, 'os-migrateLive')
        return self.client.prepare(server=host, version=version).call(
            context, method, **kwargs)

    def check_can_live_migrate_destination(self, context, instance,
                                           migration, allocations=None):
        self._move_call(context, migration.dest_compute,
                        'check_can_live_migrate_destination',
                        instance=instance, migration=migration,
                        allocations=allocations)

    def live_migration(self, context, instance, migration,
                       block_migration=False):
        self._move_cast(context, migration.source_compute, 'live_migration',
                        instance=instance, migration=migration,
                        block_migration=block_migration)

    def pre_live_migration(self, context, instance, migration,
                           block_migration=False):
        """Where the guest's consoles will listen on the destination
        ({'vnc_listen', 'serial_host', 'serial_port'}), or None."""
        return self._move_call(context, migration.dest_compute,
                               'pre_live_migration', instance=instance,
                               migration=migration,
                               block_migration=block_migration)

    def post_live_migration_at_destination(self, context, instance,
                                           migration):
        self._move_call(context, migration.dest_compute,
                        'post_live_migration_at_destination',
                        instance=instance, migration=migration)

    def rollback_live_migration_at_destination(self, context, instance,
                                               migration):
        self._move_cast(context, migration.dest_compute,
                        'rollback_live_migration_at_destination',
                        instance=instance, migration=migration)

    def live_migration_force_complete(self, context, instance, migration):
        self._move_cast(context, migration.source_compute,
                        'live_migration_force_complete', instance=instance,
                        migration=migration)

    def live_migration_abort(self, context, instance, migration):
        self._move_cast(context, migration.source_compute,
                        'live_migration_abort', instance=instance,
                        migration=migration)

    def rebuild_on_host(self, context, instance, migration,
                        allocations=None, target_state=None):
        extra = {}
        action = 'evacuate'
        if target_state is not None:
            extra['target_state'] = target_state
            action = 'evacuate_stopped'
        self._move_cast(context, migration.dest_compute, 'rebuild_on_host',
                        action, instance=instance, migration=migration,
                        allocations=allocations, **extra)
