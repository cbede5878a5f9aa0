# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where a random sample of placement starts: the lowest and highest
provider id, read (beside whether any provider is nested or shares)
without visiting every provider."""
import sqlite3

from oslo_utils import uuidutils
import sqlalchemy as sa

from nova_lite.db.api import candidates as candidates_db
from nova_lite.placement import providers


def _create(context, count):
    for i in range(count):
        providers.create(context, uuidutils.generate_uuid(), 'h%d' % i)


def _raw(url, statement, parameters=()):
    """``statement``'s rows, read straight from the SQLite file."""
    return sqlite3.connect(url[len('sqlite:///'):]).execute(
        statement, parameters).fetchall()


def test_no_provider_has_no_range(sqlite_db, admin_context):
    assert candidates_db.shape(admin_context)[2:] == (None, None)


def test_the_range_spans_the_providers_left(sqlite_db, admin_context):
    _create(admin_context, 5)
    by_name = {p['name']: p['uuid'] for p in providers.get_all(
        admin_context)}
    providers.delete(admin_context, by_name['h0'])
    ids = sorted(_raw(sqlite_db, 'SELECT id FROM resource_providers'))
    assert candidates_db.shape(admin_context)[2:] == (
        ids[0][0], ids[-1][0])


def test_the_range_is_read_at_the_key_s_ends(sqlite_db, admin_context):
    """SQLite plans a lone min() or max() as one look at an end of the
    key; min() beside max() in one select as a scan of every provider.
    The nested and sharing look-ups beside them scan nothing either."""
    _create(admin_context, 3)
    seen = []

    def record(conn, cursor, statement, parameters, *args):
        seen.append((statement, parameters))

    sa.event.listen(sa.engine.Engine, 'before_cursor_execute', record)
    try:
        candidates_db.shape(admin_context)
    finally:
        sa.event.remove(sa.engine.Engine, 'before_cursor_execute', record)
    [(statement, parameters)] = [(s, p) for s, p in seen
                                 if 'resource_providers' in s]
    plan = _raw(sqlite_db, 'EXPLAIN QUERY PLAN ' + statement, parameters)
    assert not [step for step in plan if step[-1].startswith('SCAN ')
                and step[-1] != 'SCAN CONSTANT ROW'], plan
