# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server group's hard policy holds when its members are claimed at
once, as several schedulers would claim them, on SQLite, MariaDB and
PostgreSQL: 32 members racing over 3 hosts (each trying the hosts in its
own order) leave exactly one per host under anti-affinity, two with
``max_server_per_host: 2``, and all on one host under affinity. The
policy is checked in each claim's own transaction under the group's
lock (Placement.claim_first); no filter runs here."""
import collections
import concurrent.futures
import random
import threading

from oslo_utils import uuidutils
import pytest

from nova_lite import context as nl_context
from nova_lite.db.api import quotas
from nova_lite.db.api import server_groups as server_groups_db
from nova_lite.db import engine
from nova_lite.objects import placement
from tests.integration import databases

pytestmark = pytest.mark.integration
MEMBERS, HOSTS = 32, 3


@pytest.fixture(params=['sqlite', 'mysql', 'postgresql'])
def hosts(request, tmp_path):
    with databases.providers_of_vcpu(request.param, tmp_path, HOSTS,
                                     64) as (_, _, uuids):
        yield uuids


@engine.writer
def _add_members(context, group_uuid, members):
    for member in members:
        server_groups_db.add_member_in(context.session, group_uuid, member,
                                       'u', -1)


def _group(policy, rules=None):
    context = nl_context.get_admin_context()
    quotas.add_lock_row(context, 'p')
    group = server_groups_db.create(context, {
        'uuid': uuidutils.generate_uuid(), 'name': 'g', 'policy': policy,
        'rules': rules or {}, 'project_id': 'p', 'user_id': 'u'},
        {'project': -1, 'user': -1})
    members = [uuidutils.generate_uuid() for _ in range(MEMBERS)]
    _add_members(context, group['uuid'], members)
    return group['uuid'], members


def _race(hosts, group_uuid, members):
    start = threading.Barrier(MEMBERS)

    def claim(member):
        order = list(hosts)
        random.shuffle(order)
        start.wait()
        chosen = placement.Placement.claim_first(
            nl_context.get_admin_context(), member,
            [placement.ClaimOption(uuid, uuid, {uuid: {'VCPU': 1}})
             for uuid in order], 'p',
            'u', group_uuid)
        return None if chosen is None else order[chosen]

    with concurrent.futures.ThreadPoolExecutor(MEMBERS) as pool:
        return collections.Counter(h for h in pool.map(claim, members) if h)


@pytest.mark.parametrize('policy,rules,per_host', [
    ('anti-affinity', None, [1, 1, 1]),
    ('anti-affinity', {'max_server_per_host': 2}, [2, 2, 2]),
    ('affinity', None, [MEMBERS])])
def test_racing_claims_hold_the_groups_policy(hosts, policy, rules,
                                              per_host):
    group_uuid, members = _group(policy, rules)
    claimed = _race(hosts, group_uuid, members)
    assert sorted(claimed.values()) == per_host
    # What placement holds agrees with what the claims answered.
    held = server_groups_db.member_hosts(nl_context.get_admin_context(),
                                         group_uuid)
    assert held == dict(claimed)
