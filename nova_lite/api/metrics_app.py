# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The process's metrics listener (``[metrics]``), and the servers per
state that an API process adds to them, read at each scrape."""
from oslo_db import exception as db_exc
from oslo_log import log as logging
from prometheus_client import core as prom_core

from nova_lite.api import server
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite import metrics
from nova_lite.objects import instance as instance_obj

LOG = logging.getLogger(__name__)


class ServerStates:
    """``nova_lite_servers``: the servers not deleted, by vm_state."""

    def collect(self):
        family = prom_core.GaugeMetricFamily(
            'nova_lite_servers', 'Servers not deleted, by vm_state.',
            labels=['vm_state'])
        try:
            counts = instance_obj.InstanceList.count_by_vm_state(
                nl_context.get_admin_context())
        except db_exc.DBError as e:
            # The database away: the scrape still has every other figure.
            LOG.warning('servers per state not counted: %s', e)
            counts = {}
        for state, count in sorted(counts.items()):
            family.add_metric([state], count)
        yield family


def serve(conf, name, offset=0, server_states=False):
    """Start the metrics listener of a process called ``name`` (on
    ``[metrics] port`` + ``offset``); it, or None when disabled."""
    if not conf.metrics.enabled:
        return None
    if server_states:
        metrics.watch(ServerStates())
    options = conf.metrics
    port = options.port + offset if options.port else 0
    try:
        listener = server.APIServer(
            metrics.wsgi_app(), options.listen, port, options.threads,
            conf.wsgi, server.transport_body_limit(conf, 'api'),
            name + '-metrics')
    except OSError as e:  # the port taken, or the address not here
        raise exception.ConfigInvalid(reason='[metrics] listen %s, port %d: '
                                      '%s' % (options.listen, port,
                                              e.strerror or e))
    listener.start()
    LOG.info('%s metrics on http://%s:%d/metrics', name, options.listen,
             listener.port)
    return listener
