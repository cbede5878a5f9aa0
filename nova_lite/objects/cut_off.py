# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A task a restart (or a lost request) cut off shows on the request that
asked for it.

Whoever ends such a task (a compute's reconciler, a conductor's recovery)
leaves the server as it can, and the server's last action, the
request's, gets an Error event saying what was cut off and how the server
was left: a user who asked for a shelve, a move or a create sees that it
did not happen, instead of nothing.
"""
from oslo_utils import timeutils

from nova_lite import exception
from nova_lite.objects import instance_action

EVENT = 'compute_init_host'  # a compute's start, where most are found
LOST_EVENT = 'conductor_recovery'  # a conductor's check for lost requests


class CutOff(exception.NovaLiteException):
    msg_fmt = '%(task)s was cut off on %(host)s; %(outcome)s'


class RequestLost(exception.NovaLiteException):
    msg_fmt = ('%(task)s: its request was lost (no service took it within '
               '%(seconds)d s); %(outcome)s')


def note(context, instance, task, host, outcome):
    """Record ``task`` (the task state it was cut off in) on the
    server's last action, with ``outcome`` (what the server is now)."""
    record(context, instance,
           CutOff(task=task, host=host, outcome=outcome), host)


def record(context, instance, error, host, event=EVENT):
    """``error`` as an Error event of the server's last action (the
    request that the end of its task answers), in that request's id."""
    asked = asking(context, instance.uuid)
    if asked is None:
        return
    instance_action.finish_event(asked, instance.uuid, event, error=error,
                                 started_at=timeutils.utcnow(), host=host)


def asking(context, instance_uuid):
    """``context`` in the request id of the server's last action (what a
    service that takes the request up again records goes on that
    request's action); None if the server has no action."""
    actions = instance_action.InstanceActionList.get_by_instance_uuid(
        context, instance_uuid, limit=1)
    if not actions:
        return None
    return context.from_dict(dict(context.to_dict(),
                                  request_id=actions[0].request_id),
                             overwrite=False)
