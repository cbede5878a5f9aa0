# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A live migration (Nova's LiveMigrationTask): refused for a server with
host PCI devices, else its destination found, claimed and checked (the
same hypervisor as the source, no older; the destination's own
pre-check) before the API's call returns, then the move sent to the
source."""
from nova_lite.conductor.tasks import move
from nova_lite import exception
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import migration as migration_obj


class LiveMigrationTask(move.MoveTask):

    kind = migration_obj.LIVE_MIGRATION
    event = 'conductor_live_migrate_instance'

    def __init__(self, context, instance, peers, host=None,
                 block_migration=False, force=False, migration=None):
        super().__init__(context, instance, peers, host, force, migration)
        self.block_migration = block_migration

    def _execute(self):
        self.start()
        self._check_no_pci_devices()
        chosen = self.destination()
        self._check_compatible(chosen)
        self.peers.computes.check_can_live_migrate_destination(
            self.context, self.instance, self.migration,
            chosen.allocations())
        self.migration.set_status('queued')
        self.peers.computes.live_migration(
            self.context, self.instance, self.migration,
            self.block_migration)

    def _check_no_pci_devices(self):
        """A guest holding host PCI devices cannot be moved live (Nova
        moves only a network port's devices so): the move ends before a
        destination is looked for."""
        if self.instance.pci_devices:
            raise exception.MigrationPreCheckError(
                reason='non-VIF related PCI requests for instance are not '
                       'allowed for live migration.')

    def _check_compatible(self, chosen):
        """The destination runs the same hypervisor as the source, no
        older (a guest cannot move back to a hypervisor older than its
        own)."""
        source_host = self.instance.host
        nodes = {n.host: n for n in compute_node_obj.ComputeNodeList.get_all(
            self.context) if n.host in (source_host, chosen.service_host)}
        source, dest = nodes.get(source_host), nodes.get(chosen.service_host)
        if source is None or dest is None:
            return
        if source.hypervisor_type != dest.hypervisor_type:
            raise exception.MigrationPreCheckError(
                reason='%s runs %s, %s runs %s' % (
                    source_host, source.hypervisor_type,
                    chosen.service_host, dest.hypervisor_type))
        if source.hypervisor_version > dest.hypervisor_version:
            raise exception.MigrationPreCheckError(
                reason='The instance requires a newer hypervisor version '
                       'than has been provided.')
