# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a host tells its chassis of its bandwidth: Neutron's
``ovn-cms-options`` form, the chassis's other options kept."""
from nova_lite.virt.libvirt import chassis_bandwidths


def test_bandwidth_options_replace_only_their_own():
    current = ('enable-chassis-as-gw,resource_provider_bandwidths=br-old:1:1,'
               'resource_provider_hypervisors=br-old:h0')
    assert chassis_bandwidths.options(current, 'h1', {
        'br-physnet2': (30, 40), 'br-physnet1': (10, 20)}) == (
        'enable-chassis-as-gw,'
        'resource_provider_bandwidths=br-physnet1:10:20;br-physnet2:30:40,'
        'resource_provider_hypervisors=br-physnet1:h1;br-physnet2:h1')


def test_no_bandwidth_leaves_no_bandwidth_option():
    assert chassis_bandwidths.options(
        'resource_provider_bandwidths=br-x:1:1', 'h1', {}) == ''
