# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite-manage placement audit [--heal]``: placement against the
servers (``nova_lite.objects.allocation_audit`` says what is found), and
the fixed addresses and the network service's ports against them (an
address or port held by a deleted server or by one in ERROR without a
host is held by no server: a server deleted while the network service
could not be reached left its ports so).

It also lists the providers of compute nodes that are gone (the
COMPUTE_NODE trait's roots that no compute node has).

``--heal`` writes each missing allocation as the host's compute would
(the flavor on the host, the resource plugins' records on its children)
and removes every other finding's allocation, frees the addresses and
ports no server holds (a port made for its server is deleted, the user's
own unbound), and removes the orphaned providers that hold nothing.
"""
from nova_lite.compute import placement_report
from nova_lite import exception
from nova_lite.objects import allocation_audit
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import virtual_interface

_REASONS = {'missing': '', 'deleted': ' (server deleted)',
            'failed': ' (server in ERROR without a host)',
            'offloaded': ' (server shelved and offloaded)',
            'elsewhere': ' (server on another host)',
            'migration': ' (a move that has ended)',
            'unknown': ' (no such server)'}


def audit(context, heal, out, plugins=(), network=None):
    """Print the findings (and fix them with ``heal``); their count.
    ``network``: the network backend, which frees orphaned ports."""
    attrs = {'flavor'}.union(*(p.instance_attrs for p in plugins))
    found = allocation_audit.findings(context, attrs)
    for finding in found:
        word = 'missing ' if finding.kind == 'missing' else 'orphaned'
        out('%s %s on %s%s' % (word, finding.consumer, finding.host,
                               _REASONS[finding.kind]))
        if heal:
            _heal(context, finding, plugins)
    vifs = virtual_interface.VirtualInterfaceList.held_by_no_server(context)
    for vif in vifs:
        out('orphaned %s %s on %s (%s) of %s (its server is deleted or in '
            'ERROR without a host)' % (
                'port' if vif.is_port else 'address',
                vif.uuid if vif.is_port else vif.address, vif.network,
                vif.mac, vif.instance_uuid))
    if heal:
        _free(context, vifs, network, out)
    trees = placement_obj.Placement.orphaned_compute_trees(context)
    for uuid, name, consumers in trees:
        _orphaned_tree(context, heal, out, uuid, name, consumers)
    count = len(found) + len(vifs) + len(trees)
    out('%d finding%s%s' % (count, '' if count == 1 else 's',
                            ', healed' if heal and count else ''))
    return count


def _free(context, vifs, network, out):
    """Free the orphaned addresses, and the orphaned ports the network
    service frees (deleted, or unbound if they were the user's own); a
    port it cannot free now stays recorded, for the next audit."""
    freed = []
    for vif in vifs:
        if vif.is_port:
            try:
                network.free_port(vif)
            except exception.NovaLiteException as e:
                out('port %s not freed: %s' % (vif.uuid,
                                               e.format_message()))
                continue
        freed.append(vif)
    virtual_interface.VirtualInterfaceList.heal(context,
                                                [vif.id for vif in freed])


def _orphaned_tree(context, heal, out, uuid, name, consumers):
    """A compute node's provider whose compute node is gone: removed with
    ``heal`` when nothing is allocated in its tree."""
    out('orphaned provider %s (%s): no compute node%s' % (
        uuid, name, '; it still holds allocations of %s' % ', '.join(
            consumers) if consumers else ''))
    if heal and not consumers:
        placement_obj.Placement.delete_provider(context, uuid)


def _heal(context, finding, plugins):
    if finding.kind != 'missing':
        allocation_audit.remove(context, finding)
        return
    instance = finding.instance
    placement_obj.Placement.claim_allocations(
        context, instance.uuid, placement_report.allocations_of(
            finding.node, instance, plugins),
        instance.project_id, instance.user_id)
