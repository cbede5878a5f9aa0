# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The scheduler: picks a host, and alternates, for a request spec.

Requests are placed one at a time (under the host manager's lock) so that
each one sees what the previous ones consumed.
"""
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite import exception
from nova_lite import metrics
from nova_lite.objects import base as objects_base
from nova_lite.objects import flavor_placement
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import port_placement
from nova_lite.objects import selection as selection_obj
from nova_lite.placement import request as placement_request
from nova_lite import resources
from nova_lite.scheduler import filters
from nova_lite.scheduler import host_manager
from nova_lite.scheduler import request_filters
from nova_lite.scheduler import weighers
from nova_lite.service import service

LOG = logging.getLogger(__name__)


class SchedulerManager(service.Manager):

    target = messaging.Target(version='1.0')

    def __init__(self, conf, host):
        super().__init__(conf, host)
        self.plugins = resources.load(conf)
        self.host_manager = host_manager.HostManager(conf, self.plugins)
        self.filter_handler = filters.FilterHandler(
            conf.filter_scheduler.enabled_filters,
            [f for plugin in self.plugins for f in plugin.filters()], conf)
        self.weight_handler = weighers.WeightHandler(
            conf, conf.filter_scheduler.weight_classes)
        # How many hosts had room when last looked: up to a sample's worth,
        # all of them are read and filtered without asking placement first.
        self._host_count = None

    @messaging.expected_exceptions(exception.NoValidHost)
    def select_destinations(self, context, spec_obj, max_hosts=1):
        """RPC endpoint; NoValidHost is an answer, not a server error."""
        try:
            selected = self.place(context, spec_obj, max_hosts)
        except exception.NoValidHost:
            metrics.SCHEDULING.labels('no_valid_host').inc()
            raise
        metrics.SCHEDULING.labels('selected').inc()
        return selected

    def place(self, context, spec_obj, max_hosts=1):
        """Ask placement where the request fits, filter and weigh those
        hosts, then claim.

        Placement answers at most ``max_placement_results`` hosts with room
        (at random among all that have it); only their states are read. A
        deployment smaller than that skips the question: all its hosts are
        read anyway, and the claim refuses a host without room.
        The claim in placement (consumer: the instance) is what makes the
        choice hold: a host that lost its room to a concurrent claim
        refuses it, and the next one is tried.
        """
        request = objects_base.read_together(
            context, lambda: self._request(context, spec_obj)[0])
        with self.host_manager.lock:
            # One transaction for every read of the decision, begun once
            # the previous decision's claim is written (its snapshot
            # sees that claim); ended before this one's claim.
            ranked, room = objects_base.read_together(
                context, lambda: self._ranked(context, spec_obj, request))
            chosen = self._claim_first(context, spec_obj, ranked, room)
            ranked = [r for r in ranked if r[1] is not chosen]
            ranked.insert(0, (0.0, chosen))
        LOG.debug('placing %s on %s', spec_obj.instance_uuid, chosen.host)
        return [selection_obj.Selection.from_host_state(
            state, weight, _beyond_root(room.get(state.uuid)))
            for weight, state in ranked[:max_hosts]]

    def _ranked(self, context, spec_obj, request):
        """The hosts that pass, best first, and their room in placement
        (empty when placement was not asked)."""
        passing, room = self._passing_small(context, spec_obj,
                                            request), {}
        if passing is None:
            passing, room = self._passing(context, spec_obj, request, True)
        if not passing:
            # The sample may have held only hosts the filters refuse.
            passing, room = self._passing(context, spec_obj, request, False)
        if not passing:
            self._no_valid_host(context, spec_obj)
        try:
            return self.weight_handler.rank(passing, spec_obj), room
        except exception.ComputeHostMetricNotFound as e:
            # [metrics] required: the request fails, as in Nova.
            raise _no_valid_host('metric_not_found', e.format_message())

    def _passing_small(self, context, spec_obj, request):
        """On a deployment of no more hosts than a sample, no provider
        sharing its inventory, and a request of resources only: every host
        passing the filters, without asking placement first (its claim
        still decides). None when that does not apply."""
        limit = self.conf.filter_scheduler.max_placement_results
        if self._host_count is None or self._host_count > limit or \
                not request.resources_only() or \
                placement_obj.Placement.shares_any(context):
            # (A host's resources may come from a sharing provider, a
            # storage pool: only placement's answer says which.)
            return None
        states = self.host_manager.get_all_host_states(context)
        self._host_count = len(states)
        passing = self._filtered(_candidates(states, spec_obj),
                                 spec_obj)[0]
        return passing if self._host_count <= limit else None

    def _passing(self, context, spec_obj, request, sample):
        """Host states that have room in placement and pass the filters;
        of a random sample of those with room, or of all of them."""
        limit = self.conf.filter_scheduler.max_placement_results
        room = placement_obj.Placement.hosts_with_room(
            context, request, limit=limit if sample else None)
        if sample and len(room) < limit:
            self._host_count = len(room)  # few hosts: none left out
        if not room or (not sample and len(room) < limit):
            return [], room  # nothing new to look at beyond the sample
        states = _candidates(self.host_manager.get_host_states(
            context, list(room)), spec_obj)
        return self._filtered(states, spec_obj)[0], room

    def _filtered(self, states, spec_obj, counted=True):
        """The hosts that pass the filters, and the filters' report; a
        destination an admin forces (a move's ``force``) passes. Each
        filter's rejections are counted in the metrics, but for a run
        again to explain a NoValidHost (not ``counted``)."""
        if spec_obj.forced():
            return states, None
        passing, report = self.filter_handler.run(states, spec_obj)
        if counted:
            for name, removed, _total, _reason in report:
                metrics.FILTER_REJECTIONS.labels(name).inc(removed)
        return passing, report

    def _no_valid_host(self, context, spec_obj):
        """Raise NoValidHost saying why, from the view of every host the
        pre-filters left in: that none is left, what each filter removed,
        or else that placement has no room."""
        request, narrowed = self._request(context, spec_obj)
        within = ' within %s' % '; '.join(narrowed) if narrowed else ''
        states = request_filters.in_scope(
            context, request, _candidates(
                self.host_manager.get_all_host_states(context), spec_obj))
        if not states and narrowed:
            raise _no_valid_host('no_host_in_scope', 'no host is' + within)
        passing, report = self._filtered(states, spec_obj, counted=False)
        if not passing:
            raise _no_valid_host(self._reason(states, report, spec_obj),
                                 self._why(states, report, spec_obj) +
                                 within)
        asked = ', '.join('%s:%d' % item for item in sorted(
            request.groups[''].resources.items()))
        described = [d for d in [p.describe(spec_obj) for p in self.plugins]
                     + [port_placement.describe(spec_obj.ports_resources())]
                     if d]
        extra = placement_request.to_query(
            request, with_unsuffixed_resources=False)
        if described:  # the plugins say it better than their groups
            asked += ' and %s' % '; '.join(described)
        elif extra:
            asked += ' with %s' % ', '.join(
                '%s=%s' % item for item in sorted(extra.items()))
        raise _no_valid_host(
            'placement_no_room', 'placement has no room for %s on the %d '
            'hosts the filters passed%s' % (asked, len(passing), within))

    def _claim_first(self, context, spec_obj, ranked, room):
        """Claim on the best host that still has room; its allocations
        are placement's answer for it, or the flavor on its root."""
        resources = flavor_placement.resources(spec_obj.flavor)
        chosen = placement_obj.Placement.claim_first(
            context, spec_obj.instance_uuid,
            [placement_obj.ClaimOption.on(state.host, state.uuid,
                                          room.get(state.uuid), resources)
             for _weight, state in ranked],
            spec_obj.project_id, spec_obj.user_id, spec_obj.group_uuid())
        if chosen is None:
            self._no_valid_host(context, spec_obj)
        return ranked[chosen][1]

    def _request(self, context, spec_obj):
        """The placement request, narrowed by the pre-filters, and what
        they narrowed it to."""
        request = spec_obj.placement_request(self.plugins)
        narrowed = request_filters.apply(self.conf, context, spec_obj,
                                         request)
        return request, narrowed

    @staticmethod
    def _reason(states, report, spec_obj):
        """The metrics' word for why no host passed: as ``_why``."""
        if not states and spec_obj.obj_attr_is_set('requested_destination') \
                and spec_obj.requested_destination:
            return 'requested_host_unavailable'
        if not states:
            return 'no_compute_hosts'
        return report[-1][0]  # the filter that removed the last hosts

    @staticmethod
    def _why(states, report, spec_obj):
        if not states and spec_obj.obj_attr_is_set('requested_destination') \
                and spec_obj.requested_destination:
            return 'the requested host %s is not available' % (
                spec_obj.requested_destination.get('host') or
                spec_obj.requested_destination.get('node'))
        if not states:
            return 'there are no compute hosts'
        return filters.describe(report)


def _no_valid_host(reason, explanation):
    """NoValidHost with its ``explanation``, counted under ``reason``."""
    metrics.NO_VALID_HOST.labels(reason).inc()
    return exception.NoValidHost(reason=explanation)


def _beyond_root(allocations):
    """Allocations worth handing on: those on more than the root."""
    return allocations if allocations and len(allocations) > 1 else None


def _candidates(states, spec_obj):
    """Hosts not excluded by the request; only the one it names, if any."""
    states = [s for s in states if s.host not in spec_obj.ignore_hosts]
    wanted = (spec_obj.requested_destination
              if spec_obj.obj_attr_is_set('requested_destination') else None)
    if wanted:
        states = [s for s in states
                  if (not wanted.get('host') or s.host == wanted['host']) and
                  (not wanted.get('node') or s.nodename == wanted['node'])]
    return states
