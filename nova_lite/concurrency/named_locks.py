# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One lock per name, made on first use, inside one process: a delete
waits for the build of the same instance, a second download of an image
waits for the first."""
import collections
import threading


class NamedLocks:

    def __init__(self):
        self._locks = collections.defaultdict(threading.Lock)
        self._guard = threading.Lock()

    def get(self, name):
        with self._guard:
            return self._locks[name]

    def forget(self, name):
        with self._guard:
            self._locks.pop(name, None)
