"""nova-lite-api: the compute API on cheroot, a threaded WSGI server."""
import signal
import sys
import threading

from oslo_config import cfg
from oslo_log import log as logging

from nova_lite.api import app
from nova_lite.api import server
from nova_lite import config

LOG = logging.getLogger(__name__)


def main():
    try:
        conf = config.parse_args(sys.argv[1:], 'nova-lite-api')
    except cfg.Error as e:
        sys.stderr.write('nova-lite-api: %s\n' % e)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    try:
        config.setup_database(conf)
        api = server.APIServer(app.build(conf), conf.api.listen,
                               conf.api.port, conf.api.threads)
        api.start()
    except Exception as e:
        LOG.error('nova-lite-api could not start: %s', e)
        return 1
    LOG.info('compute API on http://%s:%d/v2.1', conf.api.listen, api.port)
    stop.wait()
    api.stop()
    return 0
