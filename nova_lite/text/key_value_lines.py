# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Config lines of comma-separated ``key=value`` pairs (``[networks]
network``, a resource plugin's host NICs): one parser, one way of saying
what is wrong."""


def pairs(line, known, invalid):
    """{key: value} of ``line``; ``invalid(line, reason)`` makes the error
    raised for a pair that does not parse or a key not in ``known``."""
    values = {}
    for part in line.split(','):
        key, sep, value = part.partition('=')
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise invalid(line, "expected key=value, got '%s'"
                          % part.strip())
        if key not in known:
            raise invalid(line, "unknown key '%s' (known: %s)"
                          % (key, ', '.join(sorted(known))))
        values[key] = value
    return values


def required(line, values, keys, invalid):
    """Raise ``invalid`` naming the first of ``keys`` missing or empty."""
    for key in keys:
        if not values.get(key):
            raise invalid(line, "'%s' is required" % key)
