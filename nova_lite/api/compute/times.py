# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""How times read in the compute API's bodies."""


def with_microseconds(value):
    """``2026-11-24T03:52:23.000000`` (UTC, no zone), as Nova gives the
    times of key pairs and instance actions; None stays None."""
    return value.strftime('%Y-%m-%dT%H:%M:%S.%f') if value else None
