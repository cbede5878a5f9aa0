# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Claim storms against the placement store, shared by the tests: each
worker claims 1 VCPU at a time for new consumers, trying the providers in
its own order, until every provider is full.

Run as a script, it is one worker process:
    python -m tests.integration.placement_claims URL PROVIDERS... > counts
"""
import collections
import random
import sys

from oslo_utils import uuidutils

from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.placement import allocations


def claim_until_full(context, provider_uuids, seed):
    """Claim until no provider takes one more; count what happened."""
    outcome = collections.Counter()
    order = list(provider_uuids)
    random.Random(seed).shuffle(order)
    full = set()
    while len(full) < len(order):
        for uuid in order:
            if uuid in full:
                continue
            try:
                allocations.replace(context, [{
                    'consumer': {'uuid': uuidutils.generate_uuid(),
                                 'project_id': 'p', 'user_id': 'u',
                                 'generation': None},
                    'allocations': {uuid: {'VCPU': 1}}}])
                outcome['claimed'] += 1
            except exception.CapacityExceeded:
                full.add(uuid)
            except exception.ConcurrentUpdate:
                outcome['conflict'] += 1
    return outcome


def main(argv):
    from nova_lite.db import engine
    engine.use_database(argv[0])
    outcome = claim_until_full(nl_context.get_admin_context(), argv[1:],
                               seed=random.random())
    print(outcome['claimed'], outcome['conflict'])


if __name__ == '__main__':
    main(sys.argv[1:])
