# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Regular expressions the database refuses although Python takes them.

List filters (a server's or flavor's ``name``, a server's ``ip``) are
matched by the database's own engine: PostgreSQL's has no named groups
(``(?P<n>a)``), for one. The API checks an expression with Python's ``re``;
what only the database refuses would fail the list query itself, a 500.
So each expression is first matched alone, in a savepoint, and one the
database refuses is the caller's 400.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite import exception


def check(session, filters, names):
    """Refuse (400) any expression in ``filters`` under a key of
    ``names`` ({key: the query parameter it came from}) that the
    database cannot match."""
    for key, parameter in names.items():
        pattern = filters.get(key) if filters else None
        if pattern is None:
            continue
        try:
            with session.begin_nested():
                session.execute(sa.select(
                    sa.literal('').regexp_match(pattern)))
        except db_exc.DBError:
            raise exception.ValidationError(
                detail='Invalid regular expression in %s: the database '
                       'cannot match it.' % parameter)
