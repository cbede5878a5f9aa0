# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A listener's stop closes what it opened, whatever its event loop did.

The loop closes its own trigger (the pipe other threads wake it through)
when polling reports an error on it; a stop must still close the listener
instead of failing on the dead pipe (seen once in CI, at a fixture's
teardown)."""
import os
import socket
import time
import types
import urllib.request

import pytest

from nova_lite.api import server as api_server

HTTP = types.SimpleNamespace(
    backlog=16, connection_limit=16, keepalive_timeout=5,
    max_header_size=8192, client_header_timeout=5, client_body_timeout=5,
    client_body_min_rate=10)


def _hello(environ, start_response):
    start_response('200 OK', [('Content-Type', 'text/plain')])
    return [b'hello']


def _refused(port):
    try:
        socket.create_connection(('127.0.0.1', port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


@pytest.fixture
def listener():
    server = api_server.APIServer(_hello, '127.0.0.1', 0, 2, HTTP, 1024,
                                  name='test-listener')
    server.start()
    yield server
    server.stop()


def test_a_stop_closes_the_listener(listener):
    url = 'http://127.0.0.1:%d/' % listener.port
    assert urllib.request.urlopen(url, timeout=5).read() == b'hello'
    listener.stop()
    assert _refused(listener.port)


def test_a_stop_closes_the_listener_after_the_loop_closed_its_trigger(
        listener):
    trigger = listener._server.trigger
    # An error on the trigger's pipe, as polling reports it, makes the
    # loop close the trigger.
    os.close(trigger.socket.fileno())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            trigger.pull_trigger()
        except OSError:
            break
        time.sleep(0.05)
    else:
        pytest.fail('the loop kept its trigger')
    listener.stop()
    assert _refused(listener.port)
