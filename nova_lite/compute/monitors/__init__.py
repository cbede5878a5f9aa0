# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Compute monitors: plugins that read host metrics with each resource
update (``[compute] compute_monitors``), as Nova's do.

A monitor is an entry point of ``nova_lite.compute.monitors.cpu`` whose
class takes the resource tracker and answers ``metrics()``; at most one
CPU monitor runs (Nova's rule: a second would report the same names). A
monitor that cannot read is logged and its metrics left out: the update
goes on without them.
"""
from oslo_log import log as logging
from oslo_utils import timeutils
from stevedore import extension

from nova_lite import exception
from nova_lite.objects import monitor_metric

LOG = logging.getLogger(__name__)
NAMESPACE = 'nova_lite.compute.monitors.cpu'
_PREFIXES = ('nova_lite.compute.monitors.cpu.', 'cpu.')


def _short_name(name):
    """``virt_driver`` of ``cpu.virt_driver``, the full namespace's, or
    the bare name."""
    for prefix in _PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


class MonitorHandler:

    def __init__(self, conf, tracker):
        wanted = [_short_name(n) for n in conf.compute.compute_monitors]
        self.monitors = []
        if not wanted:
            return
        installed = {ext.name: ext.plugin for ext in
                     extension.ExtensionManager(NAMESPACE)}
        unknown = sorted(set(wanted) - set(installed))
        if unknown:
            raise exception.ConfigInvalid(
                reason='[compute] compute_monitors: no monitor %s (known: '
                       '%s)' % (', '.join('cpu.' + n for n in unknown),
                                ', '.join('cpu.' + n for n in
                                          sorted(installed))))
        for name in wanted[1:]:
            LOG.warning('[compute] compute_monitors: leaving out cpu.%s: '
                        'cpu.%s is the CPU monitor already', name, wanted[0])
        self.monitors = [installed[wanted[0]](tracker)]

    def metrics(self):
        """A MonitorMetricList of what the monitors read now (None
        without monitors)."""
        if not self.monitors:
            return None
        found = monitor_metric.MonitorMetricList(objects=[])
        for monitor in self.monitors:
            try:
                read = monitor.metrics()
            except exception.ResourceMonitorError as e:
                LOG.warning('%s', e.format_message())
                continue
            now = timeutils.utcnow(with_timezone=True)
            found.objects.extend(monitor_metric.MonitorMetric(
                name=name, value=value, timestamp=now, source=monitor.source,
                numa_membw_values=None) for name, value in sorted(
                    read.items()))
        return found
