# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An evacuation: a server whose host is down rebuilt on another. The
source keeps its allocation (under the migration) until it comes back
and cleans up; the destination claims the server and builds its guest
anew (``rebuild_on_host``)."""
from nova_lite.conductor.tasks import move
from nova_lite.objects import migration as migration_obj


class EvacuateTask(move.MoveTask):
    """``target_state`` 'stopped': the server is left stopped on its new
    host whatever it was (API 2.95)."""

    kind = migration_obj.EVACUATION
    event = 'conductor_rebuild_server'
    notified_as = 'rebuild_server'

    def __init__(self, context, instance, peers, host=None, force=False,
                 migration=None, target_state=None):
        super().__init__(context, instance, peers, host, force, migration)
        self.target_state = target_state

    def _execute(self):
        self.start()
        chosen = self.destination()
        self.migration.set_status('pre-migrating')
        self.peers.computes.rebuild_on_host(
            self.context, self.instance, self.migration,
            chosen.allocations(), self.target_state)
