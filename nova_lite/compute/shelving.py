# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Shelving: a server's guest off and its disk into an image; offloaded
(its guest, host and claim gone) at once or after ``[compute]
shelved_offload_time``; unshelved on its host, or built anew from the
image on the host the scheduler chose.

If the snapshot fails, the image goes and the guest runs again as it
did. An unshelve on a new host binds the server's ports there and, as a
build, waits for the network service to report them plugged; one that
fails leaves the server offloaded again, its guest, its ports' binding
and its claim gone. The image goes once the server runs from it.
"""
import datetime

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.compute import claims
from nova_lite.compute import operations
from nova_lite.compute import power_actions
from nova_lite.compute import vnics
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import fields
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
_T = fields.TaskState


class Shelving:

    def __init__(self, conf, driver, tracker, operations, images, network,
                 events):
        """``events``: the compute's InstanceEvents, where the network
        service reports a port plugged here."""
        self.conf = conf
        self.events = events
        self.driver = driver
        self.rt = tracker
        self.operations = operations
        self.images = images
        self.network = network

    @property
    def host(self):
        return self.operations.host

    def shelve(self, context, instance, image_id):
        """Guest off, its disk into the image; then SHELVED, or offloaded
        at once (``[compute] shelved_offload_time`` 0)."""
        with self.operations.recorded(context, instance,
                                      'compute_shelve_instance') as outcome:
            if not operations.still_asked(context, instance, _T.SHELVING):
                return
            events.instance_exists(self.conf, context, instance, self.host)
            self._notify(context, instance, 'shelve', 'start')
            was = self.driver.get_power_state(instance)
            with operations.failure_noted(outcome, 'shelve', instance,
                                          self.host):
                self.driver.power_off(instance,
                                      self.conf.compute.shutdown_timeout)
                self.images.upload_snapshot(instance, image_id)
            if outcome.error is not None:
                self.images.discard(image_id)
                power_actions.power_back(self.driver, instance, was)
                operations.end_task(instance, _T.SHELVING)
                return
            self._shelved(context, instance, image_id)

    def _shelved(self, context, instance, image_id):
        instance.shelved_image_id = image_id
        instance.vm_state = fields.VMState.SHELVED
        instance.power_state = self.driver.get_power_state(instance)
        if self.conf.compute.shelved_offload_time != 0:
            operations.end_task(instance, _T.SHELVING)
            self._notify(context, instance, 'shelve', 'end')
            return
        # Offloaded at once: the task goes on, no request gets in.
        instance.task_state = _T.SHELVING_OFFLOADING
        try:
            instance.save(expected_task_state=[_T.SHELVING])
        except (exception.Conflict, exception.InstanceNotFound):
            return
        self._notify(context, instance, 'shelve', 'end')
        self.offload(context, instance)

    def shelve_offload(self, context, instance):
        with self.operations.recorded(context, instance,
                                      'compute_shelve_offload_instance'):
            if not operations.still_asked(context, instance,
                                          _T.SHELVING_OFFLOADING):
                return
            self.offload(context, instance)

    def offload_shelved(self, context, seconds):
        """Offload the servers shelved here for ``seconds`` or more."""
        cutoff = timeutils.utcnow(with_timezone=True) - datetime.timedelta(
            seconds=seconds)
        for instance in self.operations.instances(context):
            changed = instance.updated_at or instance.created_at
            if (instance.vm_state != fields.VMState.SHELVED or
                    instance.task_state is not None or changed > cutoff):
                continue
            instance.task_state = _T.SHELVING_OFFLOADING
            try:
                instance.save(expected_task_state=[None])
            except (exception.Conflict, exception.InstanceNotFound):
                continue  # a request got to it first
            with self.operations.working_on(instance.uuid):
                self.offload(context, instance)

    def offload(self, context, instance):
        """The guest and its files removed, the server off this host and
        its placement claim dropped (its disk is in its shelved image),
        in one save with the host's usage freed; its network service's
        ports bound to no host. The caller has set task
        shelving_offloading, so no other request acts on it meanwhile."""
        self._notify(context, instance, 'shelve_offload', 'start')
        self.driver.destroy(context, instance)
        self.network.bind_to(context, instance, None)
        instance.vm_state = fields.VMState.SHELVED_OFFLOADED
        instance.task_state = None
        instance.host = None
        instance.node = None
        instance.power_state = fields.PowerState.NOSTATE

        def leave():
            instance.save(expected_task_state=[_T.SHELVING_OFFLOADING])
            placement_obj.Placement.unclaim(context, instance.uuid)
        try:
            self.rt.drop_instance(instance, remove_record=leave)
        except (exception.Conflict, exception.InstanceNotFound):
            LOG.info('instance %s changed during its offload', instance.uuid)
            return
        # Published from the host it left (the server has none now).
        self._notify(context, instance, 'shelve_offload', 'end')

    def unshelve(self, context, instance, allocations=None):
        """Start a server shelved here; or build an offloaded one the
        scheduler placed here from its shelved image."""
        with self.operations.recorded(context, instance,
                                      'compute_unshelve_instance') as outcome:
            if not operations.still_asked(context, instance, _T.UNSHELVING):
                return
            self._notify(context, instance, 'unshelve', 'start')
            if instance.host == self.host:
                outcome.error = self._start_shelved(instance)
            else:
                outcome.error = self._spawn_offloaded(context, instance,
                                                      allocations)
            if outcome.error is None:
                self._notify(context, instance, 'unshelve', 'end')

    def _notify(self, context, instance, action, phase):
        events.instance_action(self.conf, context, instance, self.host,
                               action, phase)

    def _start_shelved(self, instance):
        try:
            self.driver.power_on(instance)
        except Exception as e:
            LOG.warning('unshelve of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            operations.end_task(instance, _T.UNSHELVING)
            return e
        self._unshelved(instance, _T.UNSHELVING)
        return None

    def _spawn_offloaded(self, context, instance, allocations):
        try:
            claim = self.rt.instance_claim(
                context, instance, instance.flavor, allocations,
                expected_task_state=_T.UNSHELVING,
                networks_asked=vnics.networks_asked(context, instance))
        except (exception.InstanceNotFound, exception.Conflict):
            return None
        except claims.REFUSED as e:
            self.back_to_offloaded(context, instance)
            return e
        try:
            with claim:
                self._spawn(context, instance)
        except Exception as e:
            LOG.warning('unshelve of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            self.driver.destroy(context, instance)
            self._unbind(context, instance)
            self.back_to_offloaded(context, instance)
            return e
        self._unshelved(instance, _T.SPAWNING)
        return None

    def _spawn(self, context, instance):
        waiting = self.network.bind_to(context, instance, self.host)
        with self.events.plugging(instance.uuid, waiting, self.conf):
            self.driver.spawn(context, instance,
                              image_id=instance.shelved_image_id)

    def _unbind(self, context, instance):
        """The ports of an unshelve that failed bound to no host again;
        if the network service cannot be reached, the next unshelve binds
        them where it lands all the same."""
        try:
            self.network.bind_to(context, instance, None)
        except exception.NovaLiteException as e:
            LOG.warning('the ports of %s stay bound to %s: %s',
                        instance.uuid, self.host, e.format_message())

    def back_to_offloaded(self, context, instance):
        """An unshelve that will not be: the server offloaded, no task,
        no claim."""
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
        operations.end_task(instance, task_state)
        if image_id:
            self.images.discard(image_id)
