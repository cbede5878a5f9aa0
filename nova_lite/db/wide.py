# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Numbers a client gave, bound 64 bits wide.

PostgreSQL casts each parameter to the type SQLAlchemy declares for it,
the compared column's (32 bits for most counts here): a client's bound
past that (``minRam=99999999999``, an amount of ``VCPU:2147483648``) then
fails the cast instead of matching nothing. Bound as a BIGINT, it is
compared as a number, on every database.
"""
import sqlalchemy as sa


def wide(value):
    """``value`` as a 64-bit parameter (a bind parameter passes as is)."""
    if isinstance(value, sa.sql.ClauseElement):
        return value
    return sa.literal(value, sa.BigInteger)
