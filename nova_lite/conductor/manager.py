# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor: serves the conductor RPC API, each request a task.

Builds (``tasks.build``), resizes and cold migrations
(``tasks.migrate``), live migrations (``tasks.live_migrate``),
evacuations (``tasks.evacuate``) and unshelves (``tasks.unshelve``) are
task objects made for the request with the conductor's peers, each run
with ``execute()`` and rolled back on failure. Around them: the
conductor's part in losing no build (``build_recovery``), its periodic
heal of placement (``heal``), and the object methods it runs for computes
without a database (``object_indirection``).
"""
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.conductor import build_recovery
from nova_lite.conductor import heal
from nova_lite.conductor import object_indirection
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite.conductor.tasks import base
from nova_lite.conductor.tasks import build
from nova_lite.conductor.tasks import evacuate
from nova_lite.conductor.tasks import live_migrate
from nova_lite.conductor.tasks import migrate
from nova_lite.conductor.tasks import unshelve
from nova_lite import exception
from nova_lite.network import backend as network_backend
from nova_lite.objects import build_owner
from nova_lite import resources
from nova_lite.scheduler import rpcapi as scheduler_rpcapi
from nova_lite.service import service

LOG = logging.getLogger(__name__)


class ConductorManager(object_indirection.ObjectIndirection,
                       service.Manager):

    target = messaging.Target(version='1.7')

    def __init__(self, conf, host):
        super().__init__(conf, host)
        self.scheduler_api = scheduler_rpcapi.SchedulerAPI(conf)
        self.compute_api = compute_rpcapi.ComputeAPI(conf)
        self.conductor_api = conductor_rpcapi.ConductorAPI(conf)
        self.peers = base.Peers(conf, host, self.scheduler_api,
                                self.compute_api,
                                network_backend.load(conf),
                                resources.load(conf))
        self.owner = build_owner.new_owner(host)
        self.build_recovery = build_recovery.BuildRecovery(
            conf, host, self.owner, self.conductor_api)

    def init_host(self, context):
        """Before taking requests: the builds an earlier process on this
        host was driving died with it."""
        self.build_recovery.end_interrupted(context)

    def ping(self, context):
        return 'pong'

    def build_instances(self, context, instance, request_spec,
                        alternates=None, last_error=None):
        if not build_owner.take(context, instance.uuid, self.owner,
                                force=bool(alternates)):
            LOG.info('build of %s is driven by another conductor, or no '
                     'longer being scheduled: not driving it again',
                     instance.uuid)
            return
        build.BuildTask(context, instance, self.peers, request_spec,
                        alternates, last_error).execute()

    def build_together(self, context, instances):
        mine = [i for i in instances
                if build_owner.take(context, i.uuid, self.owner)]
        build.BuildTogetherTask(context, mine, self.peers).execute()

    @messaging.expected_exceptions(exception.NoValidHost)
    def migrate_server(self, context, instance, flavor, host=None,
                       migration=None):
        """A resize or cold migration, scheduled before this returns."""
        migrate.MigrationTask(context, instance, self.peers, flavor,
                              host, migration).execute()

    @messaging.expected_exceptions(exception.NoValidHost,
                                   exception.MigrationPreCheckError,
                                   exception.Conflict)
    def live_migrate_instance(self, context, instance, host=None,
                              block_migration=False, force=False,
                              migration=None):
        """A live migration: its destination found, claimed and checked
        before this returns."""
        live_migrate.LiveMigrationTask(context, instance, self.peers, host,
                                       block_migration, force,
                                       migration).execute()

    def evacuate_instance(self, context, instance, host=None, force=False,
                          migration=None, target_state=None):
        try:
            evacuate.EvacuateTask(context, instance, self.peers, host,
                                  force, migration, target_state).execute()
        except exception.NoValidHost as e:
            LOG.info('evacuation of %s found no host: %s', instance.uuid, e)

    def unshelve_instance(self, context, instance, request_spec):
        """With no host for it, the server stays offloaded (the task's
        rollback)."""
        try:
            unshelve.UnshelveTask(context, instance, self.peers,
                                  request_spec).execute()
        except exception.NoValidHost:
            pass

    def periodic_tasks(self):
        return [task for task in (self.build_recovery.periodic_task(),
                                  heal.periodic_task(self.conf))
                if task is not None]
