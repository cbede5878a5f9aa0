# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Daemons known by their pid files: read one, ask whether its process
lives, signal it (a process that is gone already is no error)."""
import os


def read(path):
    """The pid the file holds, or 0 if it holds none."""
    try:
        with open(path) as pidfile:
            return int(pidfile.read().strip() or 0)
    except (OSError, ValueError):
        return 0


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie of ours is not alive (it only awaits its reaping).
    try:
        with open('/proc/%d/stat' % pid) as stat:
            return stat.read().split(') ', 1)[1][0] != 'Z'
    except OSError:
        return False


def send(pid, signum):
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass
