# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's ``uptime`` line, as the command prints it, from /proc."""
import datetime
import os


def _up_for(seconds):
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    clock = '%2d:%02d' % (hours, minutes) if hours else '%d min' % minutes
    if not days:
        return clock
    return '%d day%s, %s' % (days, '' if days == 1 else 's', clock)


def line(proc='/proc'):
    with open(os.path.join(proc, 'uptime')) as f:
        seconds = float(f.read().split()[0])
    with open(os.path.join(proc, 'loadavg')) as f:
        loads = f.read().split()[:3]
    now = datetime.datetime.now().strftime('%H:%M:%S')
    return ' %s up %s,  0 users,  load average: %s' % (
        now, _up_for(seconds), ', '.join(loads))
