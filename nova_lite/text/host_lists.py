# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hosts named in a message: a few of them, and how many more."""


def some(hosts, shown=3):
    """'a, b, c and 4 more' of the sorted ``hosts``."""
    hosts = sorted(hosts)
    more = len(hosts) - shown
    return ', '.join(hosts[:shown]) + (' and %d more' % more
                                       if more > 0 else '')
