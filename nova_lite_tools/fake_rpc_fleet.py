# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One thread receiving for many RPC servers on the in-process transport.

On ``fake://`` (the all-in-one's default) each RPC server's listener
looks into its queues every 50 ms, whether anything came or not: at a
thousand simulated hosts, twenty thousand looks a second, and the
interpreter lock taken by a thousand threads in turn, while the hosts
start and while they build.

A fake fleet looks only when something was delivered: the exchange's
deliveries ring its bell (naming the queue they went to), and its one
thread, woken by the bell, takes what waits in the queues of its members
and hands each message to its member's server, which runs it on its own
workers (the same member servers as the RabbitMQ fleet's). As there, a
member takes only its own queue (``topic.server``), and a fanout, which
this transport copies into every server's queue of the topic.

It reaches inside oslo.messaging's fake driver, as nothing in
``nova_lite`` may: its exchanges, their deliveries and polls, and its
incoming message. ``INTERNALS`` names what it uses;
tests/unit/test_rpc_fleet_internals.py fails when the installed
oslo.messaging no longer has it.
"""
import threading

from oslo_messaging._drivers import impl_fake

# Seconds the thread waits for the bell before it looks again (bounds a
# delivery made by an exchange it has not watched yet).
_LOOK_EVERY = 1.0
# Seconds a close waits for the thread.
_CLOSE_TIMEOUT = 10

INTERNALS = (
    (impl_fake, 'FakeDriver'), (impl_fake, 'FakeExchange'),
    (impl_fake, 'FakeIncomingMessage'),
    (impl_fake.FakeExchangeManager, 'get_exchange'),
    (impl_fake.FakeExchange, 'deliver_message'),
    (impl_fake.FakeExchange, 'ensure_queue'),
    (impl_fake.FakeExchange, 'poll'),
)


def supports(transport):
    return isinstance(getattr(transport, '_driver', None),
                      impl_fake.FakeDriver)


class FakeFleet:
    """The RPC servers of one process on ``fake://``, received for by one
    thread that wakes only for deliveries."""

    def __init__(self, transport, server_class):
        """``server_class(fleet, transport, target, dispatcher,
        executor)``: a member's server, whose listener joins the fleet."""
        self._exchanges = transport._driver._exchange_manager
        self._server_class = server_class
        self._bell = threading.Condition()
        self._members = {}   # (exchange, topic, server): member
        self._rung = set()   # keys of the queues delivered to
        self._watched = {}   # id(exchange): exchange
        self._thread = None
        self._closing = False

    def server_class(self, transport, target, dispatcher, executor=None):
        """For ``get_rpc_server(server_cls=...)``: a member's server."""
        return self._server_class(self, transport, target, dispatcher,
                                  executor)

    def join(self, member):
        """Take the member's queue; what waits in it already is handed
        over at once."""
        exchange = self._exchange_of(member.target)
        key = (exchange.name, member.target.topic, member.target.server)
        # Its queue exists from now on: a fanout copies into it even
        # before the thread first looks.
        exchange.ensure_queue(member.target, None)
        with self._bell:
            self._watch(exchange)
            member.exchange = exchange
            self._members[key] = member
            self._rung.add(key)
            self._start_once()
            self._bell.notify()

    def leave(self, member):
        """Hand the member no more messages; those that come stay in its
        queue, for it if it joins again."""
        with self._bell:
            for key, joined in list(self._members.items()):
                if joined is member:
                    del self._members[key]

    def close(self):
        with self._bell:
            thread, self._closing = self._thread, True
            self._bell.notify()
        if thread is not None:
            thread.join(_CLOSE_TIMEOUT)

    def _exchange_of(self, target):
        return self._exchanges.get_exchange(target.exchange)

    def _watch(self, exchange):
        """(Under the bell's lock.) The exchange's deliveries ring the
        bell; its requeues too (they deliver again)."""
        if self._watched.get(id(exchange)) is exchange:
            return
        self._watched[id(exchange)] = exchange
        deliver = exchange.deliver_message

        def delivering(topic, ctxt, message, server=None, fanout=False,
                       reply_q=None):
            deliver(topic, ctxt, message, server=server, fanout=fanout,
                    reply_q=reply_q)
            self._ring(exchange.name, topic, server, fanout)
        exchange.deliver_message = delivering

    def _ring(self, exchange, topic, server, fanout):
        with self._bell:
            if fanout:
                self._rung.update(key for key in self._members
                                  if key[:2] == (exchange, topic))
            elif server is not None:
                self._rung.add((exchange, topic, server))
            else:
                return  # a topic's shared queue: no member takes it
            self._bell.notify()

    def _start_once(self):
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True,
                                            name='fake-rpc-fleet')
            self._thread.start()

    def _run(self):
        while True:
            with self._bell:
                while not (self._rung or self._closing):
                    self._bell.wait(_LOOK_EVERY)
                    if not self._rung:
                        # A look at every member's queue now and then.
                        self._rung.update(self._members)
                if self._closing:
                    self._thread = None
                    return
                rung, self._rung = self._rung, set()
                members = [self._members[key] for key in rung
                           if key in self._members]
            for member in members:
                _hand_over(member)


def _hand_over(member):
    """Everything waiting in the member's queue, to its server."""
    target = member.target
    while True:
        ctxt, message, reply_q, requeue = member.exchange.poll(
            target, None)
        if message is None:
            return
        member.on_incoming_callback([impl_fake.FakeIncomingMessage(
            ctxt, message, reply_q, requeue)])
