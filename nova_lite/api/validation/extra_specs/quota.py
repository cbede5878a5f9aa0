# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``quota:``: CPU, disk and network limits applied to the guest."""
from nova_lite.resources.extra_specs import Validator

_NAMES = (
    ('cpu_shares', 'Relative CPU weight of the guest.'),
    ('cpu_period', 'CPU enforcement period, in microseconds.'),
    ('cpu_quota', 'CPU time per period, in microseconds.'),
    ('disk_read_bytes_sec', 'Disk read limit, bytes/s.'),
    ('disk_write_bytes_sec', 'Disk write limit, bytes/s.'),
    ('disk_total_bytes_sec', 'Disk read+write limit, bytes/s.'),
    ('disk_read_iops_sec', 'Disk read limit, operations/s.'),
    ('disk_write_iops_sec', 'Disk write limit, operations/s.'),
    ('disk_total_iops_sec', 'Disk read+write limit, operations/s.'),
    ('vif_inbound_average', 'Average inbound rate, KB/s.'),
    ('vif_inbound_peak', 'Peak inbound rate, KB/s.'),
    ('vif_inbound_burst', 'Inbound burst, KB.'),
    ('vif_outbound_average', 'Average outbound rate, KB/s.'),
    ('vif_outbound_peak', 'Peak outbound rate, KB/s.'),
    ('vif_outbound_burst', 'Outbound burst, KB.'),
)

VALIDATORS = [Validator('quota:' + name, description,
                        {'type': int, 'min': 0 if name != 'cpu_quota'
                         else -1})
              for name, description in _NAMES]


def register():
    return VALIDATORS
