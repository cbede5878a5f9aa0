# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One broker connection and one thread receiving for many RPC servers.

The all-in-one runs a compute agent per simulated host, each an RPC
server of its own (topic ``compute``, server the host's name). On its
own, oslo.messaging gives each RPC server a listening connection and a
thread polling it, with back-off timeouts, and a worker pool whose idle
threads wake every second: at a thousand hosts, a thousand connections
and thousands of threads taking the interpreter lock in turn in one
process, for servers that mostly have nothing to do.

A fleet receives for all of them on one connection, from one thread: each
member's queue (``topic.server``) is consumed there, and each message
goes to its member's server, which runs it on its own workers as before
(a standard thread pool, whose idle threads sleep). A member consumes
only its own queue, not the topic's shared queue or its fanout: nothing
sends to a compute other than by its host.

The fleet's connection is used by its thread alone (a listening
connection has no lock), so joining is that thread's work too: a joining
member asks, then rings the fleet's doorbell (a cast to a queue the
fleet consumes), which wakes the thread from its wait for messages.

The all-in-one loads it as its shared listener (``[all_in_one]
shared_rpc_listener``, entry point group ``nova_lite.rpc.shared_listeners``):
the control plane never imports it, and a deployment's daemons never use
it. The AMQP drivers (RabbitMQ) take part (``supports``), and ``fake://``
through a fleet of its own (nova_lite_tools.fake_rpc_fleet); on another
transport each server listens alone.

It reaches inside oslo.messaging, as nothing in ``nova_lite`` may: it
uses the AMQP driver's own connection and its RPC listener, as that
driver's ``listen`` does, and hands its servers a listener of its own.
``INTERNALS`` names what it uses; ``setup.cfg`` pins oslo.messaging to the
series it was made for (``MADE_FOR``), on any other it declines and each
server listens alone. tests/unit/test_rpc_fleet_internals.py fails when
the installed oslo.messaging no longer has what it uses, and
tests/integration/test_rpc_fleet.py runs it against RabbitMQ.
"""
import concurrent.futures
import importlib.metadata
import threading

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_messaging._drivers import amqpdriver
from oslo_messaging._drivers import base as driver_base
from oslo_messaging._drivers import common as driver_common
from oslo_messaging.rpc import server as rpc_server

from nova_lite_tools import fake_rpc_fleet

LOG = logging.getLogger(__name__)

# Seconds the fleet's thread waits for a message before it looks again
# at what asked to join (a join rings; this bounds a lost ring).
_LOOK_EVERY = 1.0
# Seconds a member waits for the fleet's thread to take it in.
_JOIN_TIMEOUT = 60
# Seconds a close waits for the thread (which may be reconnecting).
_CLOSE_TIMEOUT = 10


# The oslo.messaging series this module was made for: [from, to).
MADE_FOR = ((18, 0), (19, 0))
# What it uses inside oslo.messaging: (holder, name).
INTERNALS = (
    (amqpdriver, 'AMQPDriverBase'), (amqpdriver, 'RpcAMQPListener'),
    (amqpdriver.AMQPDriverBase, '_get_connection'),
    (amqpdriver.AMQPDriverBase, '_get_exchange'),
    (amqpdriver.RpcAMQPListener, '__call__'),
    (driver_base, 'Listener'), (driver_common, 'PURPOSE_LISTEN'),
    (driver_common, 'Timeout'), (rpc_server.RPCServer, '_create_listener'),
)


def shared_listener(transport, name):
    """The entry point: a fleet for ``transport`` (``name``: the
    process's host), or None where it cannot share a connection. On
    ``fake://``, a fleet of one receiving thread that wakes for
    deliveries (nova_lite_tools.fake_rpc_fleet)."""
    if fake_rpc_fleet.supports(transport):
        return fake_rpc_fleet.FakeFleet(transport, _MemberServer)
    if not supports(transport):
        return None
    return Fleet(transport, name)


def made_for_installed():
    """Whether the installed oslo.messaging is of the series this module
    was made for."""
    version = importlib.metadata.version('oslo.messaging')
    major_minor = tuple(int(part) for part in version.split('.')[:2])
    return MADE_FOR[0] <= major_minor < MADE_FOR[1]


def supports(transport):
    """Whether the transport's driver lets a fleet share a connection:
    RabbitMQ, on the oslo.messaging this module was made for."""
    if not isinstance(getattr(transport, '_driver', None),
                      amqpdriver.AMQPDriverBase):
        return False
    if not made_for_installed():
        LOG.warning('the RPC fleet was made for oslo.messaging %d.%d up to '
                    '%d.%d: each server listens on its own connection',
                    *(MADE_FOR[0] + MADE_FOR[1]))
        return False
    return True


class Fleet:
    """The RPC servers of one process that share a connection."""

    def __init__(self, transport, name):
        """``name``: this fleet's own doorbell queue's server name,
        unique among the fleets on the broker (the process's host)."""
        self._driver = transport._driver
        self._bell_target = messaging.Target(topic='fleet_doorbell',
                                             server=name)
        # A ring is not retried: the thread looks at who is joining every
        # _LOOK_EVERY seconds anyway, and a stop must not wait on a broker
        # that is gone.
        self._bell = messaging.get_rpc_client(transport, self._bell_target,
                                              retry=0)
        self._lock = threading.Lock()
        self._joining = []
        self._listeners = {}
        self._thread = None
        self._closing = False

    def server_class(self, transport, target, dispatcher, executor=None):
        """For ``get_rpc_server(server_cls=...)``: a member's server."""
        return _MemberServer(self, transport, target, dispatcher, executor)

    def join(self, member):
        """Consume the member's queue; returns once it is declared, so a
        message sent from then on waits in it for the member."""
        with self._lock:
            self._start_once()
            self._joining.append(member)
        self._ring()
        if not member.admitted.wait(_JOIN_TIMEOUT):
            raise messaging.MessagingTimeout(
                'the RPC fleet took no member %s in %d s' % (
                    member.queue, _JOIN_TIMEOUT))
        if member.error is not None:
            raise member.error

    def leave(self, member):
        """Hand the member no more messages; those that arrive for it
        stay unacknowledged, to be handed over if it joins again (else the
        broker requeues them when the fleet's connection closes)."""
        with self._lock:
            listener = self._listeners.get(member.queue)
            if listener is not None and listener.member is member:
                listener.member = None

    def close(self):
        """Stop the thread and close the connection."""
        with self._lock:
            thread, self._closing = self._thread, True
        if thread is not None:
            self._ring()
            thread.join(_CLOSE_TIMEOUT)

    def _ring(self):
        try:
            self._bell.cast({}, 'ring')
        except messaging.MessagingException as error:
            LOG.debug('The RPC fleet\'s doorbell did not ring: %s', error)

    def _start_once(self):
        """The thread, started at the first join (again if it ended)."""
        if self._thread is None:
            started = threading.Event()
            self._thread = threading.Thread(
                target=self._run, args=(started,), daemon=True,
                name='rpc-fleet')
            self._thread.start()
            started.wait()

    def _run(self, started):
        conn = None
        try:
            conn = self._driver._get_connection(driver_common.PURPOSE_LISTEN)
            conn.declare_topic_consumer(
                self._driver._get_exchange(self._bell_target),
                _queue_of(self._bell_target), callback=_answer_the_door)
            started.set()
            while not self._closing:
                self._admit(conn)
                try:
                    conn.consume(timeout=_LOOK_EVERY)
                except driver_common.Timeout:
                    pass
        except Exception:
            LOG.exception('The RPC fleet stopped receiving')
            raise
        finally:
            started.set()
            if conn is not None:
                conn.close()
            self._forget()

    def _forget(self):
        """The thread is ending and its connection's consumers are gone:
        the next join starts a thread that declares its own, and whoever
        waits to join now is told."""
        with self._lock:
            self._thread = None
            self._listeners.clear()
            waiting, self._joining = self._joining, []
        for member in waiting:
            member.error = messaging.MessagingException(
                'the RPC fleet stopped receiving')
            member.admitted.set()

    def _admit(self, conn):
        with self._lock:
            joining, self._joining = self._joining, []
        for member in joining:
            try:
                self._consume_for(conn, member)
            except Exception as error:
                member.error = error
            member.admitted.set()

    def _consume_for(self, conn, member):
        listener = self._listeners.get(member.queue)
        if listener is None:
            listener = _QueueListener(self._driver, conn, self._lock)
            conn.declare_topic_consumer(
                self._driver._get_exchange(member.target), member.queue,
                callback=listener)
            self._listeners[member.queue] = listener
        listener.serve(member)


def _queue_of(target):
    """A server's own queue, as oslo.messaging names it."""
    return '%s.%s' % (target.topic, target.server)


def _answer_the_door(message):
    """A ring only wakes the fleet's thread."""
    message.acknowledge()


class _QueueListener(amqpdriver.RpcAMQPListener):
    """The callback of one member's queue on the fleet's connection: it
    acknowledges each message (as a listener of one server does) and hands
    it to the member's server at once, on the fleet's thread."""

    def __init__(self, driver, conn, lock):
        super().__init__(driver, conn)
        self._fleet_lock = lock
        self.member = None
        self._held = []

    def serve(self, member):
        with self._fleet_lock:
            self.member = member
            held, self._held = self._held, []
        for message in held:
            self(message)

    def __call__(self, message):
        with self._fleet_lock:
            if self.member is None:
                self._held.append(message)
                return
            super().__call__(message)
            for incoming in self.incoming:
                self.member.on_incoming_callback([incoming])
            self.incoming = []


class _Member(driver_base.Listener):
    """A member server's listener: its place in the fleet."""

    def __init__(self, fleet, target):
        super().__init__(batch_size=1, batch_timeout=None)
        self.fleet = fleet
        self.target = target
        self.queue = _queue_of(target)
        self.admitted = threading.Event()
        self.error = None

    def start(self, on_incoming_callback):
        super().start(on_incoming_callback)
        self.fleet.join(self)

    def stop(self):
        self.fleet.leave(self)
        super().stop()

    def cleanup(self):
        """The connection is the fleet's: it closes with the fleet."""


class _MemberServer(rpc_server.RPCServer):
    """An RPC server that listens through its fleet, and runs its calls on
    a standard thread pool (its idle threads wait without waking)."""

    def __init__(self, fleet, transport, target, dispatcher, executor=None):
        super().__init__(transport, target, dispatcher, executor)
        self._fleet = fleet
        self._executor_cls = concurrent.futures.ThreadPoolExecutor

    def _create_listener(self):
        return _Member(self._fleet, self._target)
