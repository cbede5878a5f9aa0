# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The RPC fleet on ``fake://`` (nova_lite_tools.fake_rpc_fleet): real
oslo.messaging servers and clients on the in-process transport, each
member answering its own calls, fanouts reaching all, a message sent
before its server started waiting for it, and one thread for them all."""
import threading
import time

import oslo_messaging as messaging
import pytest

from nova_lite_tools import fake_rpc_fleet
from nova_lite_tools import rpc_fleet
from tests.conftest import CONF


class Endpoint:

    def __init__(self, name):
        self.name = name
        self.told = []
        self.heard = threading.Event()

    def whoami(self, ctxt):
        return self.name

    def tell(self, ctxt, word):
        self.told.append(word)
        self.heard.set()


@pytest.fixture
def transport():
    # A transport of the test's own (not nova_lite.rpc's process-wide
    # one), on the suite's config.
    transport = messaging.get_rpc_transport(CONF, url='fake://')
    yield transport
    transport.cleanup()


@pytest.fixture
def fleet(transport):
    fleet = rpc_fleet.shared_listener(transport, 'this-host')
    yield fleet
    fleet.close()


@pytest.fixture
def members(transport, fleet):
    """``start(name)``: a started member server and its endpoint."""
    servers = []

    def start(name):
        endpoint = Endpoint(name)
        server = messaging.get_rpc_server(
            transport, messaging.Target(topic='compute', server=name),
            [endpoint], executor='threading',
            server_cls=fleet.server_class)
        server.start()
        servers.append(server)
        return endpoint
    start.servers = servers
    yield start
    for server in servers:
        server.stop()
    for server in servers:
        server.wait()


def _client(transport, **kwargs):
    return messaging.get_rpc_client(
        transport, messaging.Target(topic='compute', **kwargs), timeout=5)


def test_the_fleet_is_the_fake_transports_own(fleet):
    assert isinstance(fleet, fake_rpc_fleet.FakeFleet)


def test_each_member_answers_its_own_calls(transport, members):
    for name in ('a', 'b', 'c'):
        members(name)
    for name in ('c', 'a', 'b'):
        assert _client(transport, server=name).call({}, 'whoami') == name


def test_a_fanout_reaches_every_member(transport, members):
    endpoints = [members(name) for name in ('a', 'b')]
    _client(transport, fanout=True).cast({}, 'tell', word='all')
    for endpoint in endpoints:
        assert endpoint.heard.wait(5)
        assert endpoint.told == ['all']


def test_a_message_sent_before_its_member_started_waits_for_it(
        transport, members):
    members('a')  # the fleet runs already
    _client(transport, server='late').cast({}, 'tell', word='early')
    late = members('late')
    assert late.heard.wait(5)
    assert late.told == ['early']


def test_one_thread_receives_for_all_and_wakes_only_for_deliveries(
        transport, members):
    before = threading.active_count()
    for index in range(40):
        members('host-%d' % index)
    # Not a polling thread per server (oslo.messaging's fake listener):
    # the fleet's own, and the servers' pools start threads only for
    # work.
    assert threading.active_count() - before <= 2
    assert [t.name for t in threading.enumerate()].count(
        'fake-rpc-fleet') == 1
    assert _client(transport, server='host-39').call({}, 'whoami') == \
        'host-39'


def test_a_message_for_a_stopped_server_waits_for_its_next_start(
        transport, members):
    gone = members('a')
    members.servers[-1].stop()
    members.servers[-1].wait()
    members.servers.pop()
    _client(transport, server='a').cast({}, 'tell', word='while away')
    time.sleep(0.2)
    assert gone.told == []
    back = members('a')
    assert back.heard.wait(5)
    assert back.told == ['while away']
