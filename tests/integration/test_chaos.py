# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Crash consistency: a service killed (SIGKILL) at a random moment of a
burst of creates, deletes, power actions, resizes (and their confirms and
reverts), cold and live migrations, shelves and unshelves, then
restarted, leaves every server ACTIVE, SHUTOFF, VERIFY_RESIZE,
SHELVED_OFFLOADED or ERROR with a fault (or gone), no task under way,
placement holding exactly the allocations of the servers (and of the
resizes to confirm) that exist, an audit with nothing to report; and a
second restart changes nothing.

Rounds per mode: ``CHAOS_ROUNDS`` (default 4); the random choices follow
``CHAOS_SEED`` (printed, so a failing run can be replayed).
"""
import os

import pytest

from tests.integration import chaos

pytestmark = pytest.mark.integration
ROUNDS = int(os.environ.get('CHAOS_ROUNDS', 4))


@pytest.mark.parametrize('mode, kind', [('all-in-one', 'sqlite'),
                                        ('split', 'mysql'),
                                        ('split', 'postgresql')])
def test_kill_a_service_mid_burst_and_nothing_is_left(mode, kind, tmp_path,
                                                      capsys):
    seed, rng = chaos.seeded()
    lines = ['chaos %s on %s, seed %d' % (mode, kind, seed)]
    try:
        with chaos.running(tmp_path, mode, kind) as cloud:
            answered = [chaos.run_round(cloud, rng, lines.append)
                        for _ in range(ROUNDS)]
            # The bursts did reach the cloud: servers were created.
            assert sum(a.get('202', 0) for a in answered) > 0, answered
    finally:
        with capsys.disabled():
            print('\n' + '\n'.join(lines))
