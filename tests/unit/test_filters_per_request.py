# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A filter reads what the request asks once a decision, not once a host:
the scheduler filters a sample of fifty hosts at every decision."""
from oslo_utils import uuidutils

from nova_lite.objects import compute_node
from nova_lite.resources.pci import host_filter as pci_filter
from nova_lite.resources.vietstack import host_filter as vietstack_filter
from nova_lite.scheduler import filters
from nova_lite.scheduler import host_state


class _Counted:
    """What a plugin reads of a request, counting its reads."""

    def __init__(self, answer):
        self.answer, self.reads = answer, 0

    def __call__(self, spec_obj):
        self.reads += 1
        return self.answer


def _hosts(count):
    return [host_state.HostState(compute_node.ComputeNode(
        host='h%d' % i, hypervisor_hostname='h%d' % i,
        uuid=uuidutils.generate_uuid(), running_vms=0), True, False,
        {'VCPU': {'capacity': 8, 'used': 0}}) for i in range(count)]


def _run(plugin_filter, hosts):
    handler = filters.FilterHandler([], [plugin_filter])
    return handler.run(hosts, spec_obj=object())[0]


def test_the_pci_filter_reads_a_requests_asks_once():
    asks = _Counted([])
    hosts = _hosts(50)
    assert _run(pci_filter.PciPassthroughFilter(asks), hosts) == hosts
    assert asks.reads == 1


def test_the_vietstack_filter_reads_a_requests_vnics_once():
    vnics = _Counted(None)
    hosts = _hosts(50)
    assert _run(vietstack_filter.VietStackFilter(vnics), hosts) == hosts
    assert vnics.reads == 1


def test_a_filter_without_a_per_request_test_still_runs_per_host():
    """A plugin's filter that answers only ``host_passes`` is asked of
    each host (the contract of nova_lite.resources)."""
    class Odd:
        name = 'Odd'

        def host_passes(self, state, spec_obj):
            return int(state.host[1:]) % 2 == 1

        def explain(self, spec_obj, rejected):
            return 'even'
    hosts = _hosts(6)
    assert [h.host for h in _run(Odd(), hosts)] == ['h1', 'h3', 'h5']
