# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement against the servers: what each compute node's provider (and
its children: a NIC's, a PCI device's) holds that it should not, and what
its servers should hold and do not.

Per compute node:

* ``missing``: a server on the host that holds no allocation anywhere;
* ``deleted``: an allocation whose consumer is a deleted server;
* ``failed``: one whose consumer is a server in ERROR with no host (a
  build that failed, or was failed, before or after its claim);
* ``offloaded``: one whose consumer is a shelved server offloaded from
  its host (an offload cut off after the guest went);
* ``elsewhere``: one whose consumer is a live server of another host;
* ``migration``: one whose consumer is a migration that has ended
  (confirmed, reverted, failed): the source's allocation of a move, left
  behind;
* ``unknown``: one whose consumer is no server and no migration.

An allocation of a build that is still being scheduled (BUILD, no host),
of a shelved server being unshelved (no host until a compute takes it),
or of a move under way (the migration's on its source, the server's on
its destination) is none of these. ``deleted``, ``failed``,
``offloaded`` and ``migration`` are safe to remove at any time: nothing
will use them. The others need an operator's look (or ``--heal``): an
``unknown`` consumer may be another client's of placement.
"""
import dataclasses

from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

SAFE_TO_REMOVE = ('deleted', 'failed', 'offloaded', 'migration')


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
    """Every finding, compute node by compute node. The reads are a few
    for the whole cloud, not a few per host: the conductor runs this
    every ``heal_interval``, whatever the number of hosts."""
    nodes = compute_node_obj.ComputeNodeList.get_all(context)
    servers = _servers_by_host(context, {n.host for n in nodes},
                               instance_attrs)
    held = placement_obj.Placement.consumers_on_each_tree(
        context, [n.uuid for n in nodes])
    moving = _moving_by_host(context)
    others = {n.uuid: sorted(set(held[n.uuid]) - set(servers[n.host]) -
                             moving.get(n.host, set())) for n in nodes}
    every_other = sorted(set().union(*others.values()))
    known = {i.uuid: i for i in instance_obj.InstanceList.get_by_filters(
        context, {'uuid': every_other, 'read_deleted': True})
    } if every_other else {}
    moves = _migrations(context, sorted(set(every_other) - set(known)))
    found = []
    for node in nodes:
        found += _missing(context, node, servers[node.host], held[node.uuid])
        for uuid in others[node.uuid]:
            kind = (_kind_of_move(moves[uuid]) if uuid in moves
                    else _kind(known.get(uuid)))
            if kind is not None:
                found.append(Finding(kind, uuid, node, known.get(uuid)))
    return found


def _servers_by_host(context, hosts, instance_attrs):
    """{host: {uuid: server}} of the servers on ``hosts``."""
    found = {host: {} for host in hosts}
    if hosts:
        for server in instance_obj.InstanceList.get_by_filters(
                context, {'host': sorted(hosts)},
                expected_attrs=sorted(instance_attrs)):
            found[server.host][server.uuid] = server
    return found


def _moving_by_host(context):
    """{host: uuids of the servers with a move under way from or to
    it}."""
    found = {}
    for migration in migration_obj.MigrationList.get_by_filters(
            context, {'in_progress': True}):
        for host in (migration.source_compute, migration.dest_compute):
            found.setdefault(host, set()).add(migration.instance_uuid)
    return found


def _missing(context, node, on_host, consumers):
    """Servers on the node's host that hold no allocation anywhere."""
    return [Finding('missing', uuid, node, instance)
            for uuid, instance in sorted(on_host.items())
            if uuid not in consumers and not
            placement_obj.Placement.allocations_of(context, uuid)]


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
    if instance.vm_state == fields.VMState.SHELVED_OFFLOADED:
        return 'offloaded'
    return 'failed'  # no host and not building: it runs nowhere


def remove(context, finding):
    """Drop the finding's allocation (an orphan's, not a missing one)."""
    placement_obj.Placement.unclaim(context, finding.consumer)
