"""nova-lite-api: the compute API on cheroot, a threaded WSGI server,
with the placement and image APIs beside it unless disabled."""
import signal
import sys
import threading

from oslo_config import cfg
from oslo_log import log as logging

from nova_lite.api import app
from nova_lite.api import server
from nova_lite.cmd import daemon
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
    servers = []

    def start():
        config.setup_database(conf)
        servers.append(server.APIServer(app.build(conf), conf.api.listen,
                                        conf.api.port, conf.api.threads))
        if conf.placement.enabled:
            servers.append(server.APIServer(
                app.build_placement(conf), conf.placement.listen,
                conf.placement.port, conf.placement.threads,
                name='nova-lite-placement'))
        if conf.image.enabled:
            servers.append(server.APIServer(
                app.build_image(conf), conf.image.listen, conf.image.port,
                conf.image.threads, name='nova-lite-image'))
        for api_server in servers:
            api_server.start()
    error = daemon.attempt(start)
    if error is not None:
        daemon.start_failure('nova-lite-api', error)
        return 1
    LOG.info('compute API on http://%s:%d/v2.1', conf.api.listen,
             servers[0].port)
    for api_server in servers[1:]:
        LOG.info('%s on http://%s:%d/', api_server.name, api_server.host,
                 api_server.port)
    stop.wait()
    for api_server in servers:
        api_server.stop()
    return 0
