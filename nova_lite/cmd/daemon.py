# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Runs one service as a daemon until SIGTERM or SIGINT.

On the signal the RPC server stops taking messages, in-flight work is let
finish, and the process exits 0. A start-up failure (bad URL, unreachable
broker or database, invalid option) is one log line and exit code 1.
"""
import signal
import sys
import threading

from oslo_config import cfg
from oslo_db import exception as db_exc
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite.api import metrics_app
from nova_lite import config
from nova_lite import exception
from nova_lite import rpc
from nova_lite.service import service

LOG = logging.getLogger(__name__)


def attempt(start):
    """Run ``start()``; return what it raised, or None.

    The failure is logged after the except block is left, so that the log
    line is the one sentence below rather than a second copy of the error.
    """
    try:
        start()
    except Exception as e:
        return e
    return None


def start_failure(prog, error):
    """One log line that says which setting did not work, and why."""
    if isinstance(error, (messaging.InvalidTransportURL,
                          messaging.DriverLoadFailure)):
        what = '[DEFAULT] transport_url is not usable'
    elif isinstance(error, db_exc.DBError):
        what = '[database] connection does not work'
    elif isinstance(error, exception.ConfigInvalid):
        what = None  # its message names the option already
    else:
        what = 'error'
    reason = str(error).splitlines()[0] if str(error) else repr(error)
    LOG.error('%s could not start: %s', prog,
              '%s: %s' % (what, reason) if what else reason)


def _setup_database(conf, stop):
    config.setup_database(conf)


def configured(prog):
    """A daemon's options, parsed from its command line, and the event
    SIGTERM and SIGINT set; (None, None) after saying on stderr why the
    options do not parse (the daemon then exits 2)."""
    try:
        conf = config.parse_args(sys.argv[1:], prog)
    except cfg.Error as e:
        sys.stderr.write('%s: %s\n' % (prog, e))
        return None, None
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    return conf, stop


def run(prog, binary, topic, make_manager, prepare=_setup_database):
    """Run one service; ``prepare(conf, stop)`` readies its way to the
    data (``stop`` is set by SIGTERM, for a preparation that waits)."""
    config.limit_malloc_arenas()
    conf, stop = configured(prog)
    if conf is None:
        return 2
    svc = listener = None

    def start():
        nonlocal svc, listener
        prepare(conf, stop)
        if stop.is_set():
            return
        # The metrics port first: a port taken is a start failure.
        listener = metrics_app.serve(conf, prog)
        svc = service.Service(conf, conf.host, binary, topic,
                              make_manager(conf))
        svc.start()
    error = attempt(start)
    if error is not None:
        if listener is not None:
            listener.stop()
        start_failure(prog, error)
        return 1
    if svc is None:
        return 0  # stopped while preparing
    stop.wait()
    svc.stop()
    svc.wait()
    if listener is not None:
        listener.stop()
    rpc.cleanup()
    return 0
