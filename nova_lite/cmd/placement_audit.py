"""``nova-lite-manage placement audit [--heal]``: placement against the
servers.

Missing: a server on a host that holds no allocation at all. Orphaned: an allocation on a host's provider whose
consumer is no live server of that host (deleted, elsewhere, or no server
at all) and is not a build still being scheduled there. ``--heal`` writes
the missing ones and removes the orphans.
"""
from nova_lite.compute import placement_report
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import placement as placement_obj


def _findings(context, node, plugins):
    attrs = {'flavor'}.union(*(p.instance_attrs for p in plugins))
    on_host = {i.uuid: i for i in instance_obj.InstanceList.get_by_host(
        context, node.host, expected_attrs=sorted(attrs))}
    consumers = placement_obj.Placement.consumers_on(context, node.uuid)
    missing = [i for uuid, i in sorted(on_host.items())
               if uuid not in consumers and not
               placement_obj.Placement.allocations_of(context, uuid)]
    others = sorted(set(consumers) - set(on_host))
    known = {i.uuid: i for i in instance_obj.InstanceList.get_by_filters(
        context, {'uuid': others, 'read_deleted': True})} if others else {}
    orphans = [uuid for uuid in others
               if not _scheduled_here(known.get(uuid))]
    return missing, orphans


def _scheduled_here(instance):
    return (instance is not None and not instance.deleted and
            instance.host is None)


def audit(context, heal, out, plugins=()):
    """Print the findings (and fix them with ``heal``); their count.
    A missing allocation is written as the host's compute would heal it:
    the flavor on the host, the resource plugins' records on its
    children."""
    count = 0
    for node in compute_node_obj.ComputeNodeList.get_all(context):
        missing, orphans = _findings(context, node, plugins)
        for instance in missing:
            out('missing  %s on %s' % (instance.uuid, node.host))
            if heal:
                placement_obj.Placement.claim_allocations(
                    context, instance.uuid, placement_report.allocations_of(
                        node, instance, plugins),
                    instance.project_id, instance.user_id)
        for uuid in orphans:
            out('orphaned %s on %s' % (uuid, node.host))
            if heal:
                placement_obj.Placement.unclaim(context, uuid)
        count += len(missing) + len(orphans)
    out('%d finding%s%s' % (count, '' if count == 1 else 's',
                            ', healed' if heal and count else ''))
    return count
