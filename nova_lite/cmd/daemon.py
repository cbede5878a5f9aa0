"""Runs one service as a daemon until SIGTERM or SIGINT.

On the signal the RPC server stops taking messages, in-flight work is let
finish, and the process exits 0. A start-up failure (bad URL, unreachable
broker or database, invalid option) is one log line and exit code 1.
"""
import signal
import sys
import threading

from oslo_config import cfg
from oslo_log import log as logging

from nova_lite import config
from nova_lite import service

LOG = logging.getLogger(__name__)


def run(prog, binary, topic, make_manager, prepare=config.setup_database):
    """Run one service; ``prepare(conf)`` readies its way to the data."""
    config.limit_malloc_arenas()
    try:
        conf = config.parse_args(sys.argv[1:], prog)
    except cfg.Error as e:
        sys.stderr.write('%s: %s\n' % (prog, e))
        return 2
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    try:
        prepare(conf)
        svc = service.Service(conf, conf.host, binary, topic,
                              make_manager(conf))
        svc.start()
    except Exception as e:
        LOG.error('%s could not start: %s', prog, e)
        return 1
    stop.wait()
    svc.stop()
    svc.wait()
    return 0
