# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MetricsWeigher: hosts weighed by the metrics their compute monitors
report, as ``[metrics] weight_setting`` says (Nova's weigher of that
name): a host's raw weight is the sum of each metric's value times its
ratio. A host missing one fails the request with ``[metrics] required``
(ComputeHostMetricNotFound), else weighs ``weight_of_unavailable``.
"""
from nova_lite import exception
from nova_lite.scheduler import metric_settings
from nova_lite.scheduler import weighers


class MetricsWeigher(weighers.BaseHostWeigher):

    def __init__(self, conf):
        super().__init__(conf)
        self.setting = metric_settings.parse(conf.metrics.weight_setting)

    def multiplier(self):
        return self.conf.metrics.weight_multiplier

    def weigh(self, host_state, spec_obj):
        metrics = host_state.metrics
        value = 0.0
        for name, ratio in self.setting:
            if name in metrics:
                value += metrics[name] * ratio
            elif self.conf.metrics.required:
                raise exception.ComputeHostMetricNotFound(
                    host=host_state.host, node=host_state.nodename,
                    name=name)
            elif ratio * self.multiplier() != 0:
                return self.conf.metrics.weight_of_unavailable
        return value
