# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Events a compute waits for, and those it is told of unawaited.

A build plugs its server's ports and may not mark it ACTIVE before the
network service says each is wired (``network-vif-plugged``, tag: the
port); nor may a resize's or migration's end (or its revert's) end its
task before the ports it bound to its host are. The waiter is set
before the plugging, so an event that comes before the wait starts is
not lost; it ends when every event came, one came ``failed``, or the
deadline passed (then, as ``[compute] vif_plugging_is_fatal`` says, the
operation fails or goes on).
"""
import contextlib
import threading
import time

from oslo_log import log as logging

from nova_lite import exception
from nova_lite.objects import external_event

LOG = logging.getLogger(__name__)


class Waiter:
    """The events one operation of one server waits for."""

    def __init__(self, instance_uuid, keys):
        self.instance_uuid = instance_uuid
        self.pending = set(keys)
        self.failed = []
        self._done = threading.Condition()

    def arrived(self, event):
        with self._done:
            self.pending.discard(event.key)
            if event.status == external_event.FAILED:
                self.failed.append(event.key)
            self._done.notify_all()

    def wait(self, deadline, fatal):
        """Until every event came or ``deadline`` seconds passed;
        VirtualInterfaceCreateException on a failed event, or on the
        deadline when ``fatal``."""
        end = time.monotonic() + deadline
        with self._done:
            while self.pending and not self.failed:
                left = end - time.monotonic()
                if left <= 0:
                    break
                self._done.wait(left)
            failed, pending = list(self.failed), sorted(self.pending)
        if failed:
            raise exception.VirtualInterfaceCreateException(
                instance_uuid=self.instance_uuid,
                reason='the network service reported %s failed'
                       % ', '.join(failed))
        if pending and fatal:
            raise exception.VirtualInterfaceCreateException(
                instance_uuid=self.instance_uuid,
                reason='timed out after %ss waiting for %s' % (
                    deadline, ', '.join(pending)))
        if pending:
            LOG.warning('instance %s: no %s within %ss; going on (not '
                        'fatal)', self.instance_uuid, ', '.join(pending),
                        deadline)


class InstanceEvents:

    def __init__(self):
        self._lock = threading.Lock()
        self._waiters = {}  # instance uuid: [Waiter]

    @contextlib.contextmanager
    def expecting(self, instance_uuid, keys):
        """A Waiter for ``keys`` (event keys: name-tag) of the server,
        registered for the block."""
        waiter = Waiter(instance_uuid, keys)
        with self._lock:
            self._waiters.setdefault(instance_uuid, []).append(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                waiters = self._waiters.get(instance_uuid, [])
                if waiter in waiters:
                    waiters.remove(waiter)
                if not waiters:
                    self._waiters.pop(instance_uuid, None)

    @contextlib.contextmanager
    def plugging(self, instance_uuid, port_ids, conf):
        """The block (a guest started with the ports ``port_ids``), then
        the wait for the network service to say each is plugged, for
        ``[compute] vif_plugging_timeout`` (0: no wait);
        VirtualInterfaceCreateException if one failed, or none came in
        time and ``vif_plugging_is_fatal``."""
        timeout = conf.compute.vif_plugging_timeout
        keys = ['%s-%s' % (external_event.VIF_PLUGGED, port_id)
                for port_id in port_ids] if timeout else []
        with self.expecting(instance_uuid, keys) as waiter:
            yield
            waiter.wait(timeout, conf.compute.vif_plugging_is_fatal)

    def deliver(self, event):
        """Hand the event to whoever waits for it; whether anyone did."""
        with self._lock:
            waiters = [w for w in self._waiters.get(event.instance_uuid, ())
                       if event.key in w.pending]
        for waiter in waiters:
            waiter.arrived(event)
        return bool(waiters)
