# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-api: the compute API on waitress, a production WSGI server,
with the placement and image APIs beside it unless disabled; one process,
or ``[api] workers`` of them (api_workers)."""
import signal
import sys
import threading

from oslo_config import cfg

from nova_lite.api import listeners
from nova_lite.api import metrics_app
from nova_lite.cmd import api_workers
from nova_lite.cmd import daemon
from nova_lite import config
from nova_lite import rpc


def main():
    try:
        conf = config.parse_args(sys.argv[1:], 'nova-lite-api')
    except cfg.Error as e:
        sys.stderr.write('nova-lite-api: %s\n' % e)
        return 2
    if conf.api.workers > 1:
        return api_workers.serve(conf)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    servers = []
    metrics = []

    def start():
        servers.extend(listeners.start(conf))
        metrics.append(metrics_app.serve(conf, 'nova-lite-api',
                                         server_states=True))
    error = daemon.attempt(start)
    if error is not None:
        for api_server in servers:
            api_server.stop()
        daemon.start_failure('nova-lite-api', error)
        return 1
    listeners.log_listening(conf, [server.port for server in servers])
    stop.wait()
    for api_server in servers + [m for m in metrics if m is not None]:
        api_server.stop()
    rpc.cleanup()
    return 0
