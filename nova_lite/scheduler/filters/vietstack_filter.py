"""VietStackFilter: hosts whose NICs can serve the server's vNICs.

Each vNIC needs a NIC on its physical network that serves its type, with
room for it (the host's own count, as its compute last saved it);
placement's claim stays the final word on capacity.
"""
from nova_lite.resources.vietstack import assignment
from nova_lite.resources.vietstack import plugin
from nova_lite.scheduler import filters


class VietStackFilter(filters.BaseHostFilter):

    def host_passes(self, host_state, spec_obj):
        request = plugin.VietStackPlugin.request_of(spec_obj)
        if request is None:
            return True
        stat = host_state.vietstack_stat
        return stat is not None and assignment.fits(stat.nics, request)

    def explain(self, spec_obj, rejected):
        request = plugin.VietStackPlugin.request_of(spec_obj)
        reasons = {}
        for host in rejected:
            nics = host.vietstack_stat.nics if host.vietstack_stat else []
            reason = assignment.why(nics, request)
            reasons.setdefault(reason, []).append(host.host)
        return '; '.join('%s: %s' % (_some(hosts), reason)
                         for reason, hosts in sorted(reasons.items()))


def _some(hosts, shown=3):
    hosts = sorted(hosts)
    more = len(hosts) - shown
    return ', '.join(hosts[:shown]) + (' and %d more' % more
                                       if more > 0 else '')
