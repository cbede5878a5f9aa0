# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-novncproxy and nova-lite-serialproxy: a console proxy as a
daemon, beside the API (it reads the tokens from the database and asks
the computes over RPC whether a token's address is still the guest's)."""
import signal
import sys
import threading

from oslo_config import cfg

from nova_lite.cmd import daemon
from nova_lite import config
from nova_lite.console import server
from nova_lite import rpc


def _serve(prog, kind):
    try:
        conf = config.parse_args(sys.argv[1:], prog)
    except cfg.Error as e:
        sys.stderr.write('%s: %s\n' % (prog, e))
        return 2
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    proxies = []

    def start():
        config.setup_database(conf)
        proxy = server.ConsoleProxy(conf, kind)
        proxy.start()
        proxies.append(proxy)
    error = daemon.attempt(start)
    if error is not None:
        daemon.start_failure(prog, error)
        return 1
    stop.wait()
    proxies[0].stop()
    rpc.cleanup()
    return 0


def novncproxy():
    return _serve('nova-lite-novncproxy', 'novnc')


def serialproxy():
    return _serve('nova-lite-serialproxy', 'serial')
