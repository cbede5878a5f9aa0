# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Concurrent creates never pass a quota together, on SQLite, MariaDB and
PostgreSQL: 32 servers of one project racing against a limit of 10
instances, each counted in the write that creates it (Instance.create
with the quota guard), end with exactly 10 servers and 22 refusals that
say the quota is exceeded."""
import concurrent.futures
import threading

from oslo_utils import uuidutils
import pytest

from nova_lite import conf
from nova_lite import context as nl_context
from nova_lite.db import engine
from nova_lite.db import migration
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import quotas
from tests.integration import databases

pytestmark = pytest.mark.integration
SERVERS = 32
CONF = conf.CONF
LIMITS = {'instances': 10, 'cores': -1, 'ram': -1}


@pytest.fixture(params=['sqlite', 'mysql', 'postgresql'])
def flavor(request, tmp_path):
    with databases.fresh_database(request.param, tmp_path) as url:
        migration.upgrade(url)
        undo = engine.use_database(url)
        flavor = flavor_obj.Flavor(
            nl_context.get_admin_context(), flavorid='f', name='f',
            memory_mb=64, vcpus=1, root_gb=0, extra_specs={})
        flavor.create()
        try:
            yield flavor
        finally:
            undo()


def _create(flavor, project_id, start):
    context = nl_context.RequestContext(user_id='u', project_id=project_id)
    instance = instance_obj.Instance(
        context, uuid=uuidutils.generate_uuid(), flavor=flavor,
        vm_state=fields.VMState.BUILDING, project_id=project_id,
        user_id='u', vcpus=1, memory_mb=64)
    guard = quotas.instance_guard(CONF, context, project_id, 'u')
    guard['project'] = guard['user'] = LIMITS
    start.wait()
    try:
        instance.create(quota=guard)
    except exception.OverQuota as over:
        return over.kwargs['overs']
    return instance.uuid


def test_32_racing_creates_against_a_quota_of_10(flavor):
    start = threading.Barrier(SERVERS)
    with concurrent.futures.ThreadPoolExecutor(SERVERS) as pool:
        outcomes = list(pool.map(lambda _: _create(flavor, 'p', start),
                                 range(SERVERS)))
    refused = [o for o in outcomes if isinstance(o, list)]
    assert refused == [['instances']] * 22
    stored = instance_obj.InstanceList.get_by_filters(
        nl_context.get_admin_context(), filters={'project_id': 'p'})
    assert len(stored) == 10
    assert sorted(i.uuid for i in stored) == sorted(
        o for o in outcomes if isinstance(o, str))


def test_projects_do_not_count_against_each_other(flavor):
    start = threading.Barrier(SERVERS)
    with concurrent.futures.ThreadPoolExecutor(SERVERS) as pool:
        outcomes = list(pool.map(
            lambda i: _create(flavor, 'p%d' % (i % 2), start),
            range(SERVERS)))
    assert sum(isinstance(o, str) for o in outcomes) == 20
    for project_id in ('p0', 'p1'):
        assert len(instance_obj.InstanceList.get_by_filters(
            nl_context.get_admin_context(),
            filters={'project_id': project_id})) == 10
