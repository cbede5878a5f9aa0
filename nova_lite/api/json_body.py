# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A request body's JSON, refusing what would fail further in.

Python's parser takes things no handler, schema or database can use:
``NaN`` and ``Infinity``, nesting deep enough to exhaust the interpreter's
stack (a 50 KB body can), lone surrogates (``"\\ud800"``, which cannot be
encoded to store), NUL characters (PostgreSQL refuses them in text) and
integers of any size (no database column holds one past 64 bits). Each is
a 400 that names where in the body it is, before any handler sees it.
"""
import math

from oslo_serialization import jsonutils

from nova_lite import exception

MAX_DEPTH = 32
_INT_RANGE = range(-2 ** 63, 2 ** 63)


def _refuse_constant(name):
    raise ValueError('%s is not a JSON number' % name)


def loads(raw, what='request body'):
    """The parsed body; ValidationError for anything described above."""
    try:
        value = jsonutils.loads(raw, parse_constant=_refuse_constant)
    except RecursionError:
        raise _invalid('', 'it is nested more than %d levels deep'
                       % MAX_DEPTH)
    except ValueError as error:
        invalid = exception.ValidationError(detail='Malformed %s' % what)
        invalid.malformed = str(error)  # the parser's words, for Placement
        raise invalid
    check(value)
    return value


def check(value):
    """Walk the parsed body without recursion, checking every item."""
    pending = [(value, (), 1)]
    while pending:
        item, path, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise _invalid(path, 'it is nested more than %d levels deep'
                           % MAX_DEPTH)
        if isinstance(item, dict):
            for key, member in item.items():
                _check_text(key, path + (key,))
                pending.append((member, path + (key,), depth + 1))
        elif isinstance(item, list):
            pending.extend((member, path + (index,), depth + 1)
                           for index, member in enumerate(item))
        elif isinstance(item, str):
            _check_text(item, path)
        elif (isinstance(item, int) and not isinstance(item, bool)
              and item not in _INT_RANGE):
            raise _invalid(path, 'integers must be within -2^63 and 2^63-1')
        elif isinstance(item, float) and not math.isfinite(item):
            raise _invalid(path, 'numbers must be finite (%s is not)'
                           % item)


def _check_text(text, path):
    if '\x00' in text:
        raise _invalid(path, 'text may not contain NUL characters')
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        raise _invalid(path, 'text must be valid Unicode (it holds a lone '
                             'surrogate)')


def _invalid(path, reason):
    where = '/'.join(str(part) for part in path)
    if not where:
        return exception.ValidationError(
            detail='Invalid request body: %s.' % reason)
    return exception.ValidationError(
        detail='Invalid input for field/attribute %s: %s.' % (where, reason))
