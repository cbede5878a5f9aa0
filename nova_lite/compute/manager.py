# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute agent: builds and deletes the instances of one host.

It persists only through objects, never through the database package, so
the same code runs where the only way to the database is the conductor.
"""
import collections
import contextlib
import datetime
import os
import threading

from futurist import periodics
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from nova_lite.compute import claims
from nova_lite.compute import live_moves
from nova_lite.compute import moves
from nova_lite.compute import periodic_pass
from nova_lite.compute import reconcile
from nova_lite.compute import resource_tracker
from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.concurrency import named_locks
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import image as image_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.service import service
from nova_lite.virt import driver as virt_driver
from nova_lite.virt import image_client

LOG = logging.getLogger(__name__)
BUILD_EVENT = 'compute__do_build_and_run_instance'
CLAIM_REFUSED = claims.REFUSED


class ComputeManager(moves.MoveSteps, live_moves.LiveMoveSteps,
                     service.Manager):

    target = messaging.Target(version='1.4')

    def __init__(self, conf, host, driver=None):
        super().__init__(conf, host)
        self.driver = driver or virt_driver.load_driver(conf, host)
        self.rt = resource_tracker.ResourceTracker(conf, host, self.driver)
        self.rt.check_config()  # a plugin's bad option stops it here
        self.conductor_api = conductor_rpcapi.ConductorAPI(conf)
        self.computes = compute_rpcapi.ComputeAPI(conf)
        self._images = None
        # One per instance, so a delete waits for a build in flight; and
        # the instances with an operation under way (or waiting) here.
        self._locks = named_locks.NamedLocks()
        self._busy = collections.Counter()
        self._busy_guard = threading.Lock()
        self.last_reconcile = None

    @property
    def images(self):
        """The image API client (made on first use, from the config of
        that moment)."""
        if self._images is None:
            self._images = image_client.ImageClient(self.conf)
        return self._images

    @contextlib.contextmanager
    def _working_on(self, uuid):
        """Run an operation on an instance: one at a time, and known as
        under way (the abandoned-task check leaves it alone)."""
        with self._busy_guard:
            self._busy[uuid] += 1
        try:
            with self._locks.get(uuid):
                yield
        finally:
            with self._busy_guard:
                self._busy[uuid] -= 1
                if not self._busy[uuid]:
                    del self._busy[uuid]

    @contextlib.contextmanager
    def _operation(self, context, instance, event):
        """An operation on an instance (one at a time, known as under
        way), recorded as ``event`` of the request's action; the event's
        outcome."""
        with self._working_on(instance.uuid), instance_action.recorded_event(
                context, instance.uuid, event, self.host) as outcome:
            yield outcome

    def busy(self):
        """Uuids of instances with an operation under way here."""
        with self._busy_guard:
            return set(self._busy)

    def init_host(self, context):
        if self.service_record is not None:
            self.rt.service_id = self.service_record.id
        self.driver.init_host()
        self.rt.update_available_resource(context)
        self.last_reconcile = reconcile.reconcile_host(self, context)
        if any(self.last_reconcile.values()):
            # Servers or guests were here: recount what they left. A host
            # with none has nothing to recount (a thousand simulated hosts
            # start twice as fast).
            self.rt.update_available_resource(context)

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
        tasks = []
        offload_after = self.conf.compute.shelved_offload_time
        if offload_after > 0:
            @periodics.periodic(max(offload_after // 4, 1),
                                run_immediately=False)
            def offload_shelved():
                try:
                    self.offload_shelved(nl_context.get_admin_context(),
                                         offload_after)
                except Exception:
                    LOG.exception('offloading shelved servers failed on '
                                  '%s', self.host)
            tasks.append(offload_shelved)
        window = self.conf.resize_confirm_window
        if window > 0:
            @periodics.periodic(max(window // 4, 1), run_immediately=False)
            def confirm_overdue_moves():
                try:
                    self.confirm_overdue(nl_context.get_admin_context(),
                                         window)
                except Exception:
                    LOG.exception('confirming overdue moves failed on %s',
                                  self.host)
            tasks.append(confirm_overdue_moves)
        return tasks

    def offload_shelved(self, context, seconds):
        """Offload the servers shelved here for ``seconds`` or more."""
        cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
            seconds=seconds)
        for instance in self.instances_on_host(context):
            changed = instance.updated_at or instance.created_at
            if (instance.vm_state != fields.VMState.SHELVED or
                    instance.task_state is not None or changed > cutoff):
                continue
            instance.task_state = fields.TaskState.SHELVING_OFFLOADING
            try:
                instance.save(expected_task_state=[None])
            except (exception.Conflict, exception.InstanceNotFound):
                continue  # a request got to it first
            with self._working_on(instance.uuid):
                self._offload(context, instance)

    def build_and_run_instance(self, context, instance, request_spec,
                               alternates=None, allocations=None,
                               scheduled=None):
        """The build's event opens with the claim's write and closes with
        the write that marks the server ACTIVE (no writes of its own); a
        failure closes it on its own. The conductor's step that sent the
        build (``scheduled``) is recorded done with the claim."""
        started_at = timeutils.utcnow()
        events = [('start', BUILD_EVENT, self.host)]
        if scheduled:
            events.insert(0, ('whole', scheduled['event'], (
                scheduled['start'], scheduled['host'],
                instance_action.SUCCESS)))
        with self._working_on(instance.uuid):
            error, opened = self._build(context, instance, allocations,
                                        events, request_spec)
            if scheduled and not opened:
                instance_action.finish_event(
                    context, instance.uuid, scheduled['event'],
                    started_at=scheduled['start'], host=scheduled['host'])
            if error is not None:
                # The event first: whoever sees the server rescheduled or
                # in ERROR finds this host's failed step in its action.
                instance_action.finish_event(
                    context, instance.uuid, BUILD_EVENT, error,
                    started_at=None if opened else started_at,
                    host=self.host)
                self._build_failed(context, instance, request_spec,
                                   alternates or [], error)

    def _build(self, context, instance, allocations, events, request_spec):
        """Claim, spawn and mark active: the error the build failed with,
        if it did (the caller reschedules it or ends it in ERROR), and
        whether its event was opened."""
        flavor = instance.flavor
        try:
            claim = self.rt.instance_claim(
                context, instance, flavor, allocations, events=events,
                networks_asked=self._networks_asked(context, instance,
                                                    request_spec))
        except (exception.InstanceNotFound, exception.Conflict):
            LOG.info('instance %s was deleted before its build',
                     instance.uuid)
            return None, False
        except CLAIM_REFUSED as e:
            return e, False
        try:
            with claim:
                self.driver.spawn(context, instance)
        except Exception as e:
            LOG.warning('spawn of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            return e, True
        self._mark_active(context, instance, claim)
        return None, True

    @staticmethod
    def _networks_asked(context, instance, request_spec=None):
        """'auto' or 'none', as the create asked (its stored request when
        the caller has none at hand, 'auto' if that is gone too)."""
        if request_spec is None:
            try:
                request_spec = request_spec_obj.RequestSpec \
                    .get_by_instance_uuid(context, instance.uuid)
            except exception.NotFound:
                return request_spec_obj.AUTO
        return request_spec.networks_asked()

    def _mark_active(self, context, instance, claim):
        instance.vm_state = fields.VMState.ACTIVE
        instance.task_state = None
        instance.power_state = self.driver.get_power_state(instance)
        instance.launched_at = timeutils.utcnow()
        try:
            instance.save(expected_task_state=[fields.TaskState.SPAWNING],
                          events=[('finish', BUILD_EVENT,
                                   instance_action.SUCCESS)])
        except exception.Conflict:
            LOG.info('instance %s is being deleted; leaving it to the '
                     'delete', instance.uuid)
            instance_action.finish_event(context, instance.uuid,
                                         BUILD_EVENT)
        except exception.InstanceNotFound:
            self.driver.destroy(context, instance)
            claim.abort()

    def _build_failed(self, context, instance, request_spec, alternates,
                      error):
        """Reschedule to the next alternate, or end in ERROR with a fault.

        Either way the task state must still be the one this build set; if
        a delete has replaced it, the delete owns the instance now.
        """
        expected = [fields.TaskState.SCHEDULING, fields.TaskState.SPAWNING]
        if not alternates or not getattr(error, 'reschedule', True):
            if not instance.fail(error, host=self.host,
                                 expected_task_state=expected):
                LOG.info('instance %s was deleted during its build',
                         instance.uuid)
            return
        try:
            instance.task_state = fields.TaskState.SCHEDULING
            instance.save(expected_task_state=expected)
        except (exception.Conflict, exception.InstanceNotFound):
            LOG.info('instance %s was deleted during its build',
                     instance.uuid)
            return
        self.conductor_api.build_instances(
            context, instance, request_spec, alternates=alternates,
            last_error=str(error))

    def terminate_instance(self, context, instance):
        with self._operation(context, instance, 'compute_terminate_instance'):
            self._terminate(context, instance)
        if instance.uuid not in self.busy():
            self._locks.forget(instance.uuid)

    def _terminate(self, context, instance):
        self.driver.destroy(context, instance)
        if instance.shelved_image_id:
            self.images.discard(instance.shelved_image_id)
        # The last state goes with the record's removal, in one step: a
        # crash before it leaves the delete to finish (task deleting).
        instance.vm_state = fields.VMState.DELETED
        instance.task_state = None
        instance.terminated_at = timeutils.utcnow()
        try:
            self.rt.drop_instance(instance, remove_record=instance.forget)
        except exception.InstanceNotFound:
            return
        request_spec_obj.RequestSpec.destroy_by_instance_uuid(
            context, instance.uuid)
        LOG.info('instance %s deleted from %s', instance.uuid, self.host)

    def stop_instance(self, context, instance):
        timeout = self.conf.compute.shutdown_timeout
        self._power_action(
            context, instance, fields.TaskState.POWERING_OFF,
            fields.VMState.STOPPED,
            lambda: self.driver.power_off(instance, timeout),
            'compute_stop_instance')

    def start_instance(self, context, instance):
        self._power_action(
            context, instance, fields.TaskState.POWERING_ON,
            fields.VMState.ACTIVE, lambda: self.driver.power_on(instance),
            'compute_start_instance')

    def reboot_instance(self, context, instance, reboot_type):
        task = (fields.TaskState.REBOOTING if reboot_type == 'SOFT'
                else fields.TaskState.REBOOTING_HARD)
        timeout = self.conf.compute.shutdown_timeout
        self._power_action(
            context, instance, task, fields.VMState.ACTIVE,
            lambda: self.driver.reboot(instance, reboot_type, timeout),
            'compute_reboot_instance')

    def pause_instance(self, context, instance):
        self._power_action(
            context, instance, fields.TaskState.PAUSING,
            fields.VMState.PAUSED, lambda: self.driver.pause(instance),
            'compute_pause_instance')

    def unpause_instance(self, context, instance):
        self._power_action(
            context, instance, fields.TaskState.UNPAUSING,
            fields.VMState.ACTIVE, lambda: self.driver.unpause(instance),
            'compute_unpause_instance')

    def suspend_instance(self, context, instance):
        self._power_action(
            context, instance, fields.TaskState.SUSPENDING,
            fields.VMState.SUSPENDED, lambda: self.driver.suspend(instance),
            'compute_suspend_instance')

    def resume_instance(self, context, instance):
        self._power_action(
            context, instance, fields.TaskState.RESUMING,
            fields.VMState.ACTIVE, lambda: self.driver.resume(instance),
            'compute_resume_instance')

    def trigger_crash_dump(self, context, instance):
        """No task state: the server stays as it is; a failure is in the
        log and the action's event."""
        with self._operation(context, instance,
                             'compute_trigger_crash_dump') as outcome:
            try:
                self.driver.trigger_crash_dump(instance)
            except Exception as e:
                outcome.error = e
                LOG.warning('crash dump of %s failed on %s: %s',
                            instance.uuid, self.host, e)

    def snapshot_instance(self, context, instance, image_id):
        """Upload the guest's disk into the image the API made for it;
        if that fails the image goes, and the server is as it was."""
        self._snapshot(context, instance, image_id,
                       fields.TaskState.IMAGE_SNAPSHOT,
                       'compute_snapshot_instance')

    def backup_instance(self, context, instance, image_id, backup_type,
                        rotation):
        """A snapshot, then the server's backups of ``backup_type``
        beyond the ``rotation`` newest removed, both before the task
        ends: once the server shows no task, its backups are rotated."""
        self._snapshot(context, instance, image_id,
                       fields.TaskState.IMAGE_BACKUP,
                       'compute_backup_instance',
                       then=lambda: self._rotate_backups(
                           context, instance, backup_type, rotation))

    def _snapshot(self, context, instance, image_id, task_state, event,
                  then=None):
        """Upload the guest's disk into the image; ``then`` runs once it
        is there, before the task ends (its failure is the step's)."""
        with self._operation(context, instance, event) as outcome:
            if not self._still_asked(context, instance, task_state):
                return
            try:
                self._upload_snapshot(instance, image_id)
            except Exception as e:
                outcome.error = e
                LOG.warning('snapshot of %s into image %s failed on %s: %s',
                            instance.uuid, image_id, self.host, e)
                self.images.discard(image_id)
            if outcome.error is None and then is not None:
                try:
                    then()
                except Exception as e:
                    outcome.error = e
                    LOG.warning('after the snapshot of %s into image %s on '
                                '%s: %s', instance.uuid, image_id,
                                self.host, e)
            self._end_task(instance, task_state)

    def _rotate_backups(self, context, instance, backup_type, rotation):
        backups = [i for i in image_obj.ImageList.get_all(
            context.elevated(), {'owner': instance.project_id},
            sort_key='created_at', sort_dir='desc')
            if i.properties.get('image_type') == 'backup' and
            i.properties.get('instance_uuid') == instance.uuid and
            i.properties.get('backup_type') == backup_type]
        for image in backups[rotation:]:
            LOG.info('rotating out backup %s of %s', image.id, instance.uuid)
            self.images.discard(image.id)

    def _upload_snapshot(self, instance, image_id):
        directory = os.path.join(self.conf.state_path, 'snapshots')
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, image_id)
        try:
            disk_format = self.driver.snapshot(instance, path)
            self.images.upload(image_id, path, disk_format)
        finally:
            if os.path.exists(path):
                os.remove(path)

    def _end_task(self, instance, task_state):
        instance.task_state = None
        try:
            instance.save(expected_task_state=[task_state])
        except (exception.Conflict, exception.InstanceNotFound):
            LOG.info('instance %s was deleted during %s', instance.uuid,
                     task_state)

    def shelve_instance(self, context, instance, image_id):
        """Guest off, its disk into the image; then SHELVED, or offloaded
        at once (``[compute] shelved_offload_time`` 0). If the snapshot
        fails the image goes and the guest runs again as it did."""
        with self._operation(context, instance,
                             'compute_shelve_instance') as outcome:
            if not self._still_asked(context, instance,
                                     fields.TaskState.SHELVING):
                return
            was = self.driver.get_power_state(instance)
            try:
                self.driver.power_off(instance,
                                      self.conf.compute.shutdown_timeout)
                self._upload_snapshot(instance, image_id)
            except Exception as e:
                outcome.error = e
                LOG.warning('shelve of %s failed on %s: %s', instance.uuid,
                            self.host, e)
                self.images.discard(image_id)
                self._power_back(instance, was)
                self._end_task(instance, fields.TaskState.SHELVING)
                return
            instance.shelved_image_id = image_id
            instance.vm_state = fields.VMState.SHELVED
            instance.power_state = self.driver.get_power_state(instance)
            if self.conf.compute.shelved_offload_time != 0:
                self._end_task(instance, fields.TaskState.SHELVING)
                return
            # Offloaded at once: the task goes on, no request gets in.
            instance.task_state = fields.TaskState.SHELVING_OFFLOADING
            try:
                instance.save(expected_task_state=[fields.TaskState.SHELVING])
            except (exception.Conflict, exception.InstanceNotFound):
                return
            self._offload(context, instance)

    def _power_back(self, instance, power_state):
        if power_state == fields.PowerState.RUNNING:
            try:
                self.driver.power_on(instance)
            except Exception as e:
                LOG.error('could not start %s again: %s', instance.uuid, e)

    def shelve_offload_instance(self, context, instance):
        with self._operation(context, instance,
                             'compute_shelve_offload_instance'):
            if not self._still_asked(context, instance,
                                     fields.TaskState.SHELVING_OFFLOADING):
                return
            self._offload(context, instance)

    def _offload(self, context, instance):
        """The guest and its files removed, the server off this host and
        its placement claim dropped (its disk is in its shelved image),
        in one save with the host's usage freed. The caller has set task
        shelving_offloading, so no other request acts on it meanwhile."""
        self.driver.destroy(context, instance)
        instance.vm_state = fields.VMState.SHELVED_OFFLOADED
        instance.task_state = None
        instance.host = None
        instance.node = None
        instance.power_state = fields.PowerState.NOSTATE

        def leave():
            instance.save(expected_task_state=[
                fields.TaskState.SHELVING_OFFLOADING])
            placement_obj.Placement.unclaim(context, instance.uuid)
        try:
            self.rt.drop_instance(instance, remove_record=leave)
        except (exception.Conflict, exception.InstanceNotFound):
            LOG.info('instance %s changed during its offload', instance.uuid)

    def unshelve_instance(self, context, instance, allocations=None):
        """Start a server shelved here; or build an offloaded one the
        scheduler placed here from its shelved image (if that fails, it
        is offloaded again and its claim dropped). The image goes once
        the server runs from it."""
        with self._operation(context, instance,
                             'compute_unshelve_instance') as outcome:
            if not self._still_asked(context, instance,
                                     fields.TaskState.UNSHELVING):
                return
            if instance.host == self.host:
                outcome.error = self._start_shelved(instance)
            else:
                outcome.error = self._spawn_offloaded(context, instance,
                                                      allocations)

    def _start_shelved(self, instance):
        try:
            self.driver.power_on(instance)
        except Exception as e:
            LOG.warning('unshelve of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            self._end_task(instance, fields.TaskState.UNSHELVING)
            return e
        self._unshelved(instance, fields.TaskState.UNSHELVING)
        return None

    def _spawn_offloaded(self, context, instance, allocations):
        try:
            claim = self.rt.instance_claim(
                context, instance, instance.flavor, allocations,
                expected_task_state=fields.TaskState.UNSHELVING,
                networks_asked=self._networks_asked(context, instance))
        except (exception.InstanceNotFound, exception.Conflict):
            return None
        except CLAIM_REFUSED as e:
            self._back_to_offloaded(context, instance)
            return e
        try:
            with claim:
                self.driver.spawn(context, instance,
                                  image_id=instance.shelved_image_id)
        except Exception as e:
            LOG.warning('unshelve of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            self._back_to_offloaded(context, instance)
            return e
        self._unshelved(instance, fields.TaskState.SPAWNING)
        return None

    def _back_to_offloaded(self, context, instance):
        instance.task_state = None
        try:
            instance.save()
        except exception.InstanceNotFound:
            return
        placement_obj.Placement.unclaim(context, instance.uuid)

    def _unshelved(self, instance, task_state):
        image_id = instance.shelved_image_id
        instance.vm_state = fields.VMState.ACTIVE
        instance.power_state = self.driver.get_power_state(instance)
        instance.shelved_image_id = None
        self._end_task(instance, task_state)
        if image_id:
            self.images.discard(image_id)

    def rebuild_instance(self, context, instance):
        """The guest made anew from the server's (new) image, on this
        host with its claim; stopped again if it was. A failure ends in
        ERROR with a fault, the server still here."""
        with self._operation(context, instance,
                             'compute_rebuild_instance') as outcome:
            if not self._still_asked(context, instance,
                                     fields.TaskState.REBUILDING):
                return
            stopped = instance.vm_state == fields.VMState.STOPPED
            try:
                self.driver.destroy(context, instance)
                self.driver.spawn(context, instance)
                if stopped:
                    self.driver.power_off(instance)
            except Exception as e:
                outcome.error = e
                LOG.warning('rebuild of %s failed on %s: %s', instance.uuid,
                            self.host, e)
                instance.fail(e, host=self.host, keep_claim=True,
                              expected_task_state=[
                                  fields.TaskState.REBUILDING])
                return
            instance.vm_state = (fields.VMState.STOPPED if stopped
                                 else fields.VMState.ACTIVE)
            instance.power_state = self.driver.get_power_state(instance)
            instance.launched_at = timeutils.utcnow()
            self._end_task(instance, fields.TaskState.REBUILDING)

    def rescue_instance(self, context, instance, image_id):
        self._guest_swap(context, instance, fields.TaskState.RESCUING,
                         fields.VMState.RESCUED, 'compute_rescue_instance',
                         lambda: self.driver.rescue(context, instance,
                                                    image_id))

    def unrescue_instance(self, context, instance):
        self._guest_swap(context, instance, fields.TaskState.UNRESCUING,
                         fields.VMState.ACTIVE, 'compute_unrescue_instance',
                         lambda: self.driver.unrescue(context, instance))

    def _guest_swap(self, context, instance, task_state, vm_state, event,
                    act):
        """Replace the guest's domain (rescue, unrescue): the server ends
        in ``vm_state``, or in ERROR with a fault if that fails (on this
        host, its claim kept)."""
        with self._operation(context, instance, event) as outcome:
            if not self._still_asked(context, instance, task_state):
                return
            try:
                act()
            except Exception as e:
                outcome.error = e
                LOG.warning('%s of %s failed on %s: %s', task_state,
                            instance.uuid, self.host, e)
                instance.fail(e, host=self.host, keep_claim=True,
                              expected_task_state=[task_state])
                return
            instance.vm_state = vm_state
            instance.power_state = self.driver.get_power_state(instance)
            self._end_task(instance, task_state)

    def get_instance_diagnostics(self, context, instance):
        return self.driver.get_instance_diagnostics(instance)

    def get_host_uptime(self, context):
        return self.driver.get_host_uptime()

    def _power_action(self, context, instance, task_state, vm_state, act,
                      event):
        """Run a power action the API set ``task_state`` for; the server
        ends in ``vm_state``, or where it was if the action failed (the
        reason in the log; the task state is cleared either way)."""
        with self._operation(context, instance, event) as outcome:
            if not self._still_asked(context, instance, task_state):
                return
            try:
                act()
                instance.vm_state = vm_state
            except Exception as e:
                outcome.error = e
                LOG.warning('%s of %s failed on %s: %s', task_state,
                            instance.uuid, self.host, e)
            instance.power_state = self.driver.get_power_state(instance)
            instance.task_state = None
            try:
                instance.save(expected_task_state=[task_state])
            except (exception.Conflict, exception.InstanceNotFound):
                LOG.info('instance %s was deleted during %s', instance.uuid,
                         task_state)

    @staticmethod
    def _still_asked(context, instance, task_state):
        """Is the instance still waiting for this action? A request that
        waited in the queue may find it finished by the abandoned-task
        check, or the server deleted."""
        try:
            current = instance_obj.Instance.get_by_uuid(context,
                                                        instance.uuid)
        except exception.InstanceNotFound:
            return False
        if current.task_state != task_state:
            LOG.info('%s of %s is no longer asked for (task state %s)',
                     task_state, instance.uuid, current.task_state)
            return False
        return True

    def get_console_output(self, context, instance):
        return self.driver.get_console_output(instance)

    def instances_on_host(self, context):
        return instance_obj.InstanceList.get_by_host(
            context, self.host, expected_attrs=['flavor'])
