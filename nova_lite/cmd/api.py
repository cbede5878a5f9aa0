"""nova-lite-api: the compute API on waitress, a production WSGI server,
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
        servers.append(server.APIServer.for_api(conf, app.build(conf), 'api',
                                                'nova-lite-api'))
        if conf.placement.enabled:
            servers.append(server.APIServer.for_api(
                conf, app.build_placement(conf), 'placement',
                'nova-lite-placement'))
        if conf.image.enabled:
            servers.append(server.APIServer.for_api(
                conf, app.build_image(conf), 'image', 'nova-lite-image'))
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
