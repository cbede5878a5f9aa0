# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lock that counts the sections held under it.

The periodic pass over the computes of a process reads the database for
many hosts at once, outside their trackers' locks, then recounts each
host under its lock. A claim or a free in between (a section under the
lock) may be missing from those reads; the count tells the pass so, and
that host is recounted from reads of its own instead.
"""
import contextlib
import threading


class CountedLock:

    def __init__(self):
        self._lock = threading.Lock()
        self._sections = 0

    def __enter__(self):
        self._lock.acquire()
        self._sections += 1
        return self

    def __exit__(self, *exc_info):
        self._lock.release()

    def mark(self):
        """The count now, taken while no section is under way."""
        with self._lock:
            return self._sections

    @contextlib.contextmanager
    def unchanged_since(self, mark):
        """Hold the lock (without counting): whether no section was held
        since ``mark``."""
        with self._lock:
            yield self._sections == mark
