# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One enginefacade for the process, configured from ``[database]``.

SQLite is the embedded default and is reached from many threads at once, so
the file uses WAL journaling, every connection a busy timeout, and writer
transactions start with ``BEGIN IMMEDIATE``: a transaction that reads then
writes waits for the lock up front (where the busy timeout applies) instead
of failing half-way with "database is locked" when another writer got in
between. Reader transactions use a second, read-only engine and never wait
for writers.
"""
import contextlib
import functools
import os
import sqlite3
import threading
import time

from oslo_db import exception as db_exc
from oslo_db.sqlalchemy import enginefacade
from oslo_log import log as logging
import sqlalchemy

from nova_lite import conf
from nova_lite.db import pool_plugin

CONF = conf.CONF
LOG = logging.getLogger(__name__)

context_manager = enginefacade.transaction_context()
POOL_SIZE = pool_plugin.POOL_SIZE
_configured = False


def default_connection(state_path):
    return 'sqlite:///%s' % os.path.join(
        os.path.abspath(state_path), 'nova_lite.sqlite')


def _is_read_only(engine):
    return engine.url.query.get('mode') == 'ro'


def _fresh_transaction_state(dbapi_con, record, proxy):
    """oslo.db marks a connection "in transaction" in its record's info; a
    pooled record outlives the transaction, so the mark is cleared on
    every checkout."""
    record.info.pop('in_transaction', None)


def _tune_sqlite(engine):
    if engine.dialect.name != 'sqlite':
        return
    sqlalchemy.event.listen(engine, 'checkout', _fresh_transaction_state)

    @sqlalchemy.event.listens_for(engine, 'connect')
    def _pragmas(dbapi_con, record):
        dbapi_con.execute('PRAGMA busy_timeout = 30000')
        dbapi_con.execute('PRAGMA synchronous = NORMAL')

    # oslo.db's first connection (its test) was opened without them.
    engine.dispose()
    if _is_read_only(engine):
        return

    @sqlalchemy.event.listens_for(engine, 'before_cursor_execute',
                                  retval=True)
    def _begin_immediate(conn, cursor, statement, params, context, many):
        # oslo.db emits a plain BEGIN for SQLite; take the write lock there.
        if statement == 'BEGIN':
            statement = 'BEGIN IMMEDIATE'
        return statement, params


# Set on a pooled MySQL connection's info when the Connection using it
# ended its transaction (commit or rollback), cleared by anything that may
# begin one: its check-out, a new transaction, an error.
_ENDED_CLEAN = 'nova_lite_transaction_ended'


def _reset_only_open_transactions(engine):
    """Return a MySQL connection to the pool without an empty ROLLBACK.

    The pool would roll back every connection it takes back, unless the
    Connection closed its transaction there itself (``pool_plugin`` turns
    that off); oslo.db's sessions commit or roll back before they close,
    so on MariaDB every transaction was followed by a ROLLBACK with
    nothing to undo: a round trip and a statement each. Here the reset
    skips it only for a connection whose last act was that commit or
    rollback; one used any other way (a statement after it, a failed
    statement or commit, raw use of the driver's connection) is rolled
    back as before. (The
    driver's own status flag cannot tell: it is not updated by reads.
    PostgreSQL's driver sends nothing for a rollback outside a
    transaction: nothing to change there.)
    """
    if engine.dialect.name != 'mysql':
        return

    def _ended(conn):
        # A connection lost mid-transaction (a database restart) is being
        # rolled back after its invalidation: it has no driver connection
        # to mark (asking for one would raise instead of the loss), and
        # the pool replaces it anyway.
        if not conn.invalidated:
            conn.info[_ENDED_CLEAN] = True

    def _may_begin(info):
        info.pop(_ENDED_CLEAN, None)

    sqlalchemy.event.listen(engine, 'commit', _ended)
    sqlalchemy.event.listen(engine, 'rollback', _ended)
    sqlalchemy.event.listen(engine, 'checkout', lambda dbapi_con, record,
                            proxy: _may_begin(record.info))
    # Once a transaction, not a statement: a statement after the commit
    # begins a new one first.
    sqlalchemy.event.listen(engine, 'begin',
                            lambda conn: _may_begin(conn.info))

    @sqlalchemy.event.listens_for(engine, 'handle_error')
    def _failed(context):
        try:
            _may_begin(context.connection.info)
        except Exception:  # no connection, or one already invalidated
            pass

    @sqlalchemy.event.listens_for(engine, 'reset')
    def _roll_back_unless_ended(dbapi_con, record, state):
        if state.transaction_was_reset or not state.asyncio_safe:
            return
        if not record.info.pop(_ENDED_CLEAN, False):
            dbapi_con.rollback()


def _use_wal(path):
    """WAL lets readers run beside the one writer; it sticks to the file."""
    connection = sqlite3.connect(path, timeout=30)
    try:
        connection.execute('PRAGMA journal_mode = WAL')
    finally:
        connection.close()


def _new_manager(connection):
    manager = enginefacade.transaction_context()
    options = {}
    if connection.startswith('sqlite:///'):
        path = connection[len('sqlite:///'):]
        os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
        _use_wal(path)
        # Readers get their own read-only engine, without the write lock.
        options = {'slave_connection': pool_plugin.named_in(
                       'sqlite:///file:%s?mode=ro&uri=true'
                       '&check_same_thread=false' % path),
                   'synchronous_reader': False}
        connection += ('&' if '?' in connection else '?') + \
            'check_same_thread=false'

    # No sleep(0) at each connection check-in: oslo.db yields there to let
    # eventlet's green threads run; nova_lite runs real threads.
    manager.configure(connection=pool_plugin.named_in(connection),
                      max_retries=CONF.database.max_retries,
                      retry_interval=CONF.database.retry_interval,
                      thread_checkin=False, **options)
    manager.append_on_engine_create(_tune_sqlite)
    manager.append_on_engine_create(_reset_only_open_transactions)
    return manager


def configure(connection=None):
    """Point the process's facade at a database, once, before first use."""
    global _configured
    if _configured:
        return
    connection = (connection or CONF.database.connection
                  or default_connection(CONF.state_path))
    context_manager.patch_factory(_new_manager(connection))
    _configured = True


# What a process remembers of its database's rows (custom classes and
# traits seen to exist), forgotten when it turns to another one (tests).
_forget_on_switch = []


def forget_on_switch(clear):
    """Call ``clear`` whenever the process turns to another database."""
    _forget_on_switch.append(clear)


def use_database(connection):
    """Point the facade at another database (tests); returns the undo."""
    global _configured
    restore = context_manager.patch_factory(_new_manager(connection))
    _configured = True
    _forget()

    def undo():
        global _configured
        # Both engines' pools: SQLite's readers have one of their own.
        context_manager.dispose_pool()
        restore()
        _configured = False
        _forget()
    return undo


def _forget():
    for clear in _forget_on_switch:
        clear()


def get_engine():
    configure()
    return context_manager.writer.get_engine()


class _RunAgainOutermost:
    """A transaction decorator (``reader``, ``writer``) whose outermost
    transactions run again, in a new transaction, when the database
    connection was lost under them or the server called a deadlock:
    what a restarted server or a failed-over cluster node (Galera, behind
    HAProxy) does to the transactions under way, and what Galera calls a
    write that lost its certification to another node's. The errors are
    oslo.db's (as its ``wrap_db_retry`` with ``retry_on_disconnect`` and
    ``retry_on_deadlock`` retries them); the waits fit a failover
    (``WAITS``), and the last error reaches the caller without a
    traceback logged (a connection left invalid as a DBConnectionError:
    the API answers it with a 503, a service's task with its own line).
    A transaction inside another (or inside a ``using`` block) is not
    run again on its own: the outermost one is, whole. Its other uses
    (``independent``) are the enginefacade's own."""

    def __init__(self, manager):
        self._manager = manager

    def __call__(self, function):
        inner = self._manager(function)

        @functools.wraps(function)
        def outermost_again(*args, **kwargs):
            return _outermost_again(inner, args, kwargs)
        return outermost_again

    @contextlib.contextmanager
    def using(self, context):
        """A block of transactions in one: the transactions inside it
        join it, and are not run again on their own (a lost connection
        ends the block; its caller decides)."""
        with _outermost_held():
            with self._manager.using(context) as session:
                yield session

    def __getattr__(self, name):
        return getattr(self._manager, name)


@contextlib.contextmanager
def _outermost_held():
    """This thread is inside an outermost transaction (or block) for the
    duration; whether it already was."""
    was = getattr(_outermost, 'running', False)
    _outermost.running = True
    try:
        yield was
    finally:
        _outermost.running = was


def _outermost_again(transaction, args, kwargs):
    with _outermost_held() as nested:
        if nested:
            return transaction(*args, **kwargs)
        return _run_again(transaction, args, kwargs)


RUN_AGAIN = (db_exc.DBConnectionError, db_exc.DBDeadlock,
             # SQLAlchemy's refusal of a connection whose transaction a
             # lost connection left invalid: the next attempt's is new.
             sqlalchemy.exc.PendingRollbackError)
# Seconds before each next attempt: about five in all, the time HAProxy
# takes to send new connections to a surviving node. (Writers that must
# spread out after colliding, placement's, wait random times of their
# own around this: nova_lite.placement.retry.)
WAITS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 2.0)


# What an attempt may have committed before it failed: its connection
# was lost (a node killed between the commit and its answer). A deadlock
# (a write that lost its Galera certification) was rolled back.
_MAY_HAVE_COMMITTED = (db_exc.DBConnectionError,
                       sqlalchemy.exc.PendingRollbackError)


def _run_again(transaction, args, kwargs):
    _outermost.lost = False
    try:
        for wait in WAITS:
            try:
                return transaction(*args, **kwargs)
            except RUN_AGAIN as e:
                LOG.debug('%s: %s; run again in %.2f s',
                          transaction.__name__, type(e).__name__, wait)
                _outermost.lost |= isinstance(e, _MAY_HAVE_COMMITTED)
                time.sleep(wait)
        try:
            return transaction(*args, **kwargs)
        except sqlalchemy.exc.PendingRollbackError as e:
            # What its callers know a lost database by (the API's 503).
            raise db_exc.DBConnectionError(e) from e
    finally:
        _outermost.lost = False


def after_lost_connection():
    """Whether this transaction runs again after the connection was lost
    under an earlier attempt, which may have committed all the same (its
    answer lost with the node that sent it): a write that must not be
    made twice (a row under a fresh uuid) looks for it first, and a
    compare-and-swap takes its own earlier write for a match."""
    return getattr(_outermost, 'lost', False)


_outermost = threading.local()
reader = _RunAgainOutermost(context_manager.reader)
writer = _RunAgainOutermost(context_manager.writer)
# A read tried once: for a caller that answers without it at once (a
# metrics scrape) rather than wait out a failover.
reader_once = context_manager.reader


def read_together(context, read):
    """``read()``, the reads inside it in one reader transaction (as in
    ``one_read``), run again whole as a transaction is when the
    connection was lost under it."""
    def together():
        with reader.using(context):
            return read()
    together.__name__ = getattr(read, '__name__', 'read_together')
    return _outermost_again(together, (), {})


def one_read(context):
    """A reader transaction that the reads made inside it join: one
    snapshot, one connection checkout and one end instead of one each.
    A write inside it is refused (oslo.db will not turn a reader into a
    writer): end it first."""
    return reader.using(context)
