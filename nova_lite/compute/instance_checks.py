# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Checks and records every action on a server starts with."""
from nova_lite import exception
from nova_lite.objects import instance_action


def check_state(instance, action, vm_states, needs_host=True):
    """409 unless the server is in one of ``vm_states`` with no task under
    way (and on a host, with ``needs_host``), naming the task under way or
    else the state."""
    busy = instance.task_state is not None
    if busy or instance.vm_state not in vm_states or (
            needs_host and not instance.host):
        raise exception.InstanceInvalidState(
            action=action, instance_uuid=instance.uuid,
            attr='task_state' if busy else 'vm_state',
            state=instance.task_state if busy else instance.vm_state)


def record_action(context, instance, action):
    """The request's action on the server, for its history."""
    instance_action.InstanceAction.action_start(context, instance.uuid,
                                                action)
