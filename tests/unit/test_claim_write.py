# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A claim's write lands whole or not at all: the instance's change, its
action's steps and its vNICs; and a compute of the release before, which
asks ``Instance.save`` for it, gets the same from a conductor of this
one."""
from oslo_utils import uuidutils
import pytest

from nova_lite.conductor import object_indirection
from nova_lite import exception
from nova_lite.objects import claim_write
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import virtual_interface

POOLS = {'private': ['10.9.0.2', '10.9.0.7', '10.9.0.1']}


@pytest.fixture
def instance(sqlite_db, admin_context):
    flavor = flavor_obj.Flavor(admin_context, flavorid='f', name='f',
                               memory_mb=64, vcpus=1, root_gb=0,
                               extra_specs={})
    flavor.create()
    created = instance_obj.Instance(
        admin_context, uuid=uuidutils.generate_uuid(), flavor=flavor,
        vm_state=fields.VMState.BUILDING,
        task_state=fields.TaskState.SCHEDULING, project_id='p', user_id='u')
    created.create(action='create')
    return instance_obj.Instance.get_by_uuid(admin_context, created.uuid)


def _vifs():
    return [virtual_interface.VirtualInterface(
        network='private', physical_network='physnet1')]


def _events(context, uuid):
    action = instance_action.InstanceAction.get_by_request_id(
        context, uuid, context.request_id)
    return [(e.event, e.host) for e in
            instance_action.InstanceActionEventList.get_by_action(
                context, action.id)]


def _stored(context, uuid):
    found = instance_obj.Instance.get_by_uuid(context, uuid,
                                              expected_attrs=['vifs'])
    return found.host, found.task_state, [v.address for v in found.vifs]


def test_the_claim_writes_the_host_its_steps_and_its_vnics(
        instance, admin_context):
    instance.host = 'h1'
    instance.task_state = fields.TaskState.SPAWNING
    claim_write.ClaimWrite(
        admin_context, instance=instance,
        expected_task_state=[fields.TaskState.SCHEDULING],
        steps=[instance_action.ActionStep.opened('build', 'h1')],
        vifs=_vifs(), pools=POOLS).commit()
    assert (instance.host, [v.address for v in instance.vifs]) == (
        'h1', ['10.9.0.2'])
    assert not instance.obj_what_changed()
    assert _stored(admin_context, instance.uuid) == (
        'h1', fields.TaskState.SPAWNING, ['10.9.0.2'])
    assert _events(admin_context, instance.uuid) == [('build', 'h1')]


def test_a_claim_whose_task_state_moved_on_writes_nothing(
        instance, admin_context):
    instance.host = 'h1'
    with pytest.raises(exception.Conflict):
        claim_write.ClaimWrite(
            admin_context, instance=instance,
            expected_task_state=[fields.TaskState.UNSHELVING],
            steps=[instance_action.ActionStep.opened('build', 'h1')],
            vifs=_vifs(), pools=POOLS).commit()
    assert _stored(admin_context, instance.uuid) == (
        None, fields.TaskState.SCHEDULING, [])
    assert _events(admin_context, instance.uuid) == []


def test_a_compute_of_the_release_before_claims_through_save(
        instance, admin_context):
    """Instance 1.8's ``save(expected_task_state, events, vifs, pools,
    node)``, as the conductor receives it over RPC."""
    instance.host = 'h2'
    conductor = object_indirection.ObjectIndirection()
    updates, _ = conductor.object_action(
        admin_context, instance, 'save', (), {
            'expected_task_state': [fields.TaskState.SCHEDULING],
            'events': [['start', 'build', 'h2']],
            'vifs': _vifs(), 'pools': POOLS})
    assert updates['obj_what_changed'] == set()
    assert [v['nova_lite_object.data']['address']
            for v in updates['vifs']] == ['10.9.0.2']
    assert _stored(admin_context, instance.uuid) == (
        'h2', fields.TaskState.SCHEDULING, ['10.9.0.2'])
    assert _events(admin_context, instance.uuid) == [('build', 'h2')]


def test_the_conductor_sends_back_what_a_method_changed(
        instance, admin_context):
    """An object method run for a compute returns the plain fields it
    changed, every field holding objects, and nothing it left alone."""
    instance = instance_obj.Instance.get_by_uuid(
        admin_context, instance.uuid, expected_attrs=['flavor'])
    instance.display_name = 'renamed'
    stamp = instance.updated_at
    conductor = object_indirection.ObjectIndirection()
    updates, _ = conductor.object_action(admin_context, instance, 'save',
                                         (), {})
    assert instance.updated_at != stamp
    assert 'updated_at' in updates
    # Unchanged by the save, though 'display_name' was just written.
    assert not {'uuid', 'display_name', 'project_id'} & set(updates)
    assert 'flavor' in updates
    assert updates['obj_what_changed'] == set()
