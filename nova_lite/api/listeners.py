# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The HTTP listeners of nova-lite-api: the compute API, and beside it
the placement and image APIs unless disabled."""
from oslo_log import log as logging

from nova_lite.api import app
from nova_lite.api import server
from nova_lite import config

LOG = logging.getLogger(__name__)


def enabled(conf):
    """(config group, server name, app builder) of each listener."""
    found = [('api', 'nova-lite-api', app.build)]
    if conf.placement.enabled:
        found.append(('placement', 'nova-lite-placement',
                      app.build_placement))
    if conf.image.enabled:
        found.append(('image', 'nova-lite-image', app.build_image))
    return found


def start(conf, sockets=None):
    """Build each listener's app and serve it (on ``sockets[group]``, a
    socket bound before this worker was forked, when given); the
    servers, the compute API's first."""
    config.setup_database(conf)
    sockets = sockets or {}
    servers = [server.APIServer.for_api(conf, build(conf), group, name,
                                        sockets.get(group))
               for group, name, build in enabled(conf)]
    for api_server in servers:
        api_server.start()
    return servers


def log_listening(conf, ports, workers=1):
    """One line per listener: where it serves."""
    for (group, name, _build), port in zip(enabled(conf), ports):
        LOG.info('%s on http://%s:%d/%s%s', 'compute API' if group == 'api'
                 else name, conf[group].listen, port,
                 'v2.1' if group == 'api' else '',
                 ' (%d worker processes)' % workers if workers > 1 else '')
