# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Pre-filters: what a request asks of the hosts' aggregates, said to
placement as ``member_of`` (and forbidden aggregates) on the request's
unsuffixed group, so placement answers only hosts that qualify instead
of every host being tested here.

- zone: a create into zone Z is served by the hosts of the aggregates
  that make Z; into the default zone, by hosts in no zone's aggregate.
- tenant isolation (``[filter_scheduler]
  limit_tenants_to_placement_aggregate``):
  a project named by aggregates' ``filter_tenant_id*`` metadata is
  served by those aggregates' hosts only; any other project never by
  them (unless ``placement_aggregate_required_for_tenants``, which
  refuses it).
- flavor extra specs ``aggregate_instance_extra_specs:K=V``: hosts of an
  aggregate whose metadata K is V (or lists it).

Each says what it asked for, for NoValidHost to explain.
"""
from nova_lite import exception
from nova_lite import metrics
from nova_lite.objects import aggregates

TENANT_KEY = 'filter_tenant_id'
EXTRA_SPEC_PREFIX = 'aggregate_instance_extra_specs:'


def apply(conf, context, spec_obj, request):
    """Narrow ``request`` for ``spec_obj``; the reasons it was narrowed
    (NoValidHost if nothing can serve it)."""
    group = request.groups['']
    said = []
    for pre_filter in (_zone, _tenant, _extra_specs):
        said.extend(pre_filter(conf, context, spec_obj, group))
    return said


def in_scope(context, request, states):
    """The host states whose providers are in the aggregates the request
    was narrowed to (for explaining a refusal: the filters' view of the
    hosts that could have served it)."""
    group = request.groups['']
    if not (group.member_of or group.not_member_of):
        return states
    held = aggregates.of_providers(context, [s.uuid for s in states])
    return [s for s in states
            if all(held[s.uuid] & any_of for any_of in group.member_of) and
            not held[s.uuid] & group.not_member_of]


def _need(members, reason):
    """``members`` as one any-of set of ``member_of``."""
    if not members:
        metrics.NO_VALID_HOST.labels('no_host_in_scope').inc()
        raise exception.NoValidHost(reason='no host can serve %s' % reason)
    return frozenset(members)


def _zone(conf, context, spec_obj, group):
    zone = spec_obj.zone()
    if not zone:
        return []
    reason = 'availability zone %s' % zone
    if zone == conf.default_availability_zone:
        group.not_member_of.update(aggregates.zoned(context))
    else:
        group.member_of.append(_need(aggregates.zone_members(context, zone),
                                     reason))
    return [reason]


def _tenant(conf, context, spec_obj, group):
    if not conf.filter_scheduler.limit_tenants_to_placement_aggregate:
        return []
    project = spec_obj.project_id
    isolated = aggregates.tenants_of(context, TENANT_KEY)
    mine = [uuid for uuid, projects in isolated.items()
            if project in projects]
    if mine:
        group.member_of.append(frozenset(mine))
        return ['the aggregates of project %s (%s)' % (project, TENANT_KEY)]
    if conf.filter_scheduler.placement_aggregate_required_for_tenants:
        _need([], 'project %s, which no aggregate names in %s'
              % (project, TENANT_KEY))
    if not isolated:
        return []
    group.not_member_of.update(isolated)
    return ['hosts not kept for other projects (%s)' % TENANT_KEY]


def _extra_specs(conf, context, spec_obj, group):
    said = []
    for key, value in sorted((spec_obj.flavor.extra_specs or {}).items()):
        if not key.startswith(EXTRA_SPEC_PREFIX):
            continue
        name = key[len(EXTRA_SPEC_PREFIX):]
        reason = 'aggregates with %s=%s (flavor extra spec %s)' % (
            name, value, key)
        group.member_of.append(_need(
            aggregates.with_metadata(context, name, str(value)), reason))
        said.append(reason)
    return said
