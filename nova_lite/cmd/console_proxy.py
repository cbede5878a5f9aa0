# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-novncproxy and nova-lite-serialproxy: a console proxy as a
daemon, beside the API (it reads the tokens from the database and asks
the computes over RPC whether a token's address is still the guest's)."""
from nova_lite.cmd import daemon
from nova_lite import config
from nova_lite.console import server
from nova_lite import rpc


def _serve(prog, kind):
    conf, stop = daemon.configured(prog)
    if conf is None:
        return 2
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
