# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A slow link to a TCP server: a relay on loopback that holds each new
connection for a while before it reaches the server, as a broker far
away or under load would. What a process sends through it takes that
long to arrive."""
import socket
import socketserver
import threading
import time


class SlowLink:
    """``port``: where the relay listens; every connection reaches
    ``upstream`` (host, port) after ``delay`` seconds."""

    def __init__(self, upstream, delay):
        link = self

        class Relay(socketserver.BaseRequestHandler):
            def handle(self):
                link.relay(self.request)

        self.upstream = upstream
        self.delay = delay
        self._server = socketserver.ThreadingTCPServer(('127.0.0.1', 0),
                                                       Relay)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]

    def __enter__(self):
        threading.Thread(target=self._server.serve_forever,
                         daemon=True).start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()

    def relay(self, client):
        time.sleep(self.delay)
        with socket.create_connection(self.upstream) as server:
            back = threading.Thread(target=_pump, args=(server, client),
                                    daemon=True)
            back.start()
            _pump(client, server)
            back.join()


def _pump(source, sink):
    """Bytes from ``source`` to ``sink`` until ``source`` closes."""
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    try:
        sink.shutdown(socket.SHUT_WR)
    except OSError:
        pass
