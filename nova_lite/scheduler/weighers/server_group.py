# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Soft server-group policies: soft-affinity ranks higher the hosts that
hold more of the group's members, soft-anti-affinity those that hold
fewer. They never refuse a host."""
from nova_lite.objects import server_groups
from nova_lite.scheduler import weighers


class _GroupWeigher(weighers.BaseHostWeigher):
    POLICY = None
    SIGN = 1

    def __init__(self, conf):
        super().__init__(conf)
        self._seen = (None, {})

    def _hosts(self, spec_obj):
        """The members' hosts, looked up once per request."""
        if self._seen[0] is not spec_obj:
            uuid = spec_obj.group_uuid()
            group = uuid and server_groups.get_for_scheduling(
                spec_obj._context, uuid)
            hosts = {}
            if group and group['policy'] == self.POLICY:
                hosts = server_groups.member_hosts(
                    spec_obj._context, uuid, but=spec_obj.instance_uuid)
            self._seen = (spec_obj, hosts)
        return self._seen[1]

    def weigh(self, host_state, spec_obj):
        return self.SIGN * self._hosts(spec_obj).get(host_state.uuid, 0)


class ServerGroupSoftAffinityWeigher(_GroupWeigher):
    POLICY = 'soft-affinity'


class ServerGroupSoftAntiAffinityWeigher(_GroupWeigher):
    POLICY = 'soft-anti-affinity'
    SIGN = -1
