# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Run a write again, in a new transaction, when a concurrent writer won.

A generation swap that fails rolls the whole transaction back; trying
again inside it would count its own rows as if another writer had made
them. Each attempt is a fresh call of a ``@writer`` function, so a fresh
transaction. Deadlocks (MariaDB, PostgreSQL) are retried the same way.
After the last attempt the conflict goes to the client as a 409
``placement.concurrent_update``, never as a 500.
"""
import random
import time

from oslo_db import exception as db_exc

from nova_lite import exception
from nova_lite import metrics

ATTEMPTS = 10


def write(func, *args, **kwargs):
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return func(*args, **kwargs)
        except (exception.ConcurrentUpdate, db_exc.DBDeadlock) as e:
            if attempt == ATTEMPTS:
                metrics.WRITE_CONFLICTS.labels('given_up').inc()
                raise exception.ConcurrentUpdate(
                    detail='gave up after %d attempts: %s' % (
                        ATTEMPTS, getattr(e, 'message', e)))
            metrics.WRITE_CONFLICTS.labels('retried').inc()
            time.sleep(random.uniform(0, 0.002 * attempt))
