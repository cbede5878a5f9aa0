# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The SQLite engine: pooled connections keep transactions all-or-nothing."""
import os
import shutil
import threading

from oslo_db import exception as db_exc
import pytest
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models


@engine.writer
def _insert_then_fail(context, name):
    context.session.add(models.Service(host=name, binary='b', topic='t',
                                       report_count=0, disabled=False,
                                       version=1))
    context.session.flush()
    raise RuntimeError('fail after the insert')


@engine.writer
def _insert(context, name):
    context.session.add(models.Service(host=name, binary='b', topic='t',
                                       report_count=0, disabled=False,
                                       version=1))


@engine.reader
def _hosts(context):
    return sorted(context.session.scalars(sa.select(models.Service.host)))


def test_a_sqlite_file_keeps_its_connections_open(sqlite_db, admin_context):
    """Pooled (oslo.db would open the file for each transaction), each
    connection with its pragmas, the first one too."""
    _insert(admin_context, 'first')
    for each in (engine.get_engine(),
                 engine.context_manager.reader.get_engine()):
        assert isinstance(each.pool, sa.pool.QueuePool)
        with each.connect() as connection:
            assert connection.exec_driver_sql(
                'PRAGMA busy_timeout').scalar() == 30000
    assert _hosts(admin_context) == ['first']


def test_failed_transactions_leave_nothing_on_reused_connections(
        sqlite_db, admin_context):
    for i in range(3 * engine.POOL_SIZE):
        with pytest.raises(RuntimeError):
            _insert_then_fail(admin_context, 'failed-%d' % i)
        _insert(admin_context, 'kept-%d' % i)
    assert _hosts(admin_context) == sorted(
        'kept-%d' % i for i in range(3 * engine.POOL_SIZE))


def test_concurrent_writers_all_land(sqlite_db, admin_context):
    errors = []

    def write(n):
        try:
            for i in range(20):
                _insert(admin_context, 'w%d-%d' % (n, i))
        except Exception as e:  # reported below
            errors.append(e)
    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(_hosts(admin_context)) == 160


def test_readers_see_what_writers_committed(sqlite_db, admin_context):
    _insert(admin_context, 'seen')
    assert _hosts(admin_context) == ['seen']


def _descriptors_of(path):
    """This process's open descriptors on the file ``path`` (or its WAL)."""
    found = []
    for fd in os.listdir('/proc/self/fd'):
        try:
            target = os.readlink('/proc/self/fd/' + fd)
        except OSError:  # closed since the listing
            continue
        if target.startswith(path):
            found.append(target)
    return found


def test_turning_away_from_a_database_closes_its_files(
        tmp_path, migrated_sqlite, admin_context):
    """Writers' and readers' pools alike: a process (a test worker) that
    turns to many databases in turn holds none of the old ones open."""
    path = str(tmp_path / 'turned-from.sqlite')
    shutil.copyfile(migrated_sqlite, path)
    undo = engine.use_database('sqlite:///%s' % path)
    _insert(admin_context, 'one')
    assert _hosts(admin_context) == ['one']
    assert _descriptors_of(path)
    undo()
    assert _descriptors_of(path) == []


@engine.writer
def _insert_once_past_a_deadlock(context, name, attempts):
    """Its first attempt's insert is lost to a deadlock (as Galera refuses
    a write another node certified first)."""
    attempts.append(name)
    _insert(context, '%s-%d' % (name, len(attempts)))
    if len(attempts) == 1:
        raise db_exc.DBDeadlock()


@engine.writer
def _outer_around(context, name, attempts):
    _insert(context, name + '-outer')
    _insert_once_past_a_deadlock(context, name, attempts)


def test_a_transaction_a_deadlock_ended_runs_again_whole(sqlite_db,
                                                         admin_context):
    attempts = []
    _insert_once_past_a_deadlock(admin_context, 'alone', attempts)
    assert attempts == ['alone', 'alone']
    assert _hosts(admin_context) == ['alone-2']


def test_inside_another_the_outermost_transaction_runs_again(
        sqlite_db, admin_context):
    """Not the inner one alone: its first attempt's rows, and the outer
    one's, went with the rollback."""
    attempts = []
    _outer_around(admin_context, 'nested', attempts)
    assert attempts == ['nested', 'nested']
    assert _hosts(admin_context) == ['nested-2', 'nested-outer']


def test_a_read_block_whose_connection_was_lost_runs_again_whole(
        sqlite_db, admin_context):
    _insert(admin_context, 'kept')
    attempts = []

    def read():
        attempts.append(_hosts(admin_context))
        if len(attempts) == 1:
            raise db_exc.DBConnectionError('lost under the read')
        return _hosts(admin_context)
    assert engine.read_together(admin_context, read) == ['kept']
    assert attempts == [['kept'], ['kept']]


@engine.reader
def _lost_each_time(context, attempts):
    attempts.append(1)
    raise db_exc.DBConnectionError('lost')


def test_inside_a_using_block_a_read_does_not_run_again_alone(
        sqlite_db, admin_context):
    """The block's caller decides (read_together runs the whole again):
    a read inside it retrying on the block's broken transaction would
    only wait."""
    attempts = []
    with pytest.raises(db_exc.DBConnectionError):
        with engine.reader.using(admin_context):
            _lost_each_time(admin_context, attempts)
    assert attempts == [1]
