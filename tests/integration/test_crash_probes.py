# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Nothing accepted is lost at a crash: for each operation (creates,
deletes, resizes, cold and live migrations, shelves, unshelves,
evacuations, reverts and confirms of resizes), a burst of it, a service
killed 0.2, 0.5 or 1.0 s in and restarted, and every 202 answered ends
done or failed visibly (``crash_probes``).

By default each operation is probed once per mode, the kill point and (in
the lab) the victim taken in turn; ``CRASH_PROBES=all`` runs every
operation × kill point × victim and prints the whole table.
"""
import itertools
import os

import pytest

from tests.integration import chaos
from tests.integration import crash_probes

pytestmark = pytest.mark.integration
KILL_POINTS = (0.2, 0.5, 1.0)
MODES = {'all-in-one': ('sqlite', ('all-in-one',)),
         'split': ('mysql', ('conductor', 'compute-1'))}


def _probes(mode):
    victims = MODES[mode][1]
    if os.environ.get('CRASH_PROBES') == 'all':
        return list(itertools.product(crash_probes.OPERATIONS, KILL_POINTS,
                                      victims))
    return [(operation, KILL_POINTS[i % len(KILL_POINTS)],
             victims[i % len(victims)])
            for i, operation in enumerate(crash_probes.OPERATIONS)]


@pytest.mark.parametrize('mode', sorted(MODES))
def test_every_accepted_request_is_accounted_for(mode, tmp_path, capsys):
    kind = MODES[mode][0]
    lines = ['crash probes, %s on %s' % (mode, kind),
             '%-13s %-5s %-10s %4s %6s %7s %4s' % (
                 'operation', 'kill', 'victim', 'done', 'failed', 'refused',
                 'lost')]
    lost = []
    accepted = 0
    try:
        with chaos.running(tmp_path, mode, kind) as cloud:
            for operation, kill_after, victim in _probes(mode):
                outcome = crash_probes.probe(cloud, operation, victim,
                                             kill_after)
                lines.append('%-13s %-5s %-10s %4d %6d %7d %4d' % (
                    operation, kill_after, victim, outcome['done'],
                    outcome['failed'], outcome['refused'],
                    len(outcome['lost'])))
                accepted += (outcome['done'] + outcome['failed'] +
                             len(outcome['lost']))
                lost += ['%s at %s (%s): %s' % (operation, kill_after,
                                                victim, why)
                         for why in outcome['lost']]
            assert chaos.audit(cloud) == '0 findings'
    finally:
        with capsys.disabled():
            print('\n' + '\n'.join(lines + lost))
    assert not lost
    assert accepted > 0  # the bursts reached the cloud before the kills
