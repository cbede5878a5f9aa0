# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's guest made anew on its own host, its claim kept: rebuild
(from the server's new image), rescue (from a rescue image, its own disk
attached) and unrescue.

A failure ends the server in ERROR with a fault, still on this host with
its allocation, for an admin to look at (as in Nova).
"""
from oslo_utils import timeutils

from nova_lite.compute import operations
from nova_lite.notifications import events
from nova_lite.objects import fields

_T = fields.TaskState
_V = fields.VMState


class Rebuilds:

    def __init__(self, conf, driver, operations):
        self.conf = conf
        self.driver = driver
        self.operations = operations

    def rebuild(self, context, instance):
        """Stopped again if it was."""
        stopped = instance.vm_state == _V.STOPPED

        def remake():
            self.driver.destroy(context, instance)
            self.driver.spawn(context, instance)
            if stopped:
                self.driver.power_off(instance)

        def done():
            instance.vm_state = _V.STOPPED if stopped else _V.ACTIVE
            instance.launched_at = timeutils.utcnow()
        self._remake(context, instance, _T.REBUILDING,
                     'compute_rebuild_instance', remake, done, 'rebuild',
                     audited=True)

    def rescue(self, context, instance, image_id):
        self._remake(context, instance, _T.RESCUING,
                     'compute_rescue_instance',
                     lambda: self.driver.rescue(context, instance, image_id),
                     lambda: setattr(instance, 'vm_state', _V.RESCUED),
                     'rescue', rescue_image_ref=image_id)

    def unrescue(self, context, instance):
        self._remake(context, instance, _T.UNRESCUING,
                     'compute_unrescue_instance',
                     lambda: self.driver.unrescue(context, instance),
                     lambda: setattr(instance, 'vm_state', _V.ACTIVE),
                     'unrescue')

    def _remake(self, context, instance, task_state, event, remake, done,
                notified, audited=False, **fields):
        """``remake`` the guest, then ``done`` sets what the server is
        now, saved with its power state and no task; or, if ``remake``
        fails, the server is in ERROR on this host, with a fault. Each
        step is notified as ``instance.<notified>.start|end|error``;
        ``audited``: its usage so far first (``instance.exists``)."""
        with self.operations.recorded(context, instance, event) as outcome:
            if not operations.still_asked(context, instance, task_state):
                return
            if audited:
                events.instance_exists(self.conf, context, instance,
                                       self.operations.host)
            self._notify(context, instance, notified, 'start', **fields)
            with operations.failure_noted(outcome, task_state, instance,
                                          self.operations.host):
                remake()
            if outcome.error is not None:
                instance.fail(outcome.error, host=self.operations.host,
                              keep_claim=True,
                              expected_task_state=[task_state])
                self._notify(context, instance, notified, 'error',
                             outcome.error, **fields)
                return
            done()
            instance.power_state = self.driver.get_power_state(instance)
            operations.end_task(instance, task_state)
            self._notify(context, instance, notified, 'end', **fields)

    def _notify(self, context, instance, action, phase, error=None,
                **fields):
        events.instance_action(self.conf, context, instance,
                               self.operations.host, action, phase, error,
                               **fields)
