# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host weighers: rank the hosts that passed the filters.

Each weigher's raw values are scaled to 0..1 over the candidate hosts and
multiplied by its multiplier; a host's weight is the sum.
"""
from stevedore import named

NAMESPACE = 'nova_lite.scheduler.weighers'


class BaseHostWeigher:

    def __init__(self, conf):
        self.conf = conf

    def multiplier(self):
        return 1.0

    def weigh(self, host_state, spec_obj):
        raise NotImplementedError()


def _normalize(values):
    low, high = min(values), max(values)
    if high == low:
        return [0.0 for _ in values]
    return [(v - low) / (high - low) for v in values]


class WeightHandler:

    def __init__(self, conf, names):
        manager = named.NamedExtensionManager(
            NAMESPACE, names=names, invoke_on_load=True,
            invoke_args=(conf,), name_order=True,
            on_missing_entrypoints_callback=_missing)
        self.weighers = [ext.obj for ext in manager]

    def rank(self, host_states, spec_obj):
        """[(weight, host_state)] best first."""
        totals = [0.0] * len(host_states)
        for weigher in self.weighers:
            raw = [weigher.weigh(h, spec_obj) for h in host_states]
            for i, value in enumerate(_normalize(raw)):
                totals[i] += weigher.multiplier() * value
        ranked = sorted(zip(totals, range(len(host_states))), reverse=True)
        return [(weight, host_states[i]) for weight, i in ranked]


def _missing(names):
    raise ValueError('unknown scheduler weighers: %s' % ', '.join(
        sorted(names)))
