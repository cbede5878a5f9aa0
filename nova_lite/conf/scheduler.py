# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[filter_scheduler]``: which filters and weighers choose a host, and
how many hosts a request samples.
"""
from oslo_config import cfg

filter_group = cfg.OptGroup('filter_scheduler', title='Filter scheduler')

opts = [
    cfg.ListOpt('enabled_filters',
                default=['ComputeFilter', 'CoreFilter', 'RamFilter',
                         'DiskFilter', 'SameHostFilter',
                         'DifferentHostFilter',
                         'ServerGroupAntiAffinityFilter',
                         'ServerGroupAffinityFilter'],
                help="""
Filters run, in this order, on every host for every request. Names are
entry points of the ``nova_lite.scheduler.filters`` group, so another
package can add its own. The enabled resource plugins' own filters run as
well: after these, or where this list names them.

Possible values:

* Any subset of ComputeFilter, CoreFilter, RamFilter, DiskFilter,
  SameHostFilter and DifferentHostFilter (the ``same_host`` and
  ``different_host`` hints of a create; each lets every host pass when
  its hint is absent), ServerGroupAntiAffinityFilter and
  ServerGroupAffinityFilter (a ``group`` hint's hard policy; they explain
  a refusal, while the claim enforces the policy whatever this list
  says), filters installed by other packages and filters of enabled
  resource plugins.

Related options: ``[resources] enabled``.
"""),
    cfg.ListOpt('weight_classes',
                default=['RAMWeigher', 'ServerGroupSoftAffinityWeigher',
                         'ServerGroupSoftAntiAffinityWeigher'],
                help="""
Weighers (entry points of ``nova_lite.scheduler.weighers``) whose weighted
sum ranks the hosts that pass the filters. The server-group weighers rank
by a ``group`` hint's soft-affinity or soft-anti-affinity policy.
"""),
    cfg.IntOpt('max_placement_results', default=50, min=1, help="""
How many hosts with room the scheduler asks placement for, picked at
random among all that have room, before filtering and weighing them.

Possible values:

* A positive integer. Fewer is faster on large deployments; more gives
  the weighers more hosts to choose from.
"""),
    cfg.FloatOpt('ram_weight_multiplier', default=1.0,
                 help="""
Multiplier of the RAM weigher. Positive spreads instances over hosts with
the most free RAM; negative stacks them.
"""),
    cfg.BoolOpt('limit_tenants_to_placement_aggregate', default=True,
                help="""
Tenant isolation: a project named in an aggregate's ``filter_tenant_id``
metadata (or ``filter_tenant_id_<anything>``, a comma-separated list of
project ids) is placed only on the hosts of such aggregates, and other
projects never on them. Asked of placement as aggregate membership, before
any host is looked at. With no such metadata, nothing changes.

Related options: ``placement_aggregate_required_for_tenants``.
"""),
    cfg.BoolOpt('placement_aggregate_required_for_tenants', default=False,
                help="""
With tenant isolation, refuse (NoValidHost) to place a project that no
aggregate names, instead of placing it on the hosts nobody keeps.
"""),
]


def register_opts(conf):
    conf.register_group(filter_group)
    conf.register_opts(opts, group=filter_group)


def list_opts():
    return [(filter_group, opts)]
