# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-api as several worker processes (``[api] workers``).

The supervising process binds the listening sockets, then forks the
workers (cotyledon, as oslo.service's threading backend does): each
builds its own apps, database engine and RPC clients, and accepts on the
shared sockets, so the kernel spreads connections among them. A worker
that dies is started again; SIGTERM lets each finish its requests. A
worker that cannot start (a bad setting) ends the whole service with exit
code 1 and the one log line a single process would give.
"""
import os
import signal
import socket

import cotyledon

from nova_lite.api import listeners
from nova_lite.api import metrics_app
from nova_lite.cmd import daemon
from nova_lite import rpc

# A worker's exit code when it could not start: not worth starting again.
START_FAILED = 3
# Longer than each listener's own drain (server._STOP_GRACE).
GRACEFUL_SHUTDOWN = 30


class _Worker(cotyledon.Service):
    name = 'nova-lite-api'

    def __init__(self, worker_id, conf, sockets):
        super().__init__(worker_id)
        self._conf = conf
        self._sockets = sockets
        self._servers = []

    def run(self):
        error = daemon.attempt(lambda: self._servers.extend(
            listeners.start(self._conf, self._sockets) + self._metrics()))
        if error is not None:
            daemon.start_failure('nova-lite-api', error)
            os._exit(START_FAILED)

    def _metrics(self):
        """This worker's metrics listener, on ``[metrics] port`` + its
        index: each worker counts its own requests."""
        listener = metrics_app.serve(self._conf, 'nova-lite-api',
                                     self.worker_id, server_states=True)
        return [listener] if listener is not None else []

    def terminate(self):
        for api_server in self._servers:
            api_server.stop()
        rpc.cleanup()


def bind(conf):
    """{group: listening socket} of every enabled listener."""
    sockets = {}
    for group, _name, _build in listeners.enabled(conf):
        options = conf[group]
        family = socket.getaddrinfo(options.listen, options.port,
                                    type=socket.SOCK_STREAM,
                                    flags=socket.AI_PASSIVE)[0][0]
        sockets[group] = socket.create_server(
            (options.listen, options.port), family=family,
            backlog=conf.wsgi.backlog)
    return sockets


def serve(conf):
    try:
        sockets = bind(conf)
    except OSError as e:
        daemon.start_failure('nova-lite-api', e)
        return 1
    failed = []

    def on_dead_worker(_service_id, _worker_id, exit_code):
        if exit_code == START_FAILED and not failed:
            failed.append(exit_code)
            os.kill(os.getpid(), signal.SIGTERM)

    manager = cotyledon.ServiceManager(
        graceful_shutdown_timeout=GRACEFUL_SHUTDOWN)
    manager.add(_Worker, workers=conf.api.workers, args=(conf, sockets))
    manager.register_hooks(on_dead_worker=on_dead_worker)
    ports = [sock.getsockname()[1] for sock in sockets.values()]
    listeners.log_listening(conf, ports, conf.api.workers)
    try:
        manager.run()
    except SystemExit:  # the end of its graceful shutdown
        pass
    return 1 if failed else 0
