# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Nova's CPU metrics from two readings of a host's CPU times: each
time's share of what passed between them, as whole percentages (rounded),
and the times and the frequency as they are."""

_TIMES = ('user', 'kernel', 'idle', 'iowait')


def metrics(stats, before):
    """{metric name: value} of ``stats`` ({'user', 'kernel', 'idle',
    'iowait' (ns), 'frequency' (MHz)}), the percentages since ``before``
    (the previous ``stats``, or {} at the first reading: since boot). No
    time passed: every percentage 0."""
    found = {'cpu.frequency': int(stats['frequency'])}
    for name in _TIMES:
        found['cpu.%s.time' % name] = int(stats[name])
    passed = {name: stats[name] - before.get(name, 0) for name in _TIMES}
    total = sum(passed.values())
    for name in _TIMES:
        found['cpu.%s.percent' % name] = _percent(passed[name], total)
    found['cpu.percent'] = _percent(
        passed['user'] + passed['kernel'] + passed['iowait'], total)
    return found


def _percent(part, total):
    return round(part * 100 / total) if total > 0 else 0
