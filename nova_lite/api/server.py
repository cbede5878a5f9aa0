# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Serves a WSGI app on waitress.

waitress reads each request whole in its event loop (headers and body, a
large body spooled to a temporary file) and only then hands it to a worker
thread: a client that trickles bytes, or never finishes, holds a connection
and a little memory, never a worker. What waitress does not bound is how
long a request may take to arrive: its inactivity timeout restarts with
every byte. The parser here remembers when a request began and when its
headers ended, and the server's maintenance closes a connection whose
headers take longer than ``[wsgi] client_header_timeout`` in all, or whose
body falls behind ``client_body_min_rate`` after ``client_body_timeout``.
"""
import gc
import socket
import threading
import time

from waitress import channel
from waitress import parser
from waitress import server as waitress_server

# How often the event loop checks its connections' deadlines.
_MAINTENANCE_EVERY = 1
_STOP_GRACE = 10
# How long a stop waits for an event loop that lost its trigger to end.
_ORPHANED_LOOP_WAIT = 2


class _TimedParser(parser.HTTPRequestParser):
    """A request parser that knows when its request began to arrive."""

    def __init__(self, adj):
        super().__init__(adj)
        self.started = time.monotonic()
        self.headers_done_at = None
        self.body_bytes = 0

    def received(self, data):
        consumed = super().received(data)
        if self.headers_done_at is not None:
            self.body_bytes += consumed
        elif self.headers_finished:
            self.headers_done_at = time.monotonic()
        return consumed


class _TimedChannel(channel.HTTPChannel):
    parser_class = _TimedParser


def overdue(request, now, timeouts):
    """Has this partly received request run out of time?"""
    if request is None or request.completed:
        return False
    if request.headers_done_at is None:
        return now - request.started > timeouts.client_header_timeout
    late = now - request.headers_done_at - timeouts.client_body_timeout
    return late > 0 and request.body_bytes < late * \
        timeouts.client_body_min_rate


class _Server(waitress_server.TcpWSGIServer):
    channel_class = _TimedChannel
    timeouts = None

    def __init__(self, app, inherited_socket=None, **kw):
        # A listening socket bound before this worker process was forked,
        # shared with the other workers (api.workers); None: bind one.
        self.inherited_socket = inherited_socket
        super().__init__(app, **kw)

    def create_socket(self, family=socket.AF_INET, type=socket.SOCK_STREAM):
        if self.inherited_socket is None:
            return super().create_socket(family, type)
        self.inherited_socket.setblocking(False)
        self.set_socket(self.inherited_socket)

    def maintenance(self, now):
        super().maintenance(now)
        mono = time.monotonic()
        for conn in list(self.active_channels.values()):
            if overdue(conn.request, mono, self.timeouts):
                conn.will_close = True


class APIServer:
    """One listener: its event loop on a thread of its own, ``threads``
    workers behind it."""

    def __init__(self, app, host, port, threads, http, max_body,
                 name='nova-lite-api', sock=None):
        # The event loop's connections, the trigger and the listener: kept
        # here so that stop() can close whatever is still open.
        self._connections = {}
        self._server = _Server(
            app, inherited_socket=sock, map=self._connections,
            bind_socket=sock is None,
            host=host, port=port, threads=threads,
            backlog=http.backlog, connection_limit=http.connection_limit,
            channel_timeout=http.keepalive_timeout,
            cleanup_interval=_MAINTENANCE_EVERY,
            max_request_header_size=http.max_header_size,
            max_request_body_size=max_body, asyncore_use_poll=True,
            ident=name)
        self._server.timeouts = http
        self.name = name
        self.host = host
        self._thread = None

    @classmethod
    def for_api(cls, conf, app, group, name, sock=None):
        """The listener ``[group]`` (api, placement or image) describes."""
        options = conf[group]
        return cls(app, options.listen, options.port, options.threads,
                   conf.wsgi, transport_body_limit(conf, group), name, sock)

    @property
    def port(self):
        return int(self._server.effective_port)

    def start(self):
        # Everything loaded so far (libraries, the app, its config) lives
        # as long as the process: move it out of the collector's way, so a
        # collection during a request scans only what requests made. It
        # took a third off the time of a large placement answer. Garbage
        # is collected first, or it would be kept for good.
        gc.collect()
        gc.freeze()
        self._thread = threading.Thread(target=self._server.run,
                                        name=self.name, daemon=True)
        self._thread.start()

    def _busy(self):
        return any(conn.requests
                   for conn in list(self._server.active_channels.values()))

    def stop(self, grace=_STOP_GRACE):
        """Stop accepting, let requests being served finish (up to
        ``grace`` seconds), then close every connection."""
        if self._thread is None:
            return
        self._in_loop(self._stop_accepting)
        deadline = time.monotonic() + grace
        while self._busy() and time.monotonic() < deadline:
            time.sleep(0.02)
        self._in_loop(self._close_all)
        self._thread.join(timeout=10)
        self._server.task_dispatcher.shutdown(cancel_pending=True,
                                              timeout=5)
        self._thread = None

    def _in_loop(self, thunk):
        """Run ``thunk`` on the event loop's thread (the only one that may
        touch its sockets) and wait for it.

        The loop closes its own trigger when polling reports an error on
        the trigger's pipe; it then can no longer be woken, and it ends
        once it watches nothing more (at most one poll timeout later).
        The thunk then runs here, once the loop has ended or after a short
        wait for it, so that a stop still closes what is left instead of
        failing."""
        done = threading.Event()

        def run():
            try:
                thunk()
            finally:
                done.set()
        try:
            self._server.trigger.pull_trigger(run)
        except OSError:
            self._thread.join(timeout=_ORPHANED_LOOP_WAIT)
            thunk()
            return
        done.wait(timeout=5)

    def _stop_accepting(self):
        self._server.accepting = False
        self._server.del_channel()
        self._server.socket.close()

    def _close_all(self):
        for dispatcher in list(self._connections.values()):
            dispatcher.close()


# Bodies larger than an API reads are refused by its size-limit filter, in
# its own error shape (after the body has arrived, spooled to a temporary
# file past 512 KB); the transport's own limit sits well above that, as a
# bound on what one request can make the server spool at all, and answers
# a plain 413 of its own.
_TRANSPORT_SLACK = 64


def transport_body_limit(conf, group):
    if group == 'image':
        return conf.image.image_size_cap
    return conf.api.max_request_body_size * _TRANSPORT_SLACK
