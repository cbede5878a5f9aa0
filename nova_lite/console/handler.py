# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One console connection: websockify's websocket handshake, this
proxy's Gate before it, then the bytes both ways between the websocket
and the guest's console.

Each connection has a thread of its own and blocking sockets: a client
that reads slowly holds up only its own guest's output, and one that
floods holds up only its own writes (the guest's socket takes what it
can; nothing is queued beyond one message). A client that takes longer
than ``[console] handshake_timeout`` to ask, or stops reading for that
long, is dropped.

The relay waits on an epoll selector rather than ``select.select``, which
fails outright once a process holds more than 1,024 descriptors (a busy
proxy does).
"""
import selectors
import socket
import time

from oslo_log import log as logging
from websockify import websockifyserver

from nova_lite.console import gate

LOG = logging.getLogger(__name__)
_READ = 65536
# How often a session with a deadline looks at the clock (seconds).
_TICK = 1.0


class ConsoleRequestHandler(websockifyserver.WebSockifyRequestHandler):

    def setup(self):
        self.timeout = self.server.conf.console.handshake_timeout
        # The pages (noVNC's) come from [DEFAULT] web, not the process's
        # working directory.
        self.directory = self.server.conf.web
        super().setup()

    def log_message(self, format, *args):
        LOG.debug('%s: ' + format, self.client_address[0], *args)

    def handle_upgrade(self):
        try:
            self.admission = self.server.gate.admit(self.headers, self.path)
        except gate.Refused as refusal:
            LOG.info('console request from %s refused: %s',
                     self.client_address[0], refusal.reason)
            self.send_error(refusal.status, refusal.reason)
            return
        super().handle_upgrade()

    def new_websocket_client(self):
        admission = self.admission
        if admission.port < 1:  # no console server runs for this guest
            raise self.CClose(1011, 'Failed to connect to downstream server')
        try:
            target = socket.create_connection(
                (admission.host, admission.port),
                timeout=self.server.conf.console.handshake_timeout)
        except OSError as e:
            LOG.info('console of %s at %s:%d not reachable: %s',
                     admission.instance_uuid, admission.host,
                     admission.port, e)
            raise self.CClose(1011, 'Failed to connect to downstream server')
        LOG.info('console of %s open for %s', admission.instance_uuid,
                 self.client_address[0])
        with target:
            target.setsockopt(socket.SOL_TCP, socket.TCP_NODELAY, 1)
            self._relay(target, self._deadline(admission))

    def _deadline(self, admission):
        if self.server.conf.consoleauth.enforce_session_timeout:
            return admission.expires
        return None

    def _relay(self, target, deadline):
        """Bytes both ways until either side closes (or the token's time
        runs out, with a deadline)."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.request, selectors.EVENT_READ)
            selector.register(target, selectors.EVENT_READ)
            while True:
                if deadline is not None and time.time() >= deadline:
                    raise self.CClose(1000, 'The console session timed out')
                readable = self._readable(selector)
                if self.request in readable:
                    self._client_to_target(target)
                if target in readable:
                    self._target_to_client(target)

    def _readable(self, selector):
        """The sockets with something to read: the websocket at once
        when it holds part of a frame already read."""
        if self.request.pending():
            return [self.request]
        return [key.fileobj for key, _events in selector.select(_TICK)]

    def _client_to_target(self, target):
        messages, closed = self.recv_frames()
        for message in messages:
            target.sendall(message)
        if closed:
            raise self.CClose(closed['code'] or 1000, closed['reason'] or '')

    def _target_to_client(self, target):
        data = target.recv(_READ)
        if not data:
            raise self.CClose(1000, 'Target closed')
        pending = self.send_frames([data])
        while pending:
            pending = self.send_frames()
