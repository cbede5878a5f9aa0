# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A build's conductor task: the server scheduled (or its next alternate
taken, after a failed spawn) and its build sent to the chosen compute, or
the server ended in ERROR with the reason.

The conductor has taken each build under its process's name before it
drives it (``objects.build_owner``). Its scheduling step is recorded as
an event of the server's action by the compute that takes the build, in
the write of its claim (none of the conductor's own); a failed one is
recorded here.
"""
from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite.conductor.tasks import base
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import flavor_placement
from nova_lite.objects import instance_action
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import request_spec as request_spec_obj

LOG = logging.getLogger(__name__)
SCHEDULE_EVENT = 'conductor_schedule_and_build_instances'
# The ports a build's vNICs needed could not be made: it ends in ERROR
# saying why, as when no host has room.
_PORTS_REFUSED = (exception.NoServiceNetworkOnPhysicalNetwork,
                  exception.NetworkServiceError,
                  exception.NetworkServiceUnavailable)


class _Building(base.TaskBase):
    """What the build tasks share: the scheduling step, sending a build,
    failing one."""

    notified_as = 'build_instances'

    def __init__(self, context, instance, peers):
        super().__init__(context, instance, peers)
        self.step = {'event': SCHEDULE_EVENT, 'host': peers.host,
                     'start': timeutils.utcnow().isoformat()}

    def record_step(self, instance, error=None):
        instance_action.finish_event(
            self.context, instance.uuid, SCHEDULE_EVENT, error,
            started_at=self.step['start'], host=self.step['host'])

    def send(self, instance, request_spec, selections):
        sent = self.peers.computes.build_and_run_instance(
            self.context, instance, selections[0].service_host,
            request_spec, list(selections[1:]),
            allocations=selections[0].allocations(), scheduled=self.step)
        if not sent:  # a compute capped below 1.3 records no step
            self.record_step(instance)

    def fail(self, instance, error, spec=None):
        """The build's step recorded failed, then the server in ERROR:
        whoever sees the server in ERROR sees why in its action too
        (and a consumer of notifications, in compute_task's)."""
        LOG.info('build of %s failed: %s', instance.uuid,
                 error.format_message())
        self.record_step(instance, error)
        if not instance.fail(error, host=self.peers.host,
                             expected_task_state=[
                                 fields.TaskState.SCHEDULING]):
            LOG.info('instance %s was deleted while it was scheduled',
                     instance.uuid)
            return
        self.notify_failed(instance, spec, error)

    def schedule_build(self, instance, request_spec):
        """The selections for a build's first scheduling: the ports its
        plugins' vNICs with guaranteed bandwidth need made first (their
        requests placed with the server's), and the spec saved with
        them."""
        asks = [ask for plugin in self.peers.plugins
                for ask in plugin.bandwidth_asks(request_spec)]
        if asks:
            made = self.peers.network.bandwidth_ports(self.context, instance,
                                                      asks)
            request_spec.with_made_ports(made)
            request_spec.save()
        return self.schedule(request_spec,
                             self.peers.conf.conductor.max_build_attempts)


class BuildTask(_Building):
    """One server's build: scheduled, or, after a failed spawn elsewhere
    (``last_error``), on the first of its ``alternates`` that still has
    room."""

    def __init__(self, context, instance, peers, request_spec,
                 alternates=None, last_error=None):
        super().__init__(context, instance, peers)
        self.request_spec = request_spec
        self.alternates = alternates
        self.last_error = last_error

    def _execute(self):
        try:
            selections = self._selections()
        except (exception.NoValidHost,) + _PORTS_REFUSED as e:
            self.fail(self.instance, e, self.request_spec)
            return
        self.send(self.instance, self.request_spec, selections)

    def rollback(self, error):
        self.record_step(self.instance, error)

    def _selections(self):
        if not self.alternates:
            return self.schedule_build(self.instance, self.request_spec)
        selections = self._claim_alternate()
        if not selections:
            raise exception.NoValidHost(
                reason='the build failed (%s) and no alternate host had '
                       'room left' % self.last_error)
        LOG.info('rescheduling %s to %s after: %s', self.instance.uuid,
                 selections[0].service_host, self.last_error)
        return selections

    def _claim_alternate(self):
        """Move the instance's allocation to the first alternate that
        still has room; the alternates from there on."""
        alternates = self.alternates
        resources = flavor_placement.resources(self.request_spec.flavor)
        chosen = placement_obj.Placement.claim_first(
            self.context, self.instance.uuid,
            [placement_obj.ClaimOption.on(s.service_host, s.compute_node_uuid,
                                          s.allocations(), resources)
             for s in alternates],
            self.instance.project_id, self.instance.user_id,
            self.request_spec.group_uuid())
        return [] if chosen is None else list(alternates[chosen:])


class BuildTogetherTask(_Building):
    """Every server of one request scheduled (each claims its host in
    placement); if one finds no host, the claims already made are given
    back and every server ends in ERROR, as Nova does when capacity lacks
    for the whole request. Then each build goes to its compute (a failed
    spawn reschedules that server alone)."""

    def __init__(self, context, instances, peers):
        super().__init__(context, None, peers)
        self.instances = instances

    def _execute(self):
        placed, error = self._schedule_each()
        if error is not None:
            for instance, _, _ in placed:
                placement_obj.Placement.unclaim(self.context, instance.uuid)
            for instance in self.instances:
                self.fail(instance, error)
            return
        for instance, spec, selections in placed:
            self.send(instance, spec, selections)

    def _schedule_each(self):
        """([(instance, spec, selections)] placed, the error that stopped
        it or None)."""
        placed = []
        for instance in self.instances:
            spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                self.context, instance.uuid)
            try:
                placed.append((instance, spec,
                               self.schedule_build(instance, spec)))
            except (exception.NoValidHost,) + _PORTS_REFUSED as e:
                return placed, exception.NoValidHost(
                    reason='%s (%d of the %d servers of the request found '
                           'a host)' % (e.kwargs.get('reason') or e,
                                        len(placed), len(self.instances)))
        return placed, None
