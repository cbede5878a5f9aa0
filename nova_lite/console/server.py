# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A console proxy's listener: a thread per connection, at most
``[console] max_connections`` of them (one more is answered 503 before
its request is read), noVNC's pages served beside the websockets for the
VNC proxy."""
import dataclasses
import http.server
import socketserver
import threading
from urllib import parse

from oslo_log import log as logging

from nova_lite.console import gate
from nova_lite.console import handler
from nova_lite import exception

LOG = logging.getLogger(__name__)
_BUSY = (b'HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n'
         b'Connection: close\r\n\r\n')


@dataclasses.dataclass(frozen=True)
class _Kind:
    """A proxy: the console types it admits, its option group with the
    options of its listener and of its URL as users reach it, and
    whether it serves noVNC's pages."""
    types: tuple
    group: str
    host_option: str
    port_option: str
    url_option: str
    pages: bool


KINDS = {
    'novnc': _Kind(('novnc',), 'vnc', 'novncproxy_host', 'novncproxy_port',
                   'novncproxy_base_url', True),
    'serial': _Kind(('serial',), 'serial_console', 'serialproxy_host',
                    'serialproxy_port', 'base_url', False),
}


def enabled_kinds(conf):
    """The proxies of the consoles ``conf`` enables."""
    return [kind for kind, spec in KINDS.items() if conf[spec.group].enabled]


class ConsoleProxy(socketserver.ThreadingMixIn, http.server.HTTPServer):

    daemon_threads = True
    block_on_close = False

    def __init__(self, conf, kind, port=None):
        self.spec = spec = KINDS[kind]
        self.conf = conf
        self.kind = kind
        self.gate = gate.Gate(conf, spec.types)
        # Read by websockify's handler: no pages for the serial proxy.
        self.only_upgrade = not spec.pages
        self.file_only = True
        self._count_lock = threading.Lock()
        self.connections = 0
        options = conf[spec.group]
        listen_port = options[spec.port_option] if port is None else port
        listen = options[spec.host_option]
        try:
            super().__init__((listen, listen_port),
                             handler.ConsoleRequestHandler)
        except OSError as e:  # the port taken, or the address not here
            raise exception.ConfigInvalid(reason='[%s] %s %s, %s %d: %s' % (
                spec.group, spec.host_option, listen, spec.port_option,
                listen_port, e.strerror or e))
        self.thread = None

    @property
    def port(self):
        return self.server_address[1]

    def _take_slot(self):
        with self._count_lock:
            if self.connections >= self.conf.console.max_connections:
                return False
            self.connections += 1
            return True

    def _free_slot(self):
        with self._count_lock:
            self.connections -= 1

    def process_request(self, request, client_address):
        if not self._take_slot():
            LOG.warning('%s proxy: %d consoles open, refusing one more',
                        self.kind, self.conf.console.max_connections)
            try:
                request.sendall(_BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._free_slot()

    def handle_error(self, request, client_address):
        LOG.info('%s proxy: connection from %s ended with an error',
                 self.kind, client_address[0], exc_info=True)

    def start(self):
        self.thread = threading.Thread(
            target=self.serve_forever, name='%s-proxy' % self.kind,
            daemon=True)
        self.thread.start()
        LOG.info('%s console proxy listening on %s:%d', self.kind,
                 self.server_address[0], self.port)

    def stop(self):
        self.shutdown()
        self.server_close()
        if self.picked_port:
            self.conf.clear_override(self.spec.url_option, self.spec.group)

    @property
    def picked_port(self):
        """Whether the proxy was asked to pick its port (0)."""
        return self.conf[self.spec.group][self.spec.port_option] == 0

    def name_picked_port(self):
        """A proxy that picked its port (tests, several all-in-ones on
        one machine): the console URLs handed out name that port."""
        if not self.picked_port:
            return
        url = parse.urlsplit(self.conf[self.spec.group][self.spec.url_option])
        self.conf.set_override(self.spec.url_option, url._replace(
            netloc='%s:%d' % (url.hostname, self.port)).geturl(),
            self.spec.group)
