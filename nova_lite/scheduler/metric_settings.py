# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[metrics] weight_setting``: ``name=ratio`` pairs, read once by the
MetricsWeigher and the MetricsFilter. A pair that does not read is left
out with a warning, as Nova does."""
from oslo_log import log as logging

LOG = logging.getLogger(__name__)


def parse(setting):
    """[(metric name, ratio)] of the setting's pairs that read."""
    found = []
    for item in setting:
        name, sep, ratio = item.partition('=')
        name = name.strip()
        try:
            if not (sep and name):
                raise ValueError(item)
            found.append((name, float(ratio)))
        except ValueError:
            LOG.warning("[metrics] weight_setting: '%s' is not name=ratio; "
                        "left out", item)
    return found
