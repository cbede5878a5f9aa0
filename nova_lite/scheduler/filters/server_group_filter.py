# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hosts by a server group's hard policy, for a create with a ``group``
hint: anti-affinity keeps out hosts that already hold
``max_server_per_host`` members (1 unless the group's rules say more),
affinity every host but the one its members are on.

The filter only explains; the guarantee is the claim's: placement's write
checks the policy again under the group's lock (Placement.claim_first),
so two schedulers choosing at once cannot both pass it.
"""
from nova_lite.objects import server_groups
from nova_lite.scheduler import filters


def _group(spec_obj):
    uuid = spec_obj.group_uuid()
    if uuid is None:
        return None
    return server_groups.get_for_scheduling(spec_obj._context, uuid)


class _GroupFilter(filters.BaseHostFilter):
    POLICY = None

    def for_request(self, spec_obj):
        group = _group(spec_obj)
        if group is None or group['policy'] != self.POLICY:
            return lambda host_state: True
        hosts = server_groups.member_hosts(spec_obj._context, group['uuid'],
                                           but=spec_obj.instance_uuid)
        return self._test(group, hosts)

    def explain(self, spec_obj, rejected):
        return 'server group %s has policy %s' % (spec_obj.group_uuid(),
                                                  self.POLICY)


class ServerGroupAntiAffinityFilter(_GroupFilter):
    POLICY = 'anti-affinity'

    @staticmethod
    def _test(group, hosts):
        most = int(group['rules'].get('max_server_per_host', 1))
        return lambda host_state: hosts.get(host_state.uuid, 0) < most


class ServerGroupAffinityFilter(_GroupFilter):
    POLICY = 'affinity'

    @staticmethod
    def _test(group, hosts):
        return lambda host_state: not hosts or host_state.uuid in hosts
