# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Allocation candidates' provider summaries on SQLite, MariaDB and
PostgreSQL: a summary kept from one answer to the next (on every
database) shows each change to its provider in the next answer, and
says at every version what a fresh read says."""
import pytest

from tests import conftest
from tests.functional import test_allocation_candidates as cases
from tests.integration import databases

pytestmark = pytest.mark.integration


@pytest.fixture(params=databases.KINDS)
def placement_on(request, tmp_path):
    """The placement API alone over HTTP, on a fresh database of each
    kind."""
    with databases.in_use(request.param, tmp_path):
        with conftest.placement_served() as server:
            yield conftest.PlacementApi(server.port)


def test_summaries_follow_every_change_to_a_provider(placement_on):
    cases.test_summaries_follow_every_change_to_a_provider(placement_on)


def test_summaries_say_the_same_at_every_version(placement_on):
    cases.test_summaries_count_capacity_use_and_traits_the_same_at_every_version(  # noqa: E501
        placement_on)


def test_a_provider_made_again_is_not_taken_for_the_old_one(placement_on):
    cases.test_a_provider_made_again_is_not_taken_for_the_old_one(
        placement_on)


def test_a_request_only_hosts_serve_answers_whole_trees(placement_on):
    """The request's shape (nested providers? sharing ones?) is asked in
    one statement on each database."""
    cases.test_a_request_only_hosts_serve_answers_whole_trees(placement_on)
