# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One worker for the periodic tasks of all the services of a process: one
heartbeat statement for them all, one service's tasks one at a time, none
after the service ended, and a slow task does not hold the heartbeat."""
import threading
import time

from futurist import periodics
import pytest
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.objects import service as service_obj
from nova_lite.service import tasks as service_tasks
from tests.conftest import CONF


def _records(context, count):
    records = []
    for index in range(count):
        record = service_obj.Service(context, host='tasks-%d' % index,
                                     binary='nova-lite-compute',
                                     topic='compute')
        record.create()
        records.append(record)
    return records


def _seen(context, record):
    return service_obj.Service.get_by_id(context, record.id)


@pytest.fixture
def tasks(sqlite_db, overrides):
    overrides('report_interval', 1)
    running = service_tasks.ServiceTasks(CONF)
    running.start()
    yield running
    running.stop()
    running.wait()


def _wait_for(condition, timeout=10):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, 'timed out'
        time.sleep(0.05)


def test_one_statement_beats_the_heartbeat_of_every_service(tasks,
                                                            admin_context):
    records = _records(admin_context, 50)
    updates = []

    def count(conn, cursor, statement, *args):
        if statement.startswith('UPDATE services'):
            updates.append(statement)
    sa.event.listen(engine.get_engine(), 'before_cursor_execute', count)
    try:
        for record in records:
            tasks.add(record, [])
        _wait_for(lambda: all(_seen(admin_context, r).report_count == 1
                              for r in records))
    finally:
        sa.event.remove(engine.get_engine(), 'before_cursor_execute', count)
    assert len(updates) == 1
    assert all(_seen(admin_context, r).last_seen_up is not None
               for r in records)


def test_a_removed_service_beats_and_runs_no_more(tasks, admin_context):
    kept, removed = _records(admin_context, 2)
    runs = {'kept': 0, 'removed': 0}

    def task_of(name):
        @periodics.periodic(0.05)
        def task():
            runs[name] += 1
        return task
    tasks.add(kept, [task_of('kept')])
    handle = tasks.add(removed, [task_of('removed')])
    _wait_for(lambda: runs['removed'] > 0)
    tasks.remove(handle)
    handle.wait()
    after_removal = runs['removed']
    _wait_for(lambda: _seen(admin_context, kept).report_count >= 2)
    assert runs['removed'] == after_removal
    assert _seen(admin_context, removed).report_count <= 1
    assert runs['kept'] > 0


def test_one_services_tasks_run_one_at_a_time_and_never_hold_the_beat(
        tasks, admin_context):
    slow, = _records(admin_context, 1)
    release = threading.Event()
    inside, most = [], [0]

    def hold(name):
        @periodics.periodic(0.01)
        def task():
            inside.append(name)
            most[0] = max(most[0], len(inside))
            release.wait(10)
            inside.remove(name)
        return task
    tasks.add(slow, [hold('a'), hold('b')])
    # Both tasks are due; one holds the service while the heartbeat, on
    # another thread of the pool, still beats.
    _wait_for(lambda: _seen(admin_context, slow).report_count >= 2)
    release.set()
    time.sleep(0.2)
    assert most[0] == 1


def _kind_calls(spacing, run_immediately=False):
    """A manager class with one shared task, and the hosts of the runs
    each of its calls was given."""
    calls = []

    class Kind:
        @classmethod
        def shared_tasks(cls, conf):
            @periodics.periodic(spacing, run_immediately=run_immediately)
            def shared(runs):
                calls.append(sorted(run.record.host for run in runs))
            return [shared]
    return Kind, calls


def test_a_shared_task_runs_once_for_all_the_services_of_its_kind(
        tasks, admin_context):
    kind, calls = _kind_calls(3600, run_immediately=True)
    records = _records(admin_context, 3)
    for record in records:
        tasks.add(record, [], kind())
    _wait_for(lambda: calls)
    time.sleep(0.3)
    # Added once, with the first service: one call, not one a service.
    assert len(calls) == 1
    assert tasks.runs_of(kind) and [r.record.host for r in tasks.runs_of(
        kind)] == [r.host for r in records]


def test_a_removed_service_leaves_its_kinds_shared_task(tasks,
                                                        admin_context):
    kind, calls = _kind_calls(0.05)
    gone, kept = _records(admin_context, 2)
    handle = tasks.add(gone, [], kind())
    kept_handle = tasks.add(kept, [], kind())
    _wait_for(lambda: ['tasks-0', 'tasks-1'] in calls)
    tasks.remove(handle)
    handle.wait()
    seen = len(calls)
    _wait_for(lambda: len(calls) > seen + 1)
    assert calls[-1] == ['tasks-1']
    # Nothing may act on it once it ended; the other still runs.
    with handle.turn() as live:
        assert not live
    with kept_handle.turn() as live:
        assert live
