# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Concurrent claims never over-allocate, on SQLite, MariaDB, PostgreSQL.

Five providers of 4 VCPU, eight claimers (threads, then processes) each
claiming 1 VCPU for new consumers until every provider is full: each
provider ends with exactly 4 used, every claim that succeeded is in the
usage, and nothing fails other than by a clean capacity refusal (no
database error, no lock timeout reaching the caller).
"""
import concurrent.futures
import os
import subprocess
import sys
import uuid as uuid_module

import pytest

from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.placement import aggregates
from nova_lite.placement import allocations
from tests.integration import databases
from tests.integration import placement_claims

pytestmark = pytest.mark.integration
KINDS = ['sqlite', 'mysql', 'postgresql']
PROVIDERS, VCPUS, CLAIMERS = 5, 4, 8
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    with databases.providers_of_vcpu(request.param, tmp_path, PROVIDERS,
                                     VCPUS) as store:
        yield store


def _check(context, uuids, claimed):
    used = [allocations.usages_of_provider(context, u)[1]['VCPU']
            for u in uuids]
    assert used == [VCPUS] * PROVIDERS
    assert claimed == sum(used)


def test_thread_storm_never_over_allocates(store):
    url, context, uuids = store
    with concurrent.futures.ThreadPoolExecutor(CLAIMERS) as pool:
        outcomes = list(pool.map(
            lambda seed: placement_claims.claim_until_full(
                nl_context.get_admin_context(), uuids, seed),
            range(CLAIMERS)))
    _check(context, uuids, sum(o['claimed'] for o in outcomes))


def test_process_storm_never_over_allocates(store):
    url, context, uuids = store
    workers = [subprocess.Popen(
        [sys.executable, '-m', 'tests.integration.placement_claims', url]
        + uuids, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True) for _ in range(CLAIMERS)]
    claimed = 0
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        claimed += int(out.split()[0])
    _check(context, uuids, claimed)


HOT_CLAIMS = 100


@pytest.fixture(params=KINDS)
def hot_spot(request, tmp_path):
    """One provider with room for every claim the claimers make."""
    with databases.providers_of_vcpu(request.param, tmp_path, 1,
                                     CLAIMERS * HOT_CLAIMS) as store:
        yield store


def test_claims_that_fit_on_one_crowded_provider_all_succeed(hot_spot):
    """Eight threads claim one provider at once, 800 claims that all fit:
    every one succeeds (the writers that lose a generation swap wait
    their turn), none is refused as a concurrent update."""
    url, context, (uuid,) = hot_spot

    def claimer(_index):
        refused = []
        for _ in range(HOT_CLAIMS):
            try:
                allocations.replace(nl_context.get_admin_context(), [{
                    'consumer': {'uuid': str(uuid_module.uuid4()),
                                 'project_id': 'p', 'user_id': 'u',
                                 'generation': None},
                    'allocations': {uuid: {'VCPU': 1}}}])
            except exception.ConcurrentUpdate as e:
                refused.append(str(e))
        return refused
    with concurrent.futures.ThreadPoolExecutor(CLAIMERS) as pool:
        refused = [r for rs in pool.map(claimer, range(CLAIMERS))
                   for r in rs]
    assert refused == []
    assert allocations.usages_of_provider(context, uuid)[1]['VCPU'] == (
        CLAIMERS * HOT_CLAIMS)


def test_providers_joining_new_aggregates_at_once_list_them_alike(store):
    """Every provider joins the same aggregates at the same moment, each
    naming them in its own order: placement numbers each new aggregate
    once (a writer that loses the race takes the winner's number, and its
    write still succeeds), so every provider lists them in one order."""
    url, context, uuids = store
    for round_ in range(10):
        wanted = [str(uuid_module.uuid4()) for _ in range(4)]

        def join(index):
            order = wanted[index % 4:] + wanted[:index % 4]
            return aggregates.set_for_provider(
                nl_context.get_admin_context(), uuids[index], None, order)
        with concurrent.futures.ThreadPoolExecutor(PROVIDERS) as pool:
            list(pool.map(join, range(PROVIDERS)))
        listed = {tuple(aggregates.of_provider(context, u)[1])
                  for u in uuids}
        assert len(listed) == 1 and set(listed.pop()) == set(wanted)
