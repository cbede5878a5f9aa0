# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""RPC servers of one process sharing a broker connection (the lab tools'
rpc_fleet, the all-in-one's shared listener), on the machine's RabbitMQ:
each gets its own messages, an idle one costs no connection and no
thread, and a stopped one's messages wait for it."""
import os
import threading
import time
import uuid

import oslo_messaging as messaging
from oslo_messaging import opts as messaging_opts
import pytest

from nova_lite import conf as nl_conf
from nova_lite import rpc

pytestmark = pytest.mark.integration

CONF = nl_conf.CONF
RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
BROKER_PORT = 5672


class Named:
    """An endpoint that says whose it is and keeps the notes cast to it."""

    def __init__(self, name):
        self.name = name
        self.notes = []
        self.noted = threading.Event()

    def whoami(self, context):
        return self.name

    def note(self, context, text):
        self.notes.append(text)
        self.noted.set()


def broker_connections():
    """This process's open TCP connections to the broker's port."""
    sockets = {os.readlink('/proc/self/fd/%s' % fd)
               for fd in os.listdir('/proc/self/fd')
               if _is_socket('/proc/self/fd/%s' % fd)}
    found = 0
    for table in ('/proc/self/net/tcp', '/proc/self/net/tcp6'):
        with open(table) as rows:
            for row in list(rows)[1:]:
                fields = row.split()
                remote_port = int(fields[2].rsplit(':', 1)[1], 16)
                established = fields[3] == '01'
                if (established and remote_port == BROKER_PORT and
                        'socket:[%s]' % fields[9] in sockets):
                    found += 1
    return found


def _is_socket(path):
    try:
        return os.readlink(path).startswith('socket:')
    except OSError:
        return False


@pytest.fixture
def broker(overrides, admin_context):
    """RPC over RabbitMQ on a private exchange; ``start(name)`` runs a
    shared server named ``name``, ``ask(name)`` a client for it."""
    rpc.cleanup()
    overrides('transport_url', RABBIT)
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    servers = []

    class Broker:
        context = admin_context

        @staticmethod
        def start(name, shared=True):
            endpoint = Named(name)
            server = rpc.get_server(CONF, messaging.Target(
                topic='fleet_test', server=name), [endpoint], shared)
            server.start()
            servers.append(server)
            return server, endpoint

        @staticmethod
        def ask(name):
            return rpc.get_client(CONF, messaging.Target(
                topic='fleet_test', server=name))

        @staticmethod
        def stop(server):
            server.stop()
            server.wait()
            servers.remove(server)

    yield Broker
    for server in servers:
        server.stop()
        server.wait()
    rpc.cleanup()


def one_sending_connection(overrides):
    """The sending connections' pool held to one, so that a reply still
    on its way while the next call is sent does not open another."""
    for group, options in messaging_opts.list_opts():
        if group == 'oslo_messaging_rabbit':
            CONF.register_opts(options, group=group)
    overrides('conn_pool_min_size', 1, group='oslo_messaging_rabbit')
    overrides('rpc_conn_pool_size', 1, group='oslo_messaging_rabbit')


def test_each_member_answers_its_own_calls_over_one_connection(
        broker, overrides):
    one_sending_connection(overrides)
    broker.start('host-1')
    assert broker.ask('host-1').call(broker.context, 'whoami') == 'host-1'
    before = broker_connections()
    for index in range(2, 7):
        broker.start('host-%d' % index)
    for index in range(1, 7):
        name = 'host-%d' % index
        assert broker.ask(name).call(broker.context, 'whoami') == name
    # Five more servers, reached in turn: not one more connection.
    assert broker_connections() == before


def test_an_idle_member_costs_no_thread(broker):
    broker.start('host-0')
    before = threading.active_count()
    for index in range(1, 21):
        broker.start('host-%d' % index)
    assert threading.active_count() == before


def test_a_server_alone_still_has_its_own_connection(broker, overrides):
    """Where a service is not one of many (a compute daemon), it listens
    alone, as oslo.messaging has it."""
    one_sending_connection(overrides)
    broker.start('shared')
    broker.ask('shared').call(broker.context, 'whoami')
    before = broker_connections()
    broker.start('alone', shared=False)
    assert broker.ask('alone').call(broker.context, 'whoami') == 'alone'
    assert broker_connections() == before + 1


def test_a_stopped_member_takes_nothing_and_its_messages_wait(broker):
    server, first = broker.start('host-1')
    broker.start('host-2')
    broker.stop(server)
    broker.ask('host-1').cast(broker.context, 'note', text='while away')
    # The fleet still receives for host-2; host-1's note is not handled.
    assert broker.ask('host-2').call(broker.context, 'whoami') == 'host-2'
    time.sleep(0.5)
    assert first.notes == []
    _, again = broker.start('host-1')
    assert again.noted.wait(10)
    assert again.notes == ['while away']


def test_a_stop_does_not_wait_on_a_broker_that_is_gone(
        broker, overrides, private_broker):
    """On a broker of the test's own, which it stops."""
    overrides('transport_url', private_broker.url)
    server, _ = broker.start('host-1')
    assert broker.ask('host-1').call(broker.context, 'whoami') == 'host-1'
    private_broker.ctl('stop_app')
    broker.stop(server)
    closing = threading.Thread(target=rpc.cleanup, daemon=True)
    started = time.monotonic()
    closing.start()
    closing.join(60)
    assert not closing.is_alive()
    assert time.monotonic() - started < 30


@pytest.mark.filterwarnings(
    'ignore::pytest.PytestUnhandledThreadExceptionWarning')
def test_a_fleet_whose_thread_failed_takes_members_again(
        broker, monkeypatch):
    server, _ = broker.start('host-1')
    broker.stop(server)
    fleet = rpc._shared
    admit = fleet._admit

    def fail_once(conn):
        monkeypatch.setattr(fleet, '_admit', admit)
        raise RuntimeError('the thread fails')
    monkeypatch.setattr(fleet, '_admit', fail_once)
    # The join that meets the failure is told at once, not after a wait.
    started = time.monotonic()
    with pytest.raises(messaging.MessagingException):
        broker.start('host-2')
    assert time.monotonic() - started < 10
    # A thread started again consumes on its own connection, for a member
    # it took before as for a new one.
    broker.start('host-1')
    broker.start('host-3')
    for name in ('host-1', 'host-3'):
        client = broker.ask(name).prepare(timeout=10)
        assert client.call(broker.context, 'whoami') == name
