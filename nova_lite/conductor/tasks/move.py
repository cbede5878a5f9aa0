# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What every move's conductor task does before a compute takes it: the
migration recorded and the source's allocation handed to it, then a
destination found and claimed for the server through the scheduler
exactly as a boot's is (an admin's ``host`` narrows it; with ``force``,
that host is not checked by the scheduler's filters, though placement
must still have room there). The whole task is one event of the
request's action, as in Nova.

Until a compute takes the move, a failure rolls it back: the source's
allocation returns to the server, the migration ends in error, and the
server is as it was, with a fault saying why.
"""
import copy

from oslo_log import log as logging
from oslo_utils import excutils

from nova_lite.conductor.tasks import base
from nova_lite import exception
from nova_lite.objects import instance_action
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj

LOG = logging.getLogger(__name__)


class MoveTask(base.TaskBase):
    """A move of ``instance`` of ``kind``, recorded by ``migration`` (the
    API's, or made here for an API of the release before); finding its
    destination is recorded as ``event``."""

    kind = None
    event = None
    notified_as = 'migrate_server'

    def __init__(self, context, instance, peers, host=None, force=False,
                 migration=None):
        super().__init__(context, instance, peers)
        self.host = host
        self.force = force
        self.migration = migration
        self.spec = None  # what the destination was asked for

    def execute(self):
        """The whole task is the request's ``event``: a failure of any of
        its steps (scheduling, the destination's checks, handing the move
        on) ends it in Error on the request's action, not only on the
        migration and a fault an ACTIVE server does not show; and in
        ``compute_task.<notified_as>.error``. The event ends before the
        rollback puts the server back as it was: whoever waits for the
        server to settle then finds the event's end."""
        try:
            with instance_action.recorded_event(
                    self.context, self.instance.uuid, self.event,
                    self.peers.host, whole=True):
                return self._execute()
        except Exception as error:
            with excutils.save_and_reraise_exception():
                self.rollback(error)
                self.notify_failed(self.instance, self.spec, error)

    def rollback(self, error):
        """The move never reached a compute (the last step hands it on):
        the source's allocation back to the server, the migration in
        error, the server as it was with a fault."""
        if self.migration is not None:
            migration_obj.roll_back(self.instance, self.migration, error,
                                    self.peers.host)

    def start(self, flavor=None):
        """The move's migration recorded (if the API did not), and the
        source's allocation handed to it (the instance holds nothing
        until its destination is claimed)."""
        instance = self.instance
        if self.migration is None:
            self.migration = migration_obj.record_move(
                self.context, instance, self.kind, flavor)
        placement_obj.Placement.move_allocations(
            self.context, instance.uuid, self.migration.uuid,
            instance.project_id, instance.user_id, target_type='MIGRATION')

    def destination(self, flavor=None, stay=False):
        """The scheduler's choice for the move (for ``flavor``, away from
        the server's host unless it may ``stay``), claimed for the
        instance and recorded on the migration; NoValidHost if there is
        none."""
        chosen = self.schedule(self._spec(flavor, stay), max_hosts=1)[0]
        migration = self.migration
        migration.dest_compute = chosen.service_host
        migration.dest_node = chosen.nodename
        migration.save()
        LOG.info('moving %s from %s to %s (%s %s)', self.instance.uuid,
                 self.instance.host, chosen.service_host,
                 migration.migration_type, migration.uuid)
        return chosen

    def _ports_resources(self):
        """The server's ports' resource requests, as the network service
        has them now; a move that cannot read them finds no host (it is
        refused, nothing changed), not a server error."""
        try:
            return self.peers.network.resource_requests(self.context,
                                                        self.instance)
        except (exception.NetworkServiceUnavailable,
                exception.NetworkServiceError) as e:
            raise exception.NoValidHost(
                reason="the server's ports could not be read: %s"
                       % e.format_message())

    def _spec(self, flavor, stay):
        """The server's request spec for its destination: ``flavor`` (and
        the resource plugins' requests it makes) and its ports' resource
        requests, on ``host`` if one is named."""
        instance = self.instance
        try:
            spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                self.context, instance.uuid)
        except exception.NotFound:
            spec = request_spec_obj.RequestSpec.from_components(
                self.context, instance, instance.flavor)
        spec = copy.copy(spec)
        spec.with_flavor(flavor or instance.flavor)
        spec.with_ports(self._ports_resources())
        spec.ignore_hosts = [] if stay else [instance.host]
        spec.to_destination(self.host, self.force)
        self.spec = spec
        return spec
