# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The HTTP front: slow or bursty clients cannot take an API down.

A request reaches a worker only once it has arrived whole; one that takes
longer than its header or body deadline to arrive is closed, however it
trickles; a burst of connections is queued, not reset.
"""
import collections
import http.client
import json
import socket
import threading
import time

import pytest

HEADER_TIMEOUT = 2
BODY_TIMEOUT = 1


@pytest.fixture
def aio(all_in_one, overrides):
    overrides('client_header_timeout', HEADER_TIMEOUT, group='wsgi')
    overrides('client_body_timeout', BODY_TIMEOUT, group='wsgi')
    overrides('client_body_min_rate', 100, group='wsgi')
    return all_in_one(hosts=2)


def _connect(port):
    return socket.create_connection(('127.0.0.1', port), timeout=10)


def _timed_get(port, path='/v2.1/flavors'):
    started = time.monotonic()
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    conn.request('GET', path, headers={'X-Auth-Token': 'admin:admin'})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, time.monotonic() - started


def _closed(sock):
    """True once the server has closed the connection (no answer)."""
    sock.settimeout(0.01)
    try:
        return sock.recv(1024) == b''
    except socket.timeout:
        return False
    except OSError:
        return True


def test_slow_clients_hold_no_worker_and_time_out(aio):
    """200 connections each trickle a header line every half second (a
    slowloris; the API has 16 workers): other clients are answered within
    a second throughout, and the trickling connections are closed at the
    header deadline although each keeps sending."""
    port = aio.api.port
    slow = [_connect(port) for _ in range(200)]
    for sock in slow:
        sock.sendall(b'GET /v2.1/flavors HTTP/1.1\r\nHost: x\r\n')
    started = time.monotonic()
    latencies = []
    while time.monotonic() - started < HEADER_TIMEOUT + 2:
        for sock in slow:
            try:
                sock.sendall(b'X-Slow: 1\r\n')
            except OSError:
                pass
        status, took = _timed_get(port)
        assert status == 200
        latencies.append(took)
        time.sleep(0.5)
    assert max(latencies) < 1, latencies
    assert sum(_closed(sock) for sock in slow) == len(slow)
    for sock in slow:
        sock.close()


def test_body_that_stalls_or_never_comes_is_closed_unanswered(aio):
    """A body shorter than its Content-Length, and one that trickles below
    the minimum rate, are closed at their deadline; neither reaches the
    API (no flavor is created, no 500 is answered)."""
    port = aio.api.port
    body = json.dumps({'flavor': {'name': 'late', 'ram': 64, 'vcpus': 1,
                                  'disk': 0}}).encode()
    head = (b'POST /v2.1/flavors HTTP/1.1\r\nHost: x\r\n'
            b'X-Auth-Token: admin:admin\r\nContent-Type: application/json\r\n'
            b'Content-Length: %d\r\n\r\n')
    lying = _connect(port)
    lying.sendall(head % (len(body) + 100) + body)
    trickle = _connect(port)
    trickle.sendall(head % (len(body) + 2000) + body)
    deadline = time.monotonic() + BODY_TIMEOUT + 4
    while time.monotonic() < deadline and not (_closed(lying) and
                                               _closed(trickle)):
        try:
            trickle.sendall(b' ')
        except OSError:
            pass
        time.sleep(0.2)
    assert _closed(lying) and _closed(trickle)
    assert aio.client.get('/flavors')[1] == {'flavors': []}


def test_oversized_headers_and_bodies_are_refused(aio):
    port = aio.api.port
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    conn.request('GET', '/v2.1/flavors', headers={
        'X-Auth-Token': 'admin:admin', 'X-Big': 'x' * 100000})
    assert conn.getresponse().status in (400, 431)
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    conn.request('POST', '/v2.1/flavors', body=b'{' + b' ' * 200000 + b'}',
                 headers={'X-Auth-Token': 'admin:admin',
                          'Content-Type': 'application/json'})
    response = conn.getresponse()
    assert response.status == 413
    assert json.loads(response.read())['overLimit']['code'] == 413


def test_burst_of_creates_is_queued_not_reset(aio):
    """256 clients POST /servers at once: every one gets an answer (202),
    none a reset or a timeout."""
    flavor = aio.client.create_flavor('burst', ram=64, disk=0)['id']
    body = json.dumps({'server': {'name': 'b', 'flavorRef': flavor}})
    outcomes = collections.Counter()
    start = threading.Barrier(256)

    def create():
        start.wait()
        try:
            conn = http.client.HTTPConnection('127.0.0.1', aio.api.port,
                                              timeout=60)
            conn.request('POST', '/v2.1/servers', body=body, headers={
                'X-Auth-Token': 'admin:admin',
                'Content-Type': 'application/json'})
            response = conn.getresponse()
            response.read()
            outcomes[response.status] += 1
        except OSError as e:
            outcomes[type(e).__name__] += 1
    threads = [threading.Thread(target=create) for _ in range(256)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == {202: 256}
