# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The RPC fleet (nova_lite_tools.rpc_fleet) reaches inside oslo.messaging:
these fail, loudly and first, when the installed oslo.messaging is not
the one it was made for, or no longer has what it uses."""
import configparser
import importlib.metadata
import inspect
import pathlib

from oslo_messaging._drivers import amqpdriver
from oslo_messaging._drivers import base as driver_base
from oslo_messaging._drivers import impl_fake
from oslo_messaging._drivers import impl_rabbit
from oslo_messaging.rpc import server as rpc_server
from oslo_messaging import server as messaging_server
import pytest

from nova_lite_tools import fake_rpc_fleet
from nova_lite_tools import rpc_fleet

SETUP_CFG = pathlib.Path(__file__).resolve().parents[2] / 'setup.cfg'


def test_the_installed_oslo_messaging_is_the_series_it_was_made_for():
    assert rpc_fleet.made_for_installed(), importlib.metadata.version(
        'oslo.messaging')


def test_setup_cfg_pins_oslo_messaging_to_that_series():
    parser = configparser.ConfigParser()
    parser.read(SETUP_CFG)
    (low, high) = rpc_fleet.MADE_FOR
    assert 'oslo.messaging>=%d.%d,<%d.%d' % (low + high) in parser[
        'options']['install_requires'].split()


@pytest.mark.parametrize('holder, name', rpc_fleet.INTERNALS,
                         ids=lambda item: getattr(item, '__name__', item))
def test_what_it_uses_is_there(holder, name):
    assert hasattr(holder, name)


@pytest.mark.parametrize('function, parameters', [
    (amqpdriver.RpcAMQPListener.__init__, ['self', 'driver', 'conn']),
    (amqpdriver.RpcAMQPListener.__call__, ['self', 'message']),
    (amqpdriver.AMQPDriverBase._get_connection,
     ['self', 'purpose', 'retry']),
    (amqpdriver.AMQPDriverBase._get_exchange, ['self', 'target']),
    (driver_base.Listener.__init__,
     ['self', 'batch_size', 'batch_timeout', 'prefetch_size']),
    (driver_base.Listener.start, ['self', 'on_incoming_callback']),
    (rpc_server.RPCServer.__init__,
     ['self', 'transport', 'target', 'dispatcher', 'executor']),
    (impl_rabbit.Connection.declare_topic_consumer,
     ['self', 'exchange_name', 'topic', 'callback', 'queue_name']),
    (impl_rabbit.Connection.consume, ['self', 'timeout']),
], ids=lambda item: getattr(item, '__qualname__', None))
def test_what_it_calls_takes_what_it_passes(function, parameters):
    assert list(inspect.signature(function).parameters) == parameters


def test_the_attributes_it_reads_and_sets_are_where_it_expects():
    """A server's executor class and target, and a listener's batch of
    incoming messages, as the fleet's subclasses use them."""
    assert 'self._executor_cls =' in inspect.getsource(
        messaging_server.MessageHandlingServer.__init__)
    assert 'self._target = target' in inspect.getsource(
        rpc_server.RPCServer.__init__)
    assert 'self.incoming = []' in inspect.getsource(
        amqpdriver.AMQPListener.__init__)


@pytest.mark.parametrize('holder, name', fake_rpc_fleet.INTERNALS,
                         ids=lambda item: getattr(item, '__name__', item))
def test_what_the_fake_fleet_uses_is_there(holder, name):
    assert hasattr(holder, name)


@pytest.mark.parametrize('function, parameters', [
    (impl_fake.FakeExchange.deliver_message,
     ['self', 'topic', 'ctxt', 'message', 'server', 'fanout', 'reply_q']),
    (impl_fake.FakeExchange.poll, ['self', 'target', 'pool']),
    (impl_fake.FakeExchange.ensure_queue, ['self', 'target', 'pool']),
    (impl_fake.FakeIncomingMessage.__init__,
     ['self', 'ctxt', 'message', 'reply_q', 'requeue']),
], ids=lambda item: getattr(item, '__qualname__', None))
def test_what_the_fake_fleet_calls_takes_what_it_passes(function,
                                                        parameters):
    assert list(inspect.signature(function).parameters) == parameters


def test_the_fake_drivers_exchanges_are_where_the_fake_fleet_looks():
    assert 'self._exchange_manager =' in inspect.getsource(
        impl_fake.FakeDriver.__init__)
