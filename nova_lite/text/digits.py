# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Is this text a whole number written in ASCII digits?

``str.isdigit()`` is also true of '¹' and '²', which ``int()`` refuses (a
500 where a 400 or 404 belongs), and of other scripts' digits, which
``int()`` takes but no client means as an id, a count or an amount. Each
check made before an ``int()`` of client text asks this instead.
"""


def is_digits(text):
    return text.isascii() and text.isdigit()


INT32_MAX = 2 ** 31 - 1
INT64_MAX = 2 ** 63 - 1


def at_most_int64(text):
    """The number ``text`` writes (``is_digits`` checked), cut to the
    largest integer a query can bind: for a bound compared with a column
    (a minimum, an amount), bound wide in the database layer. Nothing
    stored is larger, so the cut changes no answer, where passing the
    number on would fail in the database driver."""
    return min(int(text), INT64_MAX)


def at_most_int32(text):
    """The number ``text`` writes, cut to the largest value of a database
    integer column: for a page size or a row id, where a larger one means
    the same (no table holds that many rows)."""
    return min(int(text), INT32_MAX)


def row_id(text):
    """The row id ``text`` names, or None when no row can have it: not an
    integer, or outside a 32-bit integer column (the narrowest of the
    three databases, which refuse to compare such a value where SQLite
    stores it). A caller answers None with its own 404."""
    text = text.strip()
    if not is_digits(text.lstrip('-')) or text.count('-') > 1:
        return None
    number = int(text)
    return number if fits_int32(number) else None


def fits_int32(number):
    """Whether a 32-bit integer column can hold ``number``."""
    return -INT32_MAX - 1 <= number <= INT32_MAX
