# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The last completed audit period before a time, per unit and offset."""
import datetime

import pytest

from nova_lite import audit_period

NOW = datetime.datetime(2026, 1, 27, 5, 40, 12)


@pytest.mark.parametrize('period, beginning, ending', [
    ('hour', (2026, 1, 27, 4), (2026, 1, 27, 5)),
    ('hour@50', (2026, 1, 27, 3, 50), (2026, 1, 27, 4, 50)),
    ('day', (2026, 1, 26), (2026, 1, 27)),
    ('day@6', (2026, 1, 25, 6), (2026, 1, 26, 6)),
    ('month', (2025, 12, 1), (2026, 1, 1)),
    ('month@28', (2025, 11, 28), (2025, 12, 28)),
    ('year', (2025, 1, 1), (2026, 1, 1)),
    ('year@3', (2024, 3, 1), (2025, 3, 1)),
])
def test_last_completed(period, beginning, ending):
    assert audit_period.last_completed(period, NOW) == (
        datetime.datetime(*beginning), datetime.datetime(*ending))


def test_a_period_that_ends_now_is_completed():
    assert audit_period.last_completed(
        'day', datetime.datetime(2026, 1, 27))[1] == datetime.datetime(
        2026, 1, 27)


@pytest.mark.parametrize('period', ['week', 'month@29', 'hour@60',
                                    'year@0', 'day@x'])
def test_unknown_periods_are_refused(period):
    with pytest.raises(ValueError):
        audit_period.parse(period)
