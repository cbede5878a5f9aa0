# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's build on this host, and its delete.

A build claims (the claim's write also opens the build's event and
records the conductor's scheduling step done), makes or takes the
server's ports where a network service gives them (bound to this host),
spawns the guest, waits until the network service reports each port
plugged (``[compute] vif_plugging_timeout``) and marks the server
ACTIVE; a failure gives the claim back (and frees the ports) and
reschedules the server to the next alternate host, or ends it in ERROR
with a fault. A delete waits for a build of the same server under way
here.
"""
import time

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.compute import claims
from nova_lite.compute import vnics
from nova_lite import exception
from nova_lite import metrics
from nova_lite.notifications import events
from nova_lite.objects import claim_write
from nova_lite.objects import fields
from nova_lite.objects import instance_action
from nova_lite.objects import key_pair
from nova_lite.objects import request_spec as request_spec_obj

LOG = logging.getLogger(__name__)
BUILD_EVENT = 'compute__do_build_and_run_instance'


class Builds:

    def __init__(self, conf, driver, tracker, operations, conductor_api,
                 images, network, events):
        self.conf = conf
        self.driver = driver
        self.rt = tracker
        self.operations = operations
        self.conductor_api = conductor_api
        self.images = images
        self.network = network
        self.events = events

    @property
    def host(self):
        return self.operations.host

    def build_and_run(self, context, instance, request_spec,
                      alternates=None, allocations=None, scheduled=None):
        """The build's event opens with the claim's write and closes with
        the write that marks the server ACTIVE (no writes of its own); a
        failure closes it on its own. The conductor's step that sent the
        build (``scheduled``) is recorded done with the claim."""
        started_at = timeutils.utcnow()
        steps = [instance_action.ActionStep.opened(BUILD_EVENT, self.host)]
        if scheduled:
            steps.insert(0, instance_action.ActionStep.whole(
                scheduled['event'], scheduled['start'], scheduled['host']))
        with self.operations.working_on(instance.uuid):
            begun = time.monotonic()
            self._notify_create(context, instance, 'start')
            error, opened = self._build(context, instance, allocations,
                                        steps, request_spec)
            metrics.BUILDS.labels('failed' if error else 'active').observe(
                time.monotonic() - begun)
            if opened or error is not None:
                self._notify_create(context, instance,
                                    'error' if error else 'end', error)
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
                self._failed(context, instance, request_spec,
                             alternates or [], error)

    def _notify_create(self, context, instance, phase, error=None):
        keypairs = []
        if instance.key_name and events.enabled(self.conf):
            try:
                keypairs = [key_pair.KeyPair.get_by_name(
                    context, instance.user_id, instance.key_name)]
            except exception.NotFound:
                pass  # deleted since: the server keeps its key
        events.instance_create(self.conf, context, instance, self.host,
                               phase, error, keypairs)

    def _build(self, context, instance, allocations, steps, request_spec):
        """Claim, spawn and mark active: the error the build failed with,
        if it did (the caller reschedules it or ends it in ERROR), and
        whether its event was opened."""
        try:
            claim = self.rt.instance_claim(
                context, instance, instance.flavor, allocations,
                steps=steps, networks_asked=vnics.networks_asked(
                    context, instance, request_spec))
        except (exception.InstanceNotFound, exception.Conflict):
            LOG.info('instance %s was deleted before its build',
                     instance.uuid)
            return None, False
        except claims.REFUSED as e:
            return e, False
        try:
            with claim:
                self._spawn(context, instance, request_spec)
        except Exception as e:
            LOG.warning('spawn of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            return e, True
        self._mark_active(context, instance, claim)
        return None, True

    def _spawn(self, context, instance, request_spec):
        """The ports, then the guest, then the ports' plugging reported;
        on a failure the guest and the ports go again."""
        waiting = self.network.allocate(
            context, instance,
            vnics.ports_asked(context, instance, request_spec), self.host)
        try:
            with self.events.plugging(instance.uuid,
                                      [vif.uuid for vif in waiting],
                                      self.conf):
                self.driver.spawn(context, instance)
        except Exception:
            self.driver.destroy(context, instance)
            self.network.deallocate(context, instance, ending=False)
            raise

    def _mark_active(self, context, instance, claim):
        instance.vm_state = fields.VMState.ACTIVE
        instance.task_state = None
        instance.power_state = self.driver.get_power_state(instance)
        instance.launched_at = timeutils.utcnow()
        try:
            claim_write.ClaimWrite(
                context, instance=instance,
                expected_task_state=[fields.TaskState.SPAWNING],
                steps=[instance_action.ActionStep.closed(BUILD_EVENT)],
            ).commit()
        except exception.Conflict:
            LOG.info('instance %s is being deleted; leaving it to the '
                     'delete', instance.uuid)
            instance_action.finish_event(context, instance.uuid,
                                         BUILD_EVENT)
        except exception.InstanceNotFound:
            self.driver.destroy(context, instance)
            claim.abort()

    def _failed(self, context, instance, request_spec, alternates, error):
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

    def terminate(self, context, instance):
        with self.operations.recorded(context, instance,
                                      'compute_terminate_instance'):
            events.instance_action(self.conf, context, instance, self.host,
                                   'delete', 'start')
            self._terminate(context, instance)
            events.instance_action(self.conf, context, instance, self.host,
                                   'delete', 'end')
        self.operations.forget(instance.uuid)

    def _terminate(self, context, instance):
        events.instance_action(self.conf, context, instance, self.host,
                               'shutdown', 'start')
        self.driver.destroy(context, instance)
        self.network.deallocate(context, instance)
        events.instance_action(self.conf, context, instance, self.host,
                               'shutdown', 'end')
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
