# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A resize or cold migration (Nova's MigrationTask): its destination
found and claimed before the API's call returns (a move that finds no
host is answered so, 400, the server and its allocation as they were),
then ``prep_resize`` sent to that compute."""
from nova_lite.conductor.tasks import move
from nova_lite.objects import migration as migration_obj


class MigrationTask(move.MoveTask):
    """``flavor``: the new one (a resize) or the server's own (a
    migration); ``host``: where an admin sends it, if anywhere."""

    event = 'conductor_migrate_server'

    def __init__(self, context, instance, peers, flavor, host=None,
                 migration=None):
        super().__init__(context, instance, peers, host,
                         migration=migration)
        self.flavor = flavor
        self.kind = (migration_obj.MIGRATION
                     if flavor.id == instance.flavor.id
                     else migration_obj.RESIZE)

    def _execute(self):
        self.start(self.flavor)
        stay = (self.kind == migration_obj.RESIZE and
                self.peers.conf.allow_resize_to_same_host)
        chosen = self.destination(self.flavor, stay)
        self.peers.computes.prep_resize(
            self.context, self.instance, self.migration, self.flavor,
            allocations=chosen.allocations())
