# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which conductor process drives a build while it is being scheduled.

A build's request is a cast: the conductor that takes it off the queue is
the only one that knows it is under way. When that process dies, its
builds would stay in BUILD until ``[conductor] build_timeout``. So the
conductor writes its name, ``host:incarnation``, on the build as it takes
it (a compare-and-swap: a second delivery of the same request, or a
retry, finds it taken). A conductor starting on a host ends the builds
that an earlier process of that host had taken; a build that no conductor
took within ``[conductor] build_retry_after`` has lost its request and is
cast again.

Conductors only (they hold the database): nothing here is remotable.
"""
import datetime

from oslo_utils import timeutils
from oslo_utils import uuidutils

from nova_lite.db.api import instances as db
from nova_lite.objects import fields

_SCHEDULING = {'vm_state': fields.VMState.BUILDING,
               'task_state': fields.TaskState.SCHEDULING}


def new_owner(host):
    """This process's name as a builds' driver."""
    return '%s:%s' % (host, uuidutils.generate_uuid(dashed=False)[:12])


def take(context, instance_uuid, owner, force=False):
    """Whether ``owner`` now drives the build (False: another conductor
    does, or it is no longer being scheduled). ``force``: a reschedule,
    which the compute hands to whichever conductor gets it."""
    return db.take_build(context, instance_uuid, owner, _SCHEDULING,
                         force=force)


def of_earlier_processes(context, host, owner):
    """Uuids of builds being scheduled that an earlier conductor process
    on ``host`` had taken (it is gone: ``owner`` runs there now)."""
    return [uuid for uuid, driver, _at in db.unplaced_builds(
        context, _SCHEDULING, owner_prefix=host + ':')
        if driver != owner]


def untaken_since(context, seconds):
    """Uuids of builds being scheduled that no conductor has taken, last
    changed more than ``seconds`` ago."""
    cutoff = timeutils.utcnow() - datetime.timedelta(seconds=seconds)
    return [uuid for uuid, driver, at in db.unplaced_builds(
        context, _SCHEDULING)
        if driver is None and at is not None and at < cutoff]
