# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Operations on the instances of one host: one at a time on each, each
known as under way, each recorded as a step of the request's action.

Every operation family of the compute agent (builds, power actions,
snapshots, shelving, moves) is handed the same ``InstanceOperations``: a
delete then waits for the build of the same instance, and the check for
abandoned tasks leaves alone what is under way here. The functions below
are the steps those families share around their work: is the request
still wanted, end its task, note a failure.
"""
import collections
import contextlib
import threading

from oslo_log import log as logging

from nova_lite.concurrency import named_locks
from nova_lite import exception
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action

LOG = logging.getLogger(__name__)


class InstanceOperations:

    def __init__(self, host):
        self.host = host
        self._locks = named_locks.NamedLocks()
        self._busy = collections.Counter()
        self._busy_guard = threading.Lock()

    @contextlib.contextmanager
    def working_on(self, uuid):
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
    def recorded(self, context, instance, event):
        """An operation on an instance (one at a time, known as under
        way), recorded as ``event`` of the request's action; the event's
        outcome."""
        with self.working_on(instance.uuid), instance_action.recorded_event(
                context, instance.uuid, event, self.host) as outcome:
            yield outcome

    def instances(self, context):
        """The instances the database places on this host, with their
        flavors."""
        return instance_obj.InstanceList.get_by_host(
            context, self.host, expected_attrs=['flavor'])

    def busy(self):
        """Uuids of instances with an operation under way here."""
        with self._busy_guard:
            return set(self._busy)

    def forget(self, uuid):
        """The instance is gone: its lock too, unless something waits on
        it still."""
        if uuid not in self.busy():
            self._locks.forget(uuid)


def still_asked(context, instance, task_state):
    """Is the instance still waiting for this action? A request that
    waited in the queue may find it finished by the abandoned-task check,
    or the server deleted."""
    try:
        current = instance_obj.Instance.get_by_uuid(context, instance.uuid)
    except exception.InstanceNotFound:
        return False
    if current.task_state != task_state:
        LOG.info('%s of %s is no longer asked for (task state %s)',
                 task_state, instance.uuid, current.task_state)
        return False
    return True


def end_task(instance, task_state):
    """The task over, with the instance's other changes; a server deleted
    meanwhile (or whose task moved on) is left to whoever took it."""
    instance.task_state = None
    try:
        instance.save(expected_task_state=[task_state])
    except (exception.Conflict, exception.InstanceNotFound):
        LOG.info('instance %s was deleted during %s', instance.uuid,
                 task_state)


@contextlib.contextmanager
def failure_noted(outcome, what, instance, host):
    """A step whose failure is the operation's outcome (its event shows
    it failed, the log says why) and not the caller's exception: after
    the block, ``outcome.error`` tells whether it failed."""
    try:
        yield
    except Exception as e:
        outcome.error = e
        LOG.warning('%s of %s failed on %s: %s', what, instance.uuid, host,
                    e)
