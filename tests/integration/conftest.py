# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures the integration tests share."""
import pytest

from nova_lite_tools import demo_image
from nova_lite_tools import private_broker as private_broker_tool
from tests.integration import ports


@pytest.fixture(scope='session')
def demo_files(tmp_path_factory):
    """The demo guest's files, built once (a minute) for every test that
    boots it."""
    return demo_image.build(str(tmp_path_factory.mktemp('demo-image')))


@pytest.fixture
def private_broker():
    """A RabbitMQ node of the test's own, for a test that stops its
    broker: the machine's is never touched."""
    broker = private_broker_tool.PrivateBroker(
        'nova-lite-test', ports.free_port(), ports.free_port()).start()
    yield broker
    broker.stop()
