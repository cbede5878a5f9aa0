# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Custom names (resource classes, traits) made to exist, remembering
which this process has seen exist.

A compute's report names the custom classes and traits of its NICs at
every run; once they were seen to exist, they are not read again (one in
use by a provider cannot be deleted).
"""


def ensure_all(context, names, standard, seen, read_custom, ensure):
    """The names not in ``standard`` exist: those not in ``seen`` are
    looked up (``read_custom(context)``) and the missing ones created
    (``ensure(context, name)``); ``seen`` grows with what exists."""
    wanted = set(names) - set(standard) - seen
    if not wanted:
        return
    seen.update(read_custom(context))
    for name in sorted(wanted - seen):
        ensure(context, name)
        seen.add(name)
