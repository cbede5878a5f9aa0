# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A console proxy's relay between users and guests' consoles: a client
that floods or stops reading holds up only its own console.

The proxy is the serial proxy of nova_lite, admitting every request to a
console of the test's own (an echo server on loopback, as a guest's
serial port answers what is typed): the gate's checks are the subject
of test_consoles, the relay's bounds are this file's.
"""
import os
import resource
import socket
import socketserver
import threading
import time

import pytest
import websocket

from nova_lite.conf import CONF
from nova_lite.console import gate
from nova_lite.console import server
from tests.functional.console_calls import close_reason


class _Echo(socketserver.BaseRequestHandler):
    def handle(self):
        while True:
            data = self.request.recv(65536)
            if not data:
                return
            self.request.sendall(data)


class _AdmitAll:
    """A gate that sends everyone to one console, with tokens good until
    ``expires``."""

    def __init__(self, port):
        self.port = port
        self.expires = 2 ** 31

    def admit(self, headers, path):
        return gate.Admission('127.0.0.1', self.port, 'test', self.expires)


@pytest.fixture
def relay(overrides):
    overrides('handshake_timeout', 1.0, group='console')
    overrides('max_connections', 8, group='console')
    echo = socketserver.ThreadingTCPServer(('127.0.0.1', 0), _Echo)
    echo.daemon_threads = True
    threading.Thread(target=echo.serve_forever, daemon=True).start()
    proxy = server.ConsoleProxy(CONF, 'serial', port=0)
    proxy.gate = _AdmitAll(echo.server_address[1])
    proxy.start()
    yield proxy
    proxy.stop()
    echo.shutdown()
    echo.server_close()


def _connect(proxy):
    return websocket.create_connection(
        'ws://127.0.0.1:%d/?token=t' % proxy.port, timeout=10)


def _round_trip(client, text):
    started = time.monotonic()
    client.send_binary(text)
    seen = b''
    while text not in seen:
        seen += client.recv_data()[1]
    return time.monotonic() - started


def test_a_flooding_client_does_not_slow_another(relay):
    calm = _connect(relay)
    assert _round_trip(calm, b'hello') < 1
    flood = _connect(relay)
    chunk = b'x' * 65536
    stop = threading.Event()
    sent = []

    def pour():
        # Sends and never reads: its echo backs up to the proxy.
        flood.sock.settimeout(0.5)
        while not stop.is_set():
            try:
                flood.send_binary(chunk)
            except (socket.timeout, OSError, websocket.WebSocketException):
                return
            sent.append(len(chunk))
    pourer = threading.Thread(target=pour, daemon=True)
    pourer.start()
    time.sleep(0.5)
    times = [_round_trip(calm, b'ping-%d' % n) for n in range(20)]
    stop.set()
    pourer.join(10)
    # The flood filled its own buffers and then stopped: the proxy read
    # only what its side could pass on (a few socket buffers' worth).
    assert sum(sent) < 64 * 2 ** 20
    assert max(times) < 0.5, times
    calm.close()


def test_a_client_that_stops_reading_is_dropped_and_frees_its_slot(relay):
    stuck = _connect(relay)
    stuck.sock.settimeout(0.5)
    chunk = b'y' * 65536
    with pytest.raises((socket.timeout, OSError,
                        websocket.WebSocketException)):
        for _ in range(4096):  # far more than any buffer holds
            stuck.send_binary(chunk)
    # The proxy gives up on it after [console] handshake_timeout ...
    deadline = time.monotonic() + 10
    while relay.connections:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    # ... and serves the others as before.
    other = _connect(relay)
    assert _round_trip(other, b'still here') < 1
    other.close()


def test_an_open_console_ends_with_its_token_when_told(relay, overrides):
    overrides('enforce_session_timeout', True, group='consoleauth')
    relay.gate.expires = int(time.time()) + 2
    client = _connect(relay)
    assert _round_trip(client, b'before') < 1
    assert close_reason(client) == (1000, 'The console session timed out')
    assert time.time() >= relay.gate.expires


@pytest.fixture
def many_descriptors():
    """Every descriptor number below 1,100 taken (more than select()
    can watch: 1,024), as in a busy proxy or a long-lived process: the
    next sockets opened, the proxy's among them, are numbered above."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048 <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (2048, hard))
    held = []

    def fill():
        while not held or held[-1] < 1100:
            held.append(os.open(os.devnull, os.O_RDONLY))
    yield fill
    for fd in held:
        os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_consoles_relay_with_descriptors_past_1024(relay, many_descriptors):
    many_descriptors()
    client = _connect(relay)
    assert client.sock.fileno() > 1024
    assert _round_trip(client, b'far up') < 1
    client.close()
