# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Builds a dead conductor was driving, or whose request was lost, end
(ERROR with a fault, the claim released) or are sent again; none waits
for build_timeout, and none is driven twice."""
from oslo_utils import uuidutils
import pytest

from nova_lite.conductor import manager as conductor_manager
from nova_lite import conf as nl_conf
from nova_lite.objects import build_owner
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action
from nova_lite.objects import placement
from nova_lite.objects import request_spec as request_spec_obj

HOST = uuidutils.generate_uuid()


@pytest.fixture
def flavor(sqlite_db, admin_context):
    flavor = flavor_obj.Flavor(admin_context, flavorid='f', name='f',
                               memory_mb=512, vcpus=1, root_gb=1,
                               extra_specs={})
    flavor.create()
    placement.Placement.report_inventory(admin_context, HOST, 'h', {
        'VCPU': {'total': 8, 'reserved': 0, 'max_unit': 8,
                 'allocation_ratio': 1.0}})
    return flavor


def _build(context, flavor, owner=None, spec=True):
    instance = instance_obj.Instance(
        context, uuid=uuidutils.generate_uuid(), flavor=flavor,
        vm_state=fields.VMState.BUILDING,
        task_state=fields.TaskState.SCHEDULING, project_id='p',
        user_id='u')
    instance.create()
    if spec:
        request_spec_obj.RequestSpec.from_components(
            context, instance, flavor).create()
    placement.Placement.claim(context, instance.uuid, HOST, {'VCPU': 1},
                              'p', 'u')
    if owner:
        assert build_owner.take(context, instance.uuid, owner)
    return instance.uuid


def _state(context, uuid):
    found = instance_obj.Instance.get_by_uuid(context, uuid,
                                              expected_attrs=['fault'])
    return found.vm_state, found.task_state, found.fault


@pytest.fixture
def conductor(overrides):
    overrides('transport_url', 'fake://')
    return conductor_manager.ConductorManager(nl_conf.CONF, 'ctl')


def test_a_build_is_driven_by_one_conductor(flavor, admin_context):
    uuid = _build(admin_context, flavor)
    assert build_owner.take(admin_context, uuid, 'ctl:first')
    # The same request delivered again, or sent again, finds it taken.
    assert not build_owner.take(admin_context, uuid, 'ctl:second')
    # A reschedule is handed to whichever conductor gets it.
    assert build_owner.take(admin_context, uuid, 'ctl:second', force=True)


def test_a_conductor_ends_the_builds_its_earlier_process_drove(
        flavor, admin_context, conductor):
    dead = _build(admin_context, flavor, owner='ctl:deadbeef0000')
    elsewhere = _build(admin_context, flavor, owner='ctl2:0123456789ab')
    untaken = _build(admin_context, flavor)
    conductor.init_host(admin_context)
    vm_state, task_state, fault = _state(admin_context, dead)
    assert (vm_state, task_state) == (fields.VMState.ERROR, None)
    assert 'the conductor on ctl that was scheduling it stopped' in \
        fault.message
    assert placement.Placement.allocations_of(admin_context, dead) == {}
    for uuid in (elsewhere, untaken):
        assert _state(admin_context, uuid)[:2] == (
            fields.VMState.BUILDING, fields.TaskState.SCHEDULING)
        assert placement.Placement.allocations_of(admin_context, uuid)


class _Sent:
    """Stands in for the conductor's RPC client: what it was asked to
    send."""

    def __init__(self):
        self.builds = []

    def build_instances(self, context, instance, spec, **kwargs):
        self.builds.append((instance.uuid, context.request_id))


def test_a_build_no_conductor_took_is_sent_again(flavor, admin_context,
                                                 conductor):
    """In the create's request id: what the build does then shows on the
    create's action, not on the conductor's periodic check."""
    lost = _build(admin_context, flavor)
    create = admin_context.from_dict(dict(admin_context.to_dict(),
                                          request_id='req-the-create'))
    instance_action.InstanceAction.action_start(create, lost, 'create')
    taken = _build(admin_context, flavor, owner='ctl2:0123456789ab')
    half_written = _build(admin_context, flavor, spec=False)
    conductor.build_recovery.conductors = sent = _Sent()
    conductor.build_recovery.retry_untaken(admin_context, 0)
    assert sent.builds == [(lost, 'req-the-create')]
    assert _state(admin_context, taken)[:2] == (
        fields.VMState.BUILDING, fields.TaskState.SCHEDULING)
    # No request spec: the API stopped between its two records.
    assert _state(admin_context, half_written)[0] == fields.VMState.ERROR
    assert placement.Placement.allocations_of(admin_context,
                                              half_written) == {}


def test_a_scheduler_that_fails_on_a_request_fails_the_build(
        all_in_one, monkeypatch):
    """Not left scheduling for ever: the build ends in ERROR saying the
    scheduler failed (here a scheduler bug, injected)."""
    from nova_lite.scheduler import manager as scheduler_manager

    def broken(self, context, spec_obj, max_hosts=1):
        raise TypeError('a bug')
    monkeypatch.setattr(scheduler_manager.SchedulerManager, 'place', broken)
    aio = all_in_one()
    aio.client.create_flavor('tiny', ram=64, vcpus=1, flavor_id='tiny')
    server = aio.client.boot('tiny')
    assert server['status'] == 'ERROR'
    assert 'the scheduler failed: TypeError' in server['fault']['message']
