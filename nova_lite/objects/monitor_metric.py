# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MonitorMetric: one figure a compute monitor read of its host (the CPU's
times and busy percentages, its frequency), as Nova's monitors report
them; a compute node keeps the last ones it read (``metrics``), which the
scheduler's MetricsWeigher and MetricsFilter judge hosts by.
"""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class MonitorMetric(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'name': fields.MonitorMetricTypeField(),
        'value': fields.IntegerField(),
        # Memory bandwidth per NUMA cell (Nova's numa.membw metrics); none
        # of nova_lite's monitors reports them.
        'numa_membw_values': fields.DictOfIntegersField(nullable=True,
                                                        default=None),
        'timestamp': fields.DateTimeField(),
        # The monitor's source: the driver it read from.
        'source': fields.StringField(),
    }


@base.NovaLiteObjectRegistry.register
class MonitorMetricList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('MonitorMetric')}

    def values(self):
        """{metric name: value}."""
        return {metric.name: metric.value for metric in self.objects}

    def to_db_text(self):
        return base.db_text(self)
