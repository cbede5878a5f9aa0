# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Instance.fail: the one way a server ends in ERROR."""
from oslo_utils import uuidutils

from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import placement

ERROR = exception.NoValidHost(reason='nothing fits')


def _claimed_instance(context, task_state=fields.TaskState.SCHEDULING):
    flavor = flavor_obj.Flavor(context, flavorid='f', name='f',
                               memory_mb=512, vcpus=1, root_gb=1,
                               extra_specs={})
    flavor.create()
    instance = instance_obj.Instance(
        context, uuid=uuidutils.generate_uuid(), flavor=flavor,
        vm_state=fields.VMState.BUILDING, task_state=task_state,
        project_id='p', user_id='u')
    instance.create()
    host = uuidutils.generate_uuid()
    placement.Placement.report_inventory(context, host, 'h', {
        'VCPU': {'total': 4, 'reserved': 0, 'max_unit': 4,
                 'allocation_ratio': 1.0}})
    placement.Placement.claim(context, instance.uuid, host, {'VCPU': 1},
                              'p', 'u')
    return instance


def _reread(context, instance):
    return instance_obj.Instance.get_by_uuid(context, instance.uuid,
                                             expected_attrs=['fault'])


def test_fail_records_the_fault_and_drops_the_claim(sqlite_db,
                                                    admin_context):
    instance = _claimed_instance(admin_context)
    assert instance.fail(ERROR, host='conductor', expected_task_state=[
        fields.TaskState.SCHEDULING])
    found = _reread(admin_context, instance)
    assert (found.vm_state, found.task_state) == (fields.VMState.ERROR,
                                                  None)
    assert 'nothing fits' in found.fault.message
    assert found.fault.host == 'conductor'
    assert placement.Placement.allocations_of(admin_context,
                                              instance.uuid) == {}


def test_keep_claim_leaves_the_allocation(sqlite_db, admin_context):
    instance = _claimed_instance(admin_context, task_state=None)
    assert instance.fail(ERROR, keep_claim=True)
    assert _reread(admin_context, instance).vm_state == fields.VMState.ERROR
    assert placement.Placement.allocations_of(admin_context, instance.uuid)


def test_a_task_taken_over_is_left_to_its_new_owner(sqlite_db,
                                                    admin_context):
    instance = _claimed_instance(admin_context,
                                 task_state=fields.TaskState.DELETING)
    assert not instance.fail(ERROR, expected_task_state=[
        fields.TaskState.SCHEDULING])
    assert _reread(admin_context, instance).vm_state == \
        fields.VMState.BUILDING
    # Its claim is its new owner's too: the save failed before it.
    assert placement.Placement.allocations_of(admin_context, instance.uuid)
