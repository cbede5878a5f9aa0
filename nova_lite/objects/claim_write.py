# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ClaimWrite: what a claim writes, in one transaction.

A claim on a compute (a build's, an unshelve's) writes the instance's
pending changes (its host, its task state, its plugins' records) with the
steps of the request's action they complete, the instance's vNICs (each
keeping its address if it stays on its network, else taking its
network's lowest free one; NetworkExhausted if there is none) and the
compute node's usage: whoever reads the instance on its host reads the
host's usage with it. A move's end taken (the instance's new flavor and
vNICs) and a build's end (ACTIVE, with its event closed) are written the
same way. On a compute without a database the write runs on the
conductor (``commit`` sends it), and the instance it was given reads what
was written.
"""
from nova_lite.db.api import claim_writes as db
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import virtual_interface


@base.NovaLiteObjectRegistry.register
class ClaimWrite(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        # Its pending changes are written.
        'instance': fields.ObjectField('Instance'),
        # Conflict unless the instance's task state is one of these.
        'expected_task_state': fields.ListOfStringsField(nullable=True,
                                                         default=None),
        'steps': fields.ListOfObjectsField('ActionStep', default=[]),
        # The instance's vNICs to be (with ``network`` and how to plug
        # each, by index), and {network: [first, last, gateway]}.
        'vifs': fields.ListOfObjectsField('VirtualInterface', nullable=True,
                                          default=None),
        'pools': fields.DictOfListOfStringsField(nullable=True,
                                                 default=None),
        # Its changes are written too; the caller that passed it over RPC
        # marks it saved itself.
        'node': fields.ObjectField('ComputeNode', nullable=True,
                                   default=None),
    }

    def commit(self):
        """Write it; the instance given to it then reads as written."""
        self.obj_set_defaults()
        instance = self.instance
        self._write()
        if self.instance is not instance:  # the write came back over RPC
            for name in instance_obj.WRITTEN:
                setattr(instance, name, getattr(self.instance, name))
            if self.vifs is not None:
                instance.vifs = self.instance.vifs
            instance.obj_reset_changes()
            self.instance = instance

    @base.remotable
    def _write(self):
        instance = self.instance
        values, extra = instance.pending()
        node = self.node
        node_changes = node.column_changes() if node is not None else None
        events = [step.for_db(self._context.request_id)
                  for step in self.steps]
        row = virtual_interface.with_fresh_macs(
            lambda wanted: db.write(
                self._context, instance.uuid, values,
                expected_task_state=self.expected_task_state, extra=extra,
                events=events,
                vifs=None if wanted is None else (wanted, self.pools),
                node=(node.id, node_changes) if node_changes else None),
            self.vifs)
        if node_changes:
            node.saved_as(row.node_row)
        instance.written(row)
        if self.vifs is not None:
            instance.vifs = [virtual_interface.VirtualInterface.from_db(
                self._context, vif) for vif in row.vif_rows]
        instance.obj_reset_changes()


def from_instance_save(instance, expected_task_state=None, events=(),
                       vifs=None, pools=None, node=None):
    """The write an Instance 1.8's ``save`` with a claim's arguments asked
    for (a compute of the release before, during a rolling upgrade):
    ``events`` as ``(kind, name, detail)``."""
    steps = []
    for kind, name, detail in events or ():
        if kind == instance_action.ActionStep.OPENED:
            steps.append(instance_action.ActionStep.opened(name, detail))
        elif kind == instance_action.ActionStep.CLOSED:
            steps.append(instance_action.ActionStep.closed(name, detail))
        else:
            steps.append(instance_action.ActionStep.whole(name, *detail))
    return ClaimWrite(
        instance._context, instance=instance,
        expected_task_state=(
            None if expected_task_state is None else
            [expected_task_state] if isinstance(expected_task_state, str)
            else list(expected_task_state)),
        steps=steps, vifs=vifs, pools=pools, node=node)
