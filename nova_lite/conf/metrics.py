# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[metrics]``: the Prometheus metrics every nova_lite process serves
for scraping, on a port of its own; and, as in Nova, how the scheduler's
MetricsWeigher weighs hosts by what their compute monitors report."""
from oslo_config import cfg

metrics_group = cfg.OptGroup('metrics', title='Prometheus metrics', help="""
Each process (nova-lite-api, -conductor, -scheduler, -compute, the
all-in-one) serves its metrics at ``http://<listen>:<port>/metrics`` in
Prometheus' text format. Processes that share a host need a port each.

``weight_setting``, ``weight_multiplier``, ``required`` and
``weight_of_unavailable`` are the scheduler's: they weigh hosts by the
metrics of ``[compute] compute_monitors``.
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
    cfg.FloatOpt('weight_multiplier', default=1.0, help="""
Multiplier of the MetricsWeigher (of ``[filter_scheduler]
weight_classes``).
"""),
    cfg.ListOpt('weight_setting', default=[], help="""
The metrics the MetricsWeigher weighs and their ratios, as
``name=ratio`` pairs: a host's weight is the sum of each metric's value
times its ratio.

Possible values:

* Names of the compute monitors' metrics, e.g. ``cpu.percent=-1.0``
  (the least busy CPU first) or ``cpu.idle.percent=1.0,
  cpu.frequency=0.1``.

Related options: ``required``, ``[compute] compute_monitors``.
"""),
    cfg.BoolOpt('required', default=True, help="""
How a host that does not report a metric of ``weight_setting`` is
weighed: with true, the request fails (ComputeHostMetricNotFound; the
MetricsFilter keeps such hosts out beforehand); with false, the host
weighs ``weight_of_unavailable``.
"""),
    cfg.FloatOpt('weight_of_unavailable', default=-10000.0, help="""
The weight of a host missing a metric of ``weight_setting``, when
``required`` is false.
"""),
]


def register_opts(conf):
    conf.register_group(metrics_group)
    conf.register_opts(opts, group=metrics_group)


def list_opts():
    return [(metrics_group, opts)]
