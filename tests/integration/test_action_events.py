# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Steps of one server action recorded at once by several services, on
the real MariaDB and PostgreSQL: each event's insert and its action's
update race (a compute's step, a force-complete or abort recorded beside
it); none may be lost to a deadlock."""
import concurrent.futures

from oslo_utils import uuidutils
import pytest

from nova_lite import context as nl_context
from nova_lite.db.api import instance_actions
from tests.integration import databases

pytestmark = pytest.mark.integration


@pytest.mark.parametrize('kind', ['mysql', 'postgresql'])
def test_concurrent_events_of_one_action_are_all_recorded(kind, tmp_path):
    with databases.in_use(kind, tmp_path):
        context = nl_context.get_admin_context()
        server = uuidutils.generate_uuid()
        instance_actions.action_start(context, {
            'instance_uuid': server, 'request_id': 'req-1',
            'action': 'live-migration', 'user_id': 'u',
            'project_id': 'p'})

        def steps(worker):
            for step in range(25):
                name = 'step_%d_%d' % (worker, step)
                instance_actions.event_start(
                    nl_context.get_admin_context(), server, 'req-1',
                    name, 'host%d' % worker)
                instance_actions.event_finish(
                    nl_context.get_admin_context(), server, 'req-1',
                    name, 'Success' if step % 5 else 'Error')
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            for done in [pool.submit(steps, w) for w in range(8)]:
                done.result()
        action = instance_actions.get_by_request_id(context, server,
                                                    'req-1')
        events = instance_actions.get_events(context, action.id)
        assert action.message == 'Error'
        assert len(events) == 8 * 25
        assert all(e.finish_time is not None for e in events)
