# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The periodic tasks of every compute a process runs, each one pass over
them all.

A process runs one compute (a daemon) or a thousand (the all-in-one's
simulated hosts). Each compute recounting its own resources read its
instances, its moves, its provider tree and the consumers on it: five
reads a host, every minute, and two more for the abandoned-task check. A
pass reads the same for ``CHUNK`` hosts at a time in as many statements
as one host took, then acts on each host with what it read.

Reads made outside a tracker's lock may miss a claim or a free made
before the host's turn comes: the tracker's counted lock tells, and such
a host is recounted on its own, from fresh reads, as it always was. A
compute alone in its process takes that path every time (no pass saves
it anything, and it asks nothing of its conductor that an older one
does not know).
"""
import contextlib

from oslo_log import log as logging

from nova_lite.compute import placement_report
from nova_lite.compute import resource_tracker
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)

# Hosts read together: bounds a statement's list of hosts, and how long a
# stopping compute may wait for the pass to let go of it.
CHUNK = 250
RECOUNT = 'update_available_resource'
ABANDONED = 'finishing abandoned tasks'


def update_resources(context, runs):
    """``update_available_resource`` of the computes' resource trackers
    (ServiceTasks runs)."""
    _pass(runs, RECOUNT, lambda manager: manager.rt,
          lambda rt: _update_alone(context, rt),
          lambda trackers: _update_together(context, trackers))


def finish_abandoned(context, runs, seconds):
    """``finish_abandoned`` of the computes' reconcilers (ServiceTasks
    runs)."""
    _pass(runs, ABANDONED, lambda manager: manager.reconciler,
          lambda reconciler: _finish_abandoned_alone(context, reconciler,
                                                     seconds),
          lambda reconcilers: _finish_abandoned_together(
              context, reconcilers, seconds))


def _pass(runs, what, part, alone, together):
    """``alone(part(manager))`` for a compute alone in its process, else
    ``together([part(manager)...])`` for each chunk of the live ones."""
    if len(runs) == 1:
        with runs[0].turn() as live:
            if live:
                alone(part(runs[0].manager))
        return
    for managers in _in_turn(runs):
        with _one_host(what, '%d hosts' % len(managers)):
            together([part(manager) for manager in managers])


def _in_turn(runs):
    """The live managers of ``runs``, ``CHUNK`` at a time, each chunk's
    services held (their own tasks wait, a stop waits) while it is
    used."""
    for offset in range(0, len(runs), CHUNK):
        with contextlib.ExitStack() as turns:
            yield [run.manager for run in runs[offset:offset + CHUNK]
                   if turns.enter_context(run.turn())]


@contextlib.contextmanager
def _one_host(what, host):
    """A host's failure (or a chunk's) is logged and the pass goes on
    with the others."""
    try:
        yield
    except Exception:
        LOG.exception('%s failed on %s', what, host)


def _update_alone(context, rt):
    with _one_host(RECOUNT, rt.host):
        rt.update_available_resource(context)


def _finish_abandoned_alone(context, reconciler, seconds):
    with _one_host(ABANDONED, reconciler.host):
        reconciler.finish_abandoned(context, seconds)


def _update_together(context, trackers):
    marks = {rt: rt.mark() for rt in trackers}
    resources = {}
    for rt in trackers:
        if rt.compute_node is not None:  # else its first report, alone
            with _one_host(RECOUNT, rt.host):
                resources[rt] = rt.available_resources()
    usage = _usage_of(context, list(resources))
    refreshed, changed = _refresh_together(context, resources, marks, usage)
    alone = [rt for rt in trackers if rt.compute_node is None] + changed
    alone += _heal_together(context, refreshed, marks, usage)
    for rt in alone:
        _update_alone(context, rt)
    LOG.debug('recounted %d hosts in one pass, %d of them alone',
              len(trackers), len(alone))


def _refresh_together(context, resources, marks, usage):
    """Recount each host from the pass's reads: (those recounted, those
    whose tracker changed since its mark)."""
    refreshed, changed = [], []
    for rt in resources:
        with _one_host(RECOUNT, rt.host):
            if rt.refresh_from(context, marks[rt], resources[rt],
                               *usage[rt.host]):
                refreshed.append(rt)
            else:
                changed.append(rt)
    return refreshed, changed


def _heal_together(context, trackers, marks, usage):
    """Report the trackers' trees and heal their allocations; those whose
    tracker changed meanwhile (to be done alone)."""
    if not trackers:
        return []
    shared = trackers[0].conf.compute.shared_storage_provider
    failed = placement_obj.Placement.report_trees(context, [
        placement_report.tree_of(rt.compute_node, rt.plugins, shared)
        for rt in trackers])
    consumers = placement_obj.Placement.consumers_on_each(
        context, [rt.compute_node.uuid for rt in trackers])
    changed = []
    for rt in trackers:
        node = rt.compute_node
        if node.uuid in failed:
            LOG.error('%s failed on %s: %s', RECOUNT, rt.host,
                      failed[node.uuid])
            continue
        with _one_host(RECOUNT, rt.host):
            pool = placement_report.joined_pool(context, node, shared)
            if not rt.heal_from(context, marks[rt], *usage[rt.host],
                                consumers[node.uuid], pool):
                changed.append(rt)
    return changed


def _usage_of(context, trackers):
    """{host: (its instances, {instance uuid: MigrationContext} of the
    moves under way from or to it)} of the trackers' hosts: three reads
    for them all (four with a move whose server is elsewhere)."""
    if not trackers:
        return {}
    hosts = [rt.host for rt in trackers]
    attrs = trackers[0].instance_attrs()
    on_host = _by_host(context, hosts, attrs)
    moving = resource_tracker.moves_on(
        context, on_host, migration_obj.MigrationList.in_progress_on_hosts(
            context, hosts), attrs)
    return {host: (on_host[host], moving[host]) for host in hosts}


def _by_host(context, hosts, attrs):
    """{host: [its instances]} of ``hosts``, in one read (two with the
    instances' extras)."""
    found = {host: [] for host in hosts}
    for instance in instance_obj.InstanceList.get_by_filters(
            context, {'host': hosts}, expected_attrs=attrs):
        found[instance.host].append(instance)
    return found


def _finish_abandoned_together(context, reconcilers, seconds):
    busy = {r: r.operations.busy() for r in reconcilers}
    on_host = _by_host(context, [r.host for r in reconcilers], ['flavor'])
    providers = {r: r.provider for r in reconcilers}
    consumers = placement_obj.Placement.consumers_on_each(
        context, [uuid for uuid in providers.values() if uuid])
    confirming = migration_obj.confirming_from(
        context, [r.host for r in reconcilers])
    for reconciler in reconcilers:
        with _one_host(ABANDONED, reconciler.host):
            reconciler.finish_abandoned_seen(
                context, seconds, on_host[reconciler.host],
                consumers.get(providers[reconciler], {}),
                busy[reconciler], confirming[reconciler.host])
