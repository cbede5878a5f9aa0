# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The typed placement request: built from a flavor and the resource
plugins, answered by the store as it is, and claimed first-fit."""
from oslo_utils import uuidutils

from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import flavor_placement
from nova_lite.objects import placement
from nova_lite.objects import request_spec
from nova_lite.placement import request as placement_request
from nova_lite.placement import traits

Group = placement_request.Group


def _flavor(**specs):
    return flavor_obj.Flavor(flavorid='f', name='f', memory_mb=512, vcpus=2,
                             root_gb=10, ephemeral_gb=0, swap=0,
                             extra_specs=specs)


def test_the_unsuffixed_group_is_the_size_changed_by_resources_specs():
    wanted = flavor_placement.request(_flavor(**{
        'resources:DISK_GB': '0', 'resources:CUSTOM_FPGA': '1',
        'trait:HW_CPU_X86_AVX2': 'required',
        'trait:CUSTOM_SLOW': 'forbidden'}))
    assert wanted.groups == {'': Group(
        '', {'VCPU': 2, 'MEMORY_MB': 512, 'CUSTOM_FPGA': 1},
        required=[frozenset(['HW_CPU_X86_AVX2'])],
        forbidden={'CUSTOM_SLOW'})}
    assert wanted.group_policy is None and not wanted.resources_only()
    assert flavor_placement.request(_flavor()).resources_only()


def test_numbered_groups_take_their_traits_and_a_policy():
    specs = {'resources1:CUSTOM_NIC': '600', 'trait1:CUSTOM_PHYSNET_1':
             'required', 'resources2:CUSTOM_NIC': '0',
             'trait2:CUSTOM_PHYSNET_2': 'required'}
    wanted = flavor_placement.request(_flavor(**specs))
    # Group 2 asks for nothing: it and its trait are left out.
    assert sorted(wanted.groups) == ['', '1']
    assert wanted.groups['1'] == Group(
        '1', {'CUSTOM_NIC': 600}, required=[frozenset(['CUSTOM_PHYSNET_1'])])
    assert wanted.group_policy is None  # one numbered group needs none
    specs['resources2:CUSTOM_NIC'] = '100'
    assert flavor_placement.request(_flavor(**specs)).group_policy == 'none'
    specs['group_policy'] = 'isolate'
    assert flavor_placement.request(
        _flavor(**specs)).group_policy == 'isolate'


class _OneGroupPlugin:
    def request_groups(self, spec_obj):
        return [Group('_GIZMO', {'CUSTOM_GIZMO': 1})]


def test_plugins_add_typed_groups_to_the_request_spec():
    spec = request_spec.RequestSpec(flavor=_flavor(**{
        'resources1:CUSTOM_NIC': '5'}))
    wanted = spec.placement_request([_OneGroupPlugin()])
    assert sorted(wanted.groups) == ['', '1', '_GIZMO']
    assert wanted.group_policy == 'none'
    assert placement_request.to_query(wanted, False) == {
        'resources1': 'CUSTOM_NIC:5', 'resources_GIZMO': 'CUSTOM_GIZMO:1',
        'group_policy': 'none'}


def _host(context, name, vcpus, trait=None):
    uuid = uuidutils.generate_uuid()
    placement.Placement.report_inventory(context, uuid, name, {
        'VCPU': {'total': vcpus, 'reserved': 0, 'max_unit': vcpus,
                 'allocation_ratio': 1.0}})
    if trait:
        traits.ensure(context, trait)
        generation, names = traits.of_provider(context, uuid)
        traits.set_for_provider(context, uuid, generation, names + [trait])
    return uuid


def test_the_store_answers_a_typed_request(sqlite_db, admin_context):
    plain = _host(admin_context, 'plain', 4)
    fast = _host(admin_context, 'fast', 4, trait='CUSTOM_FAST')
    wanted = placement_request.Request({'': Group('', {'VCPU': 2})})
    assert set(placement.Placement.hosts_with_room(
        admin_context, wanted)) == {plain, fast}
    wanted.groups[''].required.append(frozenset(['CUSTOM_FAST']))
    assert placement.Placement.hosts_with_room(admin_context, wanted) == {
        fast: {fast: {'VCPU': 2}}}
    wanted.groups[''].resources['VCPU'] = 5
    assert placement.Placement.hosts_with_room(admin_context, wanted) == {}


def test_claim_first_skips_hosts_without_room(sqlite_db, admin_context):
    small = _host(admin_context, 'small', 1)
    big = _host(admin_context, 'big', 4)
    consumer = uuidutils.generate_uuid()
    options = [placement.ClaimOption.on('small', small, None, {'VCPU': 2}),
               placement.ClaimOption('big', big, {big: {'VCPU': 2}})]
    assert placement.Placement.claim_first(
        admin_context, consumer, options, 'p', 'u') == 1
    assert placement.Placement.allocations_of(admin_context, consumer) == {
        big: {'VCPU': 2}}
    assert placement.Placement.claim_first(
        admin_context, uuidutils.generate_uuid(), options[:1], 'p',
        'u') is None
