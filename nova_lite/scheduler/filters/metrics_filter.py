# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MetricsFilter: hosts that report every metric of ``[metrics]
weight_setting`` (Nova's filter of that name), so that the MetricsWeigher
with ``required`` never meets one that does not."""
from nova_lite.scheduler import filters
from nova_lite.scheduler import metric_settings


class MetricsFilter(filters.BaseHostFilter):

    def __init__(self, conf):
        super().__init__(conf)
        self.names = {name for name, _ratio in metric_settings.parse(
            conf.metrics.weight_setting)}

    def host_passes(self, host_state, spec_obj):
        return self.names.issubset(host_state.metrics)

    def explain(self, spec_obj, rejected):
        missing = sorted({name for host in rejected
                          for name in self.names - set(host.metrics)})
        return 'not reporting %s' % ', '.join(missing)
