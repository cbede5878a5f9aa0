# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A task a restart cut off shows on the request that asked for it.

The reconciler ends such a task (the server left as its guest is), and
the server's last action, the request's, gets an Error event saying what
was cut off and how the server was left: a user who asked for a shelve
or a reboot sees that it did not happen, instead of nothing.
"""
from oslo_utils import timeutils

from nova_lite import exception
from nova_lite.objects import instance_action

EVENT = 'compute_init_host'  # the compute's start, where it is found


class CutOff(exception.NovaLiteException):
    msg_fmt = '%(task)s was cut off by a restart of %(host)s; %(outcome)s'


def note(context, instance, task, host, outcome):
    """Record ``task`` (the task state it was cut off in) on the
    server's last action, with ``outcome`` (what the server is now)."""
    actions = instance_action.InstanceActionList.get_by_instance_uuid(
        context, instance.uuid, limit=1)
    if not actions:
        return
    asked = context.from_dict(dict(context.to_dict(),
                                   request_id=actions[0].request_id),
                              overwrite=False)
    instance_action.finish_event(
        asked, instance.uuid, EVENT,
        error=CutOff(task=task, host=host, outcome=outcome),
        started_at=timeutils.utcnow(), host=host)
