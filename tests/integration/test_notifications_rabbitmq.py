# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Versioned notifications over RabbitMQ, as a consumer on the broker
receives them (a listener of its own, on its own connection): a server's
life in order, from the publishers Nova names, every payload valid
against its published schema: built, stopped, started, resized to
another host and confirmed, deleted."""
import uuid

import oslo_messaging as messaging
import pytest

from nova_lite.notifications import sender
from tests.functional import notification_calls

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
