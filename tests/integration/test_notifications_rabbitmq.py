# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Versioned notifications over RabbitMQ, as a consumer on the broker
receives them (a listener of its own, on its own connection): a server's
life in order, from the publishers Nova names, every payload valid
against its published schema: built, stopped, started, resized to
another host and confirmed, deleted. And a daemon told to stop sends
what it has queued first, however slow the link to the broker."""
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid

from oslo_config import cfg
import oslo_messaging as messaging
import pytest

from nova_lite.notifications import sender
from tests.functional import notification_calls
from tests.integration import slow_link

pytestmark = pytest.mark.integration

RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'


def test_a_servers_life_over_rabbitmq(all_in_one, overrides):
    overrides('transport_url', RABBIT)
    # A private exchange and topic keep concurrent runs apart.
    overrides('control_exchange', 'nova_lite_test_%s' % uuid.uuid4().hex)
    topic = 'versioned_notifications_%s' % uuid.uuid4().hex
    overrides('versioned_notifications_topics', [topic],
              group='notifications')
    overrides('driver', ['messagingv2'], group='oslo_messaging_notifications')
    sender.reset()
    aio = all_in_one(hosts=2)
    consumer = messaging.get_notification_transport(aio.conf)
    listener, received = notification_calls.listen(consumer, topic)
    try:
        server, resized = notification_calls.live_a_life(aio.client,
                                                         received)
    finally:
        notification_calls.stop(listener)
        consumer.cleanup()
        sender.reset()
    # The services' first start is published before the consumer's
    # queue may exist: whether those reach it is the broker's matter.
    assert [event for event in received.events()
            if event[0] != 'service.create'] == \
        notification_calls.life_events(aio.conf.host, server, resized)
    assert notification_calls.invalid_payloads(received) == []


SCHEDULER = """[DEFAULT]
host = far-scheduler
transport_url = {rabbit}
control_exchange = {exchange}
[database]
connection = sqlite:///{database}
[oslo_messaging_notifications]
driver = messagingv2
transport_url = rabbit://guest:guest@127.0.0.1:{slow_port}/
[notifications]
versioned_notifications_topics = {topic}
"""


def _binary(name):
    return os.path.join(os.path.dirname(sys.executable), name)


def _registered(database):
    with sqlite3.connect(database) as conn:
        return conn.execute('SELECT count(*) FROM services').fetchone()[0]


def test_a_daemon_told_to_stop_sends_what_it_has_queued(tmp_path):
    """The scheduler's first start queues ``service.create``; its link to
    the broker takes a second to open, and SIGTERM comes at once: the
    notification still reaches a consumer (a stop waits up to 2 s for
    the queue)."""
    exchange = 'nova_lite_test_%s' % uuid.uuid4().hex
    topic = 'versioned_notifications_%s' % uuid.uuid4().hex
    database = tmp_path / 'nova_lite.sqlite'
    consumer = messaging.get_notification_transport(cfg.ConfigOpts(),
                                                    url=RABBIT)
    listener, received = notification_calls.listen_on(consumer, topic,
                                                      exchange)
    try:
        with slow_link.SlowLink(('127.0.0.1', 5672), 1.0) as link:
            config = tmp_path / 'scheduler.conf'
            config.write_text(SCHEDULER.format(
                rabbit=RABBIT, exchange=exchange, database=database,
                slow_port=link.port, topic=topic))
            subprocess.run([_binary('nova-lite-manage'), '--config-file',
                            str(config), 'db', 'sync'], check=True,
                           capture_output=True)
            daemon = subprocess.Popen(
                [_binary('nova-lite-scheduler'), '--config-file',
                 str(config)], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while not _registered(database):
                assert daemon.poll() is None and \
                    time.monotonic() < deadline, 'the scheduler never started'
                time.sleep(0.05)
            daemon.send_signal(signal.SIGTERM)
            assert daemon.wait(30) == 0
            received.wait_for('service.create', timeout=10)
    finally:
        notification_calls.stop(listener)
        consumer.cleanup()
    (payload,) = received.payloads('service.create')
    assert payload['nova_object.data']['host'] == 'far-scheduler'
    assert payload['nova_object.data']['binary'] == 'nova-scheduler'
