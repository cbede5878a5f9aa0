# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hosts by where other servers are: the ``same_host`` and
``different_host`` scheduler hints (server uuids, as Nova takes them)."""
from nova_lite.objects import instance as instance_obj
from nova_lite.scheduler import filters


def _hosts_of(spec_obj, hint):
    """The hosts the hinted servers are on (None: no such hint)."""
    uuids = (spec_obj.scheduler_hints or {}).get(hint)
    if not uuids:
        return None
    instances = instance_obj.InstanceList.get_by_filters(
        spec_obj._context, {'uuid': list(uuids)})
    return {i.host for i in instances if i.host}


class SameHostFilter(filters.BaseHostFilter):
    """With ``same_host``: only hosts that hold one of those servers."""

    def for_request(self, spec_obj):
        hosts = _hosts_of(spec_obj, 'same_host')
        if hosts is None:
            return lambda host_state: True
        return lambda host_state: host_state.host in hosts

    def explain(self, spec_obj, rejected):
        return 'not the host of a same_host server'


class DifferentHostFilter(filters.BaseHostFilter):
    """With ``different_host``: no host that holds one of those servers."""

    def for_request(self, spec_obj):
        hosts = _hosts_of(spec_obj, 'different_host')
        if hosts is None:
            return lambda host_state: True
        return lambda host_state: host_state.host not in hosts

    def explain(self, spec_obj, rejected):
        return 'the host of a different_host server'
