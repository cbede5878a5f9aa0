# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStackFilter: hosts whose NICs can serve the server's vNICs.

Each vNIC needs a NIC on its physical network that serves its type, with
room for it (the host's own count, as its compute last saved it);
placement's claim stays the final word on capacity. The VietStack plugin
contributes it to the scheduler (nova_lite.resources: the filter
contract).
"""
from nova_lite.resources.vietstack import assignment
from nova_lite.text import host_lists


class VietStackFilter:

    name = 'VietStackFilter'

    def __init__(self, request_of, units=assignment.ALL_UNITS):
        self.request_of = request_of  # RequestSpec -> its vNICs, or None
        self.units = units  # what VietStack counts (not the rates where
        # a network service holds them)

    def host_passes(self, host_state, spec_obj):
        return self.for_request(spec_obj)(host_state)

    def for_request(self, spec_obj):
        """The test for one request: its vNICs read once, not per host."""
        request = self.request_of(spec_obj)
        if request is None:
            return lambda host_state: True
        return lambda host_state: self._fits(host_state, request)

    def _fits(self, host_state, request):
        stat = host_state.resource_stat('vietstack')
        return stat is not None and assignment.fits(stat.nics, request,
                                                    self.units)

    def explain(self, spec_obj, rejected):
        request = self.request_of(spec_obj)
        reasons = {}
        for host in rejected:
            stat = host.resource_stat('vietstack')
            reason = assignment.why(stat.nics if stat else [], request,
                                    units=self.units)
            reasons.setdefault(reason, []).append(host.host)
        return '; '.join('%s: %s' % (host_lists.some(hosts), reason)
                         for reason, hosts in sorted(reasons.items()))
