# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MariaDB connections go back to the pool without an empty ROLLBACK, and
still without a transaction or a lock left open.

The server counts the ROLLBACK statements each session sent
(``Com_rollback``); one thread's transactions reuse one pooled
connection, so that session's count is what they cost.
"""
from oslo_db import exception as db_exc
import pytest
import sqlalchemy as sa

from nova_lite import context as nl_context
from nova_lite.db import engine
from nova_lite.db import models
from tests.integration import databases

pytestmark = pytest.mark.integration


@pytest.fixture(params=['mysql', 'mysql-pymysql'])
def mysql_db(request, tmp_path):
    """Both drivers: mysqlclient, which the lab and the sample
    configuration use, and PyMySQL."""
    with databases.in_use(request.param, tmp_path) as url:
        yield url


def _service(host):
    return models.Service(host=host, binary='b', topic='t', report_count=0,
                          disabled=False, version=1)


@engine.writer
def _insert(context, host):
    context.session.add(_service(host))


@engine.reader
def _rollbacks_sent(context):
    """This session's ROLLBACK count, read on the pooled connection the
    calling thread reuses."""
    return int(context.session.execute(sa.text(
        "SHOW SESSION STATUS LIKE 'Com_rollback'")).one()[1])


def test_committed_writes_send_no_rollback(mysql_db):
    context = nl_context.get_admin_context()
    _rollbacks_sent(context)  # the thread's connection, checked out once
    before = _rollbacks_sent(context)
    for i in range(10):
        _insert(context, 'host-%d' % i)
    # Only the end of the read that took ``before`` (a read ends with a
    # ROLLBACK of its own); before, each write added one more.
    assert _rollbacks_sent(context) - before == 1


def test_a_transaction_left_open_is_rolled_back_at_check_in(mysql_db):
    """A connection given back with a transaction open (its row locked)
    is rolled back by the pool: the lock is gone once it is back."""
    _insert(nl_context.get_admin_context(), 'held')
    conn = engine.get_engine().raw_connection()
    cursor = conn.cursor()
    cursor.execute("SELECT * FROM services WHERE host = 'held' FOR UPDATE")
    cursor.fetchall()
    cursor.close()
    conn.close()  # back to the pool with the lock
    assert _deleted_elsewhere(mysql_db, 'held')


def _deleted_elsewhere(url, host):
    """Delete ``host``'s row on a connection of its own, waiting at
    most 3 s for its lock: whether it was deleted."""
    other = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with other.begin() as conn:
            conn.exec_driver_sql('SET SESSION innodb_lock_wait_timeout = 3')
            return conn.execute(sa.delete(models.Service.__table__).where(
                models.Service.__table__.c.host == host)).rowcount == 1
    except sa.exc.OperationalError:
        return False
    finally:
        other.dispose()


@engine.reader
def _read_after_losing_the_connection(context):
    """A read whose connection the server drops mid-transaction (as a
    database restart does)."""
    session = context.session
    own = session.execute(sa.text('SELECT CONNECTION_ID()')).scalar()
    killer = engine.get_engine().raw_connection()
    try:
        killer.cursor().execute('KILL %d' % own)
    finally:
        killer.close()
    session.execute(sa.text('SELECT 1'))


def test_a_connection_lost_mid_transaction_is_a_connection_error(mysql_db):
    """What callers map to 503 (the API) or retry (the services), once
    the transaction was run again a few times: the rollback after the
    loss must not replace it with another error."""
    context = nl_context.get_admin_context()
    with pytest.raises(db_exc.DBConnectionError):
        _read_after_losing_the_connection(context)
    _insert(context, 'after-the-loss')  # the pool gives a working one


@engine.reader
def _read_losing_the_first_connection(context, attempts):
    attempts.append(context.session.execute(sa.text(
        'SELECT CONNECTION_ID()')).scalar())
    if len(attempts) == 1:
        killer = engine.get_engine().raw_connection()
        try:
            killer.cursor().execute('KILL %d' % attempts[0])
        finally:
            killer.close()
    return context.session.execute(sa.text('SELECT 1')).scalar()


def test_a_transaction_whose_connection_was_lost_runs_again(mysql_db):
    """As under a restarted server or a Galera node lost behind HAProxy:
    the whole transaction again, on a new connection, and its answer."""
    attempts = []
    assert _read_losing_the_first_connection(
        nl_context.get_admin_context(), attempts) == 1
    assert len(attempts) == 2 and attempts[0] != attempts[1]
