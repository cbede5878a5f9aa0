# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A claim's write: the instance's change and what must be seen with it,
in one transaction, from the writers of each table.

The instance's row (its host, task state, extra records) comes first and
is read locked, so a change whose expected task state moved on is refused
before anything else is written; then the steps of the request's action
(``instance_actions.record_in``), the instance's vNICs with their
addresses (``virtual_interfaces.allocate_in``) and the compute node's
usage (``compute_nodes.update_in``). The scheduler, which stops counting
an instance's placement once its host is set, sees the host and the
node's usage together or not at all.
"""
from nova_lite.db.api import compute_nodes
from nova_lite.db.api import instance_actions
from nova_lite.db.api import instances
from nova_lite.db.api import virtual_interfaces
from nova_lite.db import engine


@engine.writer
def write(context, uuid, values, expected_task_state=None, extra=None,
          events=(), vifs=None, node=None):
    """The instance's ``values`` and ``extra`` (``instances.update_in``);
    ``events`` (each ``(kind, request_id, name, detail)``: 'start' with
    the host, 'finish' with the result, 'whole' with (start time, host,
    result)) recorded as steps of the request's action (none if it
    recorded no action); ``vifs`` ((wanted, pools)) as the instance's
    vNICs, their rows on the result as ``vif_rows``; ``node`` ((id,
    values)) a compute node's change, its row on the result as
    ``node_row``."""
    row = instances.update_in(context.session, uuid, values,
                              expected_task_state, extra)
    if events:
        instance_actions.record_in(context.session, uuid, events)
    if vifs is not None:
        row.vif_rows = virtual_interfaces.allocate_in(context.session, uuid,
                                                      *vifs)
    if node is not None:
        row.node_row = compute_nodes.update_in(context.session, *node)
    return row
