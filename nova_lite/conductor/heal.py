# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor's periodic heal of placement: allocations no server will
use are removed, and so are addresses held by no server; what the audit
finds that is not safe to remove is logged, once a second check finds it
again (a move of an allocation under way looks like one for an instant).
"""
from futurist import periodics
from oslo_log import log as logging

from nova_lite import context as nl_context
from nova_lite.objects import allocation_audit
from nova_lite.objects import virtual_interface

LOG = logging.getLogger(__name__)


def periodic_task(conf):
    """The heal at the conductor's start (what operations a crash cut off
    left is removed at once, not an interval later) and every
    ``[conductor] heal_interval`` s; None if 0."""
    interval = conf.conductor.heal_interval
    if not interval:
        return None
    seen = set()

    @periodics.periodic(interval, run_immediately=True)
    def heal_allocations():
        try:
            heal(nl_context.get_admin_context(), seen)
        except Exception:
            LOG.exception('healing placement failed')
    return heal_allocations


def heal(context, seen=None):
    """Remove the allocations no server will use; their number. Log the
    other findings once a second check finds them again. ``seen``: what
    the previous check left, updated."""
    removed = 0
    found = allocation_audit.findings(context)
    for finding in found:
        if finding.safe_to_remove:
            allocation_audit.remove(context, finding)
            removed += 1
            LOG.warning('removed the allocation of %s on %s: %s',
                        finding.consumer, finding.host, finding.kind)
        elif seen is not None and _key(finding) in seen:
            LOG.warning('placement audit: %s allocation of %s on %s, left '
                        'for nova-lite-manage placement audit --heal',
                        finding.kind, finding.consumer, finding.host)
    if seen is not None:
        seen.clear()
        seen.update(_key(f) for f in found if not f.safe_to_remove)
    return removed + _free_orphaned_addresses(context)


def _free_orphaned_addresses(context):
    """Addresses held by no server (its delete or failure crashed before
    it gave them back): freed; their number. The network service's ports
    such a server left stay recorded: only ``placement audit --heal``,
    which asks the network service to free them, may forget them (their
    record is all that still names them)."""
    vifs = [vif for vif in virtual_interface.VirtualInterfaceList
            .held_by_no_server(context) if not vif.is_port]
    for vif in vifs:
        LOG.warning('freed address %s on %s of %s: its server is deleted '
                    'or failed', vif.address, vif.network, vif.instance_uuid)
    return virtual_interface.VirtualInterfaceList.heal(
        context, [vif.id for vif in vifs]) if vifs else 0


def _key(finding):
    return finding.kind, finding.consumer, finding.host
