# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[metrics]``: the Prometheus metrics every nova_lite process serves
for scraping, on a port of its own."""
from oslo_config import cfg

metrics_group = cfg.OptGroup('metrics', title='Prometheus metrics', help="""
Each process (nova-lite-api, -conductor, -scheduler, -compute, the
all-in-one) serves its metrics at ``http://<listen>:<port>/metrics`` in
Prometheus' text format. Processes that share a host need a port each.
""")

opts = [
    cfg.BoolOpt('enabled', default=False, help="""
Whether this process serves its metrics.
"""),
    cfg.HostAddressOpt('listen', default='127.0.0.1', help="""
Address the metrics listener binds.

Possible values:

* An IPv4 or IPv6 address, or a hostname; ``0.0.0.0`` for a scraper on
  another host.
"""),
    cfg.PortOpt('port', default=9180, help="""
Port of the metrics listener. With ``[api] workers`` = N, worker ``i``
(from 0) serves on ``port + i``: a scrape of one port is one worker's.

Possible values:

* A port number; 0 picks a free one (tests).
"""),
    cfg.IntOpt('threads', default=2, min=1, help="""
Threads of the metrics listener: a scrape never waits for the API's
requests, whatever their number.
"""),
]


def register_opts(conf):
    conf.register_group(metrics_group)
    conf.register_opts(opts, group=metrics_group)


def list_opts():
    return [(metrics_group, opts)]
