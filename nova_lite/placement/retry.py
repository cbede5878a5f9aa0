# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Run a write again, in a new transaction, when a concurrent writer won.

A generation swap that fails rolls the whole transaction back; trying
again inside it would count its own rows as if another writer had made
them. Each attempt is a fresh call of a ``@writer`` function, so a fresh
transaction. Deadlocks (MariaDB, PostgreSQL) are retried the same way.

The waits between attempts grow (each a random part of a doubling bound,
up to ``LONGEST_WAIT``), so writers crowding one provider spread out
instead of colliding again at once: on PostgreSQL a loser's swap waits
for the winner's commit, and eight writers retrying within a few
milliseconds of each other kept losing together. A write gives up only
after ``GIVE_UP_AFTER`` seconds of conflicts, not after a count of them;
the conflict then goes to the client as a 409
``placement.concurrent_update``, never as a 500, and is counted.
"""
import itertools
import random
import time

from oslo_db import exception as db_exc

from nova_lite import exception
from nova_lite import metrics

GIVE_UP_AFTER = 10.0
FIRST_WAIT = 0.001
LONGEST_WAIT = 0.2


def write(func, *args, **kwargs):
    deadline = time.monotonic() + GIVE_UP_AFTER
    for attempt in itertools.count(1):
        try:
            return func(*args, **kwargs)
        except (exception.ConcurrentUpdate, db_exc.DBDeadlock) as e:
            wait = random.uniform(0, wait_bound(attempt))
            if time.monotonic() + wait > deadline:
                metrics.WRITE_CONFLICTS.labels('given_up').inc()
                raise exception.ConcurrentUpdate(
                    detail='gave up after %d attempts in %.0f s: %s' % (
                        attempt, GIVE_UP_AFTER, getattr(e, 'message', e)))
            metrics.WRITE_CONFLICTS.labels('retried').inc()
            time.sleep(wait)


def wait_bound(attempt):
    """The longest wait after the attempt-th conflict."""
    return min(LONGEST_WAIT, FIRST_WAIT * 2 ** min(attempt, 32))
