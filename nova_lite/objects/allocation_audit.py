"""Placement against the servers: what each compute node's provider holds
that it should not, and what its servers should hold and do not.

Per compute node:

* ``missing``: a server on the host that holds no allocation anywhere;
* ``deleted``: an allocation whose consumer is a deleted server;
* ``failed``: one whose consumer is a server in ERROR with no host (a
  build that failed, or was failed, before or after its claim);
* ``elsewhere``: one whose consumer is a live server of another host;
* ``migration``: one whose consumer is a migration that has ended
  (confirmed, reverted, failed): the source's allocation of a move, left
  behind;
* ``unknown``: one whose consumer is no server and no migration.

An allocation of a build that is still being scheduled (BUILD, no host),
of a shelved server being unshelved (no host until a compute takes it),
or of a move under way (the migration's on its source, the server's on
its destination) is none of these. ``deleted``, ``failed`` and
``migration`` are safe to remove at any time: nothing will use them.
The others need an operator's look (or ``--heal``): an ``unknown``
consumer may be another client's of placement.
"""
import dataclasses

from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

SAFE_TO_REMOVE = ('deleted', 'failed', 'migration')


@dataclasses.dataclass
class Finding:
    kind: str
    consumer: str
    node: object  # the compute node whose provider it is about
    instance: object = None

    @property
    def host(self):
        return self.node.host

    @property
    def safe_to_remove(self):
        return self.kind in SAFE_TO_REMOVE


def findings(context, instance_attrs=('flavor',)):
    """Every finding, compute node by compute node."""
    found = []
    for node in compute_node_obj.ComputeNodeList.get_all(context):
        found += _of_node(context, node, instance_attrs)
    return found


def _of_node(context, node, instance_attrs):
    on_host = {i.uuid: i for i in instance_obj.InstanceList.get_by_host(
        context, node.host, expected_attrs=sorted(instance_attrs))}
    consumers = placement_obj.Placement.consumers_on(context, node.uuid)
    found = [Finding('missing', uuid, node, instance)
             for uuid, instance in sorted(on_host.items())
             if uuid not in consumers and not
             placement_obj.Placement.allocations_of(context, uuid)]
    moving = {m.instance_uuid for m in
              migration_obj.MigrationList.in_progress_on_host(
                  context, node.host)}
    others = sorted(set(consumers) - set(on_host) - moving)
    known = {i.uuid: i for i in instance_obj.InstanceList.get_by_filters(
        context, {'uuid': others, 'read_deleted': True})} if others else {}
    moves = _migrations(context, sorted(set(others) - set(known)))
    for uuid in others:
        kind = (_kind_of_move(moves[uuid]) if uuid in moves
                else _kind(known.get(uuid)))
        if kind is not None:
            found.append(Finding(kind, uuid, node, known.get(uuid)))
    return found


def _migrations(context, uuids):
    """{uuid: Migration} of those of ``uuids`` that are migrations."""
    if not uuids:
        return {}
    return {m.uuid: m for m in migration_obj.MigrationList.get_by_filters(
        context, {'uuid': uuids})}


def _kind_of_move(migration):
    return None if migration.in_progress else 'migration'


def _kind(instance):
    """What an allocation on a host whose servers do not include its
    consumer is; None for a build being scheduled there."""
    if instance is None:
        return 'unknown'
    if instance.deleted:
        return 'deleted'
    if instance.host is not None:
        return 'elsewhere'
    if instance.vm_state == fields.VMState.ERROR:
        return 'failed'
    if (instance.vm_state == fields.VMState.BUILDING or
            instance.task_state == fields.TaskState.UNSHELVING):
        return None
    return 'failed'  # no host and not building: it runs nowhere


def remove(context, finding):
    """Drop the finding's allocation (an orphan's, not a missing one)."""
    placement_obj.Placement.unclaim(context, finding.consumer)
