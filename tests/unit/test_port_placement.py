# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Ports' resource requests in the placement request, and the provider
each group was given, found in the server's claim."""
import pytest

from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import port_placement
from nova_lite.objects import request_spec
from nova_lite.placement import request as placement_request

EGRESS = 'NET_BW_EGR_KILOBIT_PER_SEC'
INGRESS = 'NET_BW_IGR_KILOBIT_PER_SEC'
PHYSNET1 = 'CUSTOM_PHYSNET_PHYSNET1'
NORMAL = 'CUSTOM_VNIC_TYPE_NORMAL'


def _port(group_id, egress, *required):
    return {'request_groups': [{'id': group_id, 'required': list(required),
                                'resources': {EGRESS: egress}}],
            'same_subtree': [group_id]}


def test_each_group_joins_the_request_under_its_own_id():
    spec = request_spec.RequestSpec(
        flavor=flavor_obj.Flavor(vcpus=1, memory_mb=64, root_gb=1,
                                 ephemeral_gb=0, swap=0, extra_specs={}),
        port_resources={'p1': _port('g1', 1000, PHYSNET1, NORMAL),
                        'p2': {'request_groups': [
                            {'id': 'g2', 'required': [NORMAL],
                             'resources': {EGRESS: 5}},
                            {'id': 'g3', 'required': [],
                             'resources': {INGRESS: 7}}],
                            'same_subtree': ['g2', 'g3']}})
    wanted = spec.placement_request()
    assert wanted.groups['g1'].resources == {EGRESS: 1000}
    assert wanted.groups['g1'].required == [frozenset([PHYSNET1]),
                                            frozenset([NORMAL])]
    assert wanted.groups['g3'].resources == {INGRESS: 7}
    # One group alone is no subtree rule; two of one port are.
    assert wanted.same_subtree == [['g2', 'g3']]
    assert wanted.group_policy == 'none'
    query = placement_request.to_query(wanted)
    assert query['resourcesg1'] == '%s:1000' % EGRESS
    assert query['requiredg1'] == '%s,%s' % (PHYSNET1, NORMAL)


def test_a_spec_without_ports_asks_for_no_group():
    spec = request_spec.RequestSpec(flavor=flavor_obj.Flavor(
        vcpus=1, memory_mb=64, root_gb=1, ephemeral_gb=0, swap=0,
        extra_specs={}))
    assert list(spec.placement_request().groups) == ['']


def test_groups_map_to_providers_with_their_traits_and_room():
    allocations = {'root': {'VCPU': 1},
                   'bridge1': {EGRESS: 1500},
                   'bridge2': {EGRESS: 1000}}
    traits = {'bridge1': [PHYSNET1, NORMAL], 'bridge2': [NORMAL]}
    # g2 fits bridge1's share only once g1 is elsewhere: the search
    # does not stop at the first provider that would do for g1.
    found = port_placement.mapping(
        {'p1': _port('g1', 1000, NORMAL),
         'p2': _port('g2', 1500, PHYSNET1)}, allocations, traits)
    assert found == {'g1': 'bridge2', 'g2': 'bridge1'}


def test_two_ports_share_a_provider_the_claim_holds_both_on():
    found = port_placement.mapping(
        {'p1': _port('g1', 400, NORMAL), 'p2': _port('g2', 600, NORMAL)},
        {'bridge': {EGRESS: 1000}}, {'bridge': [NORMAL]})
    assert found == {'g1': 'bridge', 'g2': 'bridge'}


def test_a_claim_made_without_the_ports_is_said_so():
    with pytest.raises(exception.PortResourcesNotAllocated) as caught:
        port_placement.mapping({'p1': _port('g1', 1000, NORMAL)},
                               {'root': {'VCPU': 1}}, {'root': [NORMAL]})
    assert 'g1' in caught.value.format_message()


def test_a_port_of_the_older_form_is_one_group_named_after_it():
    old_form = {'required': [NORMAL], 'resources': {EGRESS: 10}}
    assert port_placement.mapping({'p1': old_form}, {'b': {EGRESS: 10}},
                                  {'b': [NORMAL]}) == {'p1': 'b'}
    assert port_placement.describe({'p1': old_form}) == (
        'port p1: %s:10 with %s' % (EGRESS, NORMAL))
