# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A service: one manager behind an RPC server, plus its periodic tasks.

The same class runs each daemon and each part of the all-in-one. Its
service record (and heartbeat) goes through the Service object, so a
compute that has no database access still reports through the conductor.
"""
import functools
import inspect
import threading

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import service as service_obj
from nova_lite import rpc
from nova_lite.service import tasks as service_tasks

LOG = logging.getLogger(__name__)


class Service:

    def __init__(self, conf, host, binary, topic, manager, pool_size=None,
                 tasks=None, shared_listener=False):
        """``tasks``: the ServiceTasks of the process's services, if it
        runs several; else the service has its own. ``shared_listener``:
        the process runs many services of this topic, whose RPC servers
        may then share one broker connection."""
        self.conf = conf
        self.pool_size = pool_size
        self.host = host
        self.binary = binary
        self.topic = topic
        self.manager = manager
        self.record = None
        self._rpc_server = None
        self._events_server = None
        self._endpoint = None
        self._own_tasks = tasks is None
        self._tasks = tasks or service_tasks.ServiceTasks(conf)
        self._running = None
        self._shared_listener = shared_listener

    def start(self):
        context = nl_context.get_admin_context()
        self.record = self._register(context)
        self.manager.service_record = self.record
        self.manager.init_host(context)
        target = messaging.Target(topic=self.topic, server=self.host)
        self._endpoint = _Counting(self.manager)
        self._rpc_server = rpc.get_server(self.conf, target, [self._endpoint],
                                          self._shared_listener)
        self._rpc_server.start(override_pool_size=self.pool_size)
        self._start_events_server()
        # Up only now: a peer that sees this service up may send to it, and
        # its queue is bound only once the RPC server has started.
        self._first_heartbeat()
        self._start_periodics()
        self.manager.post_start_hook(context)
        LOG.info('%s started on host %s', self.binary, self.host)

    def _start_events_server(self):
        """Another service's events for the manager (a compute's port
        events, when a network service sends them) arrive on a topic of
        their own, so that they are taken while every thread of the main
        server is busy, as builds waiting for those very events keep
        them."""
        endpoint = self.manager.events_endpoint()
        if endpoint is None:
            return
        target = messaging.Target(topic=endpoint.topic, server=self.host)
        self._events_server = rpc.get_server(self.conf, target, [endpoint])
        self._events_server.start(override_pool_size=2)

    def _register(self, context):
        try:
            record = service_obj.Service.get_by_host_and_binary(
                context, self.host, self.binary)
        except exception.ServiceNotFound:
            record = service_obj.Service(context, host=self.host,
                                         binary=self.binary,
                                         topic=self.topic)
            record.create()
            events.service(self.conf, context, record, 'create')
        if record.version != service_obj.SERVICE_VERSION:
            # This release's, written with the first heartbeat.
            record.version = service_obj.SERVICE_VERSION
        return record

    def _first_heartbeat(self):
        record = self.record
        record.report_count += 1
        record.last_seen_up = timeutils.utcnow()
        record.save()

    def _start_periodics(self):
        if self._own_tasks:
            self._tasks.start()
        self._running = self._tasks.add(self.record,
                                        self.manager.periodic_tasks(),
                                        self.manager)

    def stop(self):
        """Stop taking work; ``wait()`` then lets in-flight work finish."""
        for server in (self._rpc_server, self._events_server):
            if server is not None:
                server.stop()
        if self._running is not None:
            self._tasks.remove(self._running)
            if self._own_tasks:
                self._tasks.stop()

    def drain(self, timeout):
        """Stop taking work and let the calls under way finish (at most
        ``timeout`` seconds), while the services they call still run."""
        self.stop()
        if self._endpoint is not None:
            self._endpoint.wait_idle(timeout)

    def wait(self):
        for server in (self._rpc_server, self._events_server):
            if server is not None:
                server.wait()
        if self._running is not None:
            self._running.wait()
            if self._own_tasks:
                self._tasks.wait()
        self.manager.cleanup_host()
        LOG.info('%s stopped on host %s', self.binary, self.host)


class _Counting:
    """The manager as the RPC server sees it, counting the calls it is
    handling: a stop can then let them finish before the services they
    call stop (the RPC server's own wait also stops its threads, which
    takes a second of idling)."""

    def __init__(self, manager):
        self._manager = manager
        self._running = 0
        self._changed = threading.Condition()

    def __getattr__(self, name):
        found = getattr(self._manager, name)
        if name.startswith('_') or not inspect.ismethod(found):
            return found

        @functools.wraps(found)
        def counted(context, *args, **kwargs):
            with self._changed:
                self._running += 1
            try:
                return found(context, *args, **kwargs)
            except Exception as e:
                self._manager.call_failed(context, name, e)
                raise
            finally:
                with self._changed:
                    self._running -= 1
                    self._changed.notify_all()
        return counted

    def wait_idle(self, timeout):
        with self._changed:
            return self._changed.wait_for(lambda: self._running == 0,
                                          timeout)


class Manager:
    """What every manager offers the Service that runs it."""

    target = messaging.Target(version='1.0')

    def __init__(self, conf, host):
        self.conf = conf
        self.host = host
        self.service_record = None

    def events_endpoint(self):
        """The endpoint of the manager's events topic (with its ``topic``
        and ``target``), or None if it takes no events."""
        return None

    def call_failed(self, context, method, error):
        """An RPC call to ``method`` raised ``error`` (which its caller
        gets): a manager may tell of it."""

    def init_host(self, context):
        """Called before the RPC server starts: reconcile local state."""

    def post_start_hook(self, context):
        """Called once the RPC server takes requests."""

    def cleanup_host(self):
        """Called after the RPC server stopped."""

    def periodic_tasks(self):
        """Callables decorated with ``futurist.periodics.periodic``."""
        return []

    @classmethod
    def shared_tasks(cls, conf):
        """Callables decorated with ``futurist.periodics.periodic`` that
        run once for all the services of this kind one process runs, each
        time given their runs (``.manager``, and ``.turn()`` to hold one
        as its own tasks would): one pass over a thousand simulated
        computes instead of a thousand tasks."""
        return []
