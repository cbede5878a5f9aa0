# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Audit periods: ``hour``, ``day``, ``month`` or ``year``, optionally
``@N`` (the minute of the hour, the hour of the day, the day of the
month or the month of the year each period starts at; the first by
default), as ``instance_usage_audit_period`` names them.
"""
import datetime

UNITS = ('hour', 'day', 'month', 'year')
# The offsets each unit takes (a month's day stops at 28: every month
# has it).
_OFFSETS = {'hour': range(0, 60), 'day': range(0, 24),
            'month': range(1, 29), 'year': range(1, 13)}


def parse(text):
    """(unit, offset); ValueError for a period no unit names, or an
    offset the unit does not have."""
    unit, _sep, offset = text.partition('@')
    if unit not in UNITS:
        raise ValueError('audit period %r is not one of %s' % (
            text, ', '.join(UNITS)))
    number = int(offset) if offset else _OFFSETS[unit][0]
    if number not in _OFFSETS[unit]:
        raise ValueError('audit period %r starts at no %s' % (text, unit))
    return unit, number


def _months_back(when, months):
    index = when.year * 12 + when.month - 1 - months
    return when.replace(year=index // 12, month=index % 12 + 1)


def _step_back(unit, start):
    if unit == 'hour':
        return start - datetime.timedelta(hours=1)
    if unit == 'day':
        return start - datetime.timedelta(days=1)
    return _months_back(start, 1 if unit == 'month' else 12)


def _latest_start(unit, offset, before):
    """The latest start of a period at or before ``before``."""
    if unit == 'hour':
        start = before.replace(minute=offset, second=0, microsecond=0)
    elif unit == 'day':
        start = before.replace(hour=offset, minute=0, second=0,
                               microsecond=0)
    elif unit == 'month':
        start = before.replace(day=offset, hour=0, minute=0, second=0,
                               microsecond=0)
    else:
        start = before.replace(month=offset, day=1, hour=0, minute=0,
                               second=0, microsecond=0)
    return start if start <= before else _step_back(unit, start)


def current(text, now):
    """(beginning, now) of the period of ``text`` under way at ``now``."""
    unit, offset = parse(text)
    return _latest_start(unit, offset, now), now


def last_completed(text, before):
    """(beginning, ending) of the last period of ``text`` that ended at
    or before ``before`` (a naive UTC datetime)."""
    unit, offset = parse(text)
    ending = _latest_start(unit, offset, before)
    return _step_back(unit, ending), ending
