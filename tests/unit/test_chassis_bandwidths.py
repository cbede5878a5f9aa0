# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a host tells its chassis of its bandwidth: Neutron's
``ovn-cms-options`` form, the chassis's other options kept, and a change
each time (Neutron reads them again only when they change)."""
from nova_lite.virt.libvirt import chassis_bandwidths

DEVICES = {'br-physnet2': (30, 40), 'br-physnet1': (10, 20)}
SAID = ('resource_provider_bandwidths=br-physnet1:10:20;br-physnet2:30:40,'
        'resource_provider_hypervisors=br-physnet1:h1;br-physnet2:h1')


def test_bandwidth_options_replace_only_their_own():
    current = ('enable-chassis-as-gw,resource_provider_bandwidths=br-old:1:1,'
               'resource_provider_hypervisors=br-old:h0')
    assert chassis_bandwidths.options(current, 'h1', DEVICES) == (
        'enable-chassis-as-gw,'
        'resource_provider_inventory_defaults=allocation_ratio:1.0,' + SAID)


def test_each_announcement_is_a_change_of_the_same_inventory():
    first = chassis_bandwidths.options('', 'h1', DEVICES)
    second = chassis_bandwidths.options(first, 'h1', DEVICES)
    third = chassis_bandwidths.options(second, 'h1', DEVICES)
    assert first != second and third == first
    assert second == SAID  # the defaults left to Neutron: the same 1.0


def test_no_bandwidth_leaves_no_bandwidth_option():
    assert chassis_bandwidths.options(
        'resource_provider_bandwidths=br-x:1:1', 'h1', {}) == ''
