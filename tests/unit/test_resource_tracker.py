# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The resource tracker's claims, aborts and recounts, on a real database."""
from oslo_utils import uuidutils
import pytest

from nova_lite.compute import resource_tracker
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite.objects import compute_node
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.resources.vietstack import placement as vietstack_placement
from nova_lite.virt.fake import driver as fake_driver
from tests.conftest import sql_statements

CONF = nl_conf.CONF


@pytest.fixture
def tracker(sqlite_db, admin_context, overrides):
    overrides('reserved_host_memory_mb', 1024, group='compute')
    overrides('cpu_allocation_ratio', 2.0, group='compute')
    rt = resource_tracker.ResourceTracker(
        CONF, 'host1', fake_driver.FakeDriver(CONF, 'host1'))
    rt.update_available_resource(admin_context)
    return rt


def _flavor(ctx, memory_mb=4096, vcpus=4, disk=20):
    flavor = flavor_obj.Flavor(ctx, flavorid='f%d-%d' % (memory_mb, vcpus),
                               name='f%d-%d' % (memory_mb, vcpus),
                               memory_mb=memory_mb, vcpus=vcpus,
                               root_gb=disk, extra_specs={})
    flavor.create()
    return flavor


def _instance(ctx, flavor):
    instance = instance_obj.Instance(
        ctx, uuid=uuidutils.generate_uuid(), display_name='i', project_id='p',
        user_id='u', vm_state=fields.VMState.BUILDING,
        task_state=fields.TaskState.SCHEDULING, flavor=flavor)
    instance.create()
    return instance


def _used(rt):
    node = rt.compute_node
    return (node.vcpus_used, node.memory_mb_used, node.local_gb_used,
            node.running_vms)


def test_node_reports_capacity_with_reserved_and_ratio(tracker):
    assert tracker.compute_node.capacity() == {
        'vcpus': 16, 'memory_mb': 15360, 'local_gb': 100}


def test_claim_counts_and_assigns_host(tracker, admin_context):
    flavor = _flavor(admin_context)
    instance = _instance(admin_context, flavor)
    tracker.instance_claim(admin_context, instance, flavor)
    assert _used(tracker) == (4, 4096, 20, 1)
    stored = instance_obj.Instance.get_by_uuid(admin_context, instance.uuid)
    assert (stored.host, stored.task_state) == ('host1', 'spawning')


def test_a_claim_writes_the_usage_with_the_host_in_one_transaction(
        tracker, admin_context):
    """The scheduler stops counting an instance's placement once its host
    is set: the node's usage must be written in the same step."""
    flavor = _flavor(admin_context)
    instance = _instance(admin_context, flavor)
    with sql_statements() as seen:
        tracker.instance_claim(admin_context, instance, flavor)
    writes = [s for s in seen if s.startswith(('BEGIN', 'UPDATE', 'COMMIT'))]
    begins = [i for i, s in enumerate(writes) if s.startswith('BEGIN')]
    assert len(begins) == 1, writes
    assert any(s.startswith('UPDATE COMPUTE_NODES') for s in writes)
    assert any(s.startswith('UPDATE INSTANCES') for s in writes)
    stored = compute_node.ComputeNode.get_by_uuid(
        admin_context, tracker.compute_node.uuid)
    assert (stored.vcpus_used, stored.memory_mb_used) == (4, 4096)
    assert not tracker.compute_node.obj_what_changed()


def test_claim_that_does_not_fit_names_what_is_short(tracker,
                                                     admin_context):
    flavor = _flavor(admin_context, memory_mb=16384, vcpus=17)
    instance = _instance(admin_context, flavor)
    with pytest.raises(exception.ComputeResourcesUnavailable) as error:
        tracker.instance_claim(admin_context, instance, flavor)
    assert 'vcpus: need 17, free 16' in error.value.format_message()
    assert 'memory_mb: need 16384, free 15360' in error.value.format_message()
    assert _used(tracker) == (0, 0, 0, 0)
    stored = instance_obj.Instance.get_by_uuid(admin_context, instance.uuid)
    assert stored.host is None


def test_failure_inside_claim_aborts_it(tracker, admin_context):
    flavor = _flavor(admin_context)
    instance = _instance(admin_context, flavor)
    with pytest.raises(RuntimeError):
        with tracker.instance_claim(admin_context, instance, flavor):
            raise RuntimeError('spawn failed')
    assert _used(tracker) == (0, 0, 0, 0)
    stored = instance_obj.Instance.get_by_uuid(admin_context, instance.uuid)
    assert stored.host is None


def test_freeing_twice_frees_once(tracker, admin_context):
    flavor = _flavor(admin_context)
    first = _instance(admin_context, flavor)
    second = _instance(admin_context, flavor)
    tracker.instance_claim(admin_context, first, flavor)
    tracker.instance_claim(admin_context, second, flavor)
    tracker.drop_instance(first)
    tracker.drop_instance(first)
    assert _used(tracker) == (4, 4096, 20, 1)


def test_claim_on_deleted_instance_leaves_no_usage(tracker, admin_context):
    """Neither counted here nor ever written (not even for a moment)."""
    flavor = _flavor(admin_context)
    instance = _instance(admin_context, flavor)
    stale = instance_obj.Instance.get_by_uuid(admin_context, instance.uuid)
    instance.task_state = fields.TaskState.DELETING
    instance.save()
    with sql_statements() as seen:
        with pytest.raises(exception.Conflict):
            tracker.instance_claim(admin_context, stale, flavor)
    assert _used(tracker) == (0, 0, 0, 0)
    assert not [s for s in seen if s.startswith('UPDATE COMPUTE_NODES')]
    stored = compute_node.ComputeNode.get_by_uuid(
        admin_context, tracker.compute_node.uuid)
    assert (stored.vcpus_used, stored.memory_mb_used) == (0, 0)


def test_periodic_recount_comes_from_instances(tracker, admin_context):
    flavor = _flavor(admin_context)
    instances = [_instance(admin_context, flavor) for _ in range(3)]
    for instance in instances:
        tracker.instance_claim(admin_context, instance, flavor)
    instances[0].destroy()
    tracker.update_available_resource(admin_context)
    assert _used(tracker) == (8, 8192, 40, 2)


def test_a_hosts_first_report_reads_no_allocations_a_later_one_does(
        sqlite_db, admin_context):
    """A node created now has a provider of its new uuid, which nothing
    can have allocated on yet: a thousand hosts starting skip that read.
    A later report reads them, to drop the strays."""
    rt = resource_tracker.ResourceTracker(
        CONF, 'host1', fake_driver.FakeDriver(CONF, 'host1'))
    with sql_statements() as first:
        rt.update_available_resource(admin_context)
    with sql_statements() as later:
        rt.update_available_resource(admin_context)

    def allocation_reads(seen):
        return [s for s in seen if s.startswith('SELECT') and
                'FROM ALLOCATIONS' in s]
    assert any(s.startswith('INSERT INTO COMPUTE_NODES') for s in first)
    assert not allocation_reads(first), first
    assert allocation_reads(later)


def _vnic_flavor(ctx, rate):
    flavor = flavor_obj.Flavor(
        ctx, flavorid='v%d' % rate, name='v%d' % rate, memory_mb=512,
        vcpus=1, root_gb=1, extra_specs={
            'vietstack:vnics': '1',
            'vietstack:vnic0:physical_network': 'physnet1',
            'vietstack:vnic0:outbound:rate': str(rate)})
    flavor.create()
    return flavor


def test_a_vnic_claim_takes_a_nic_and_an_abort_gives_it_back(
        tracker, admin_context, overrides):
    overrides('nic', ['name=eth0, physical_network=physnet1, rate=1000'],
              group='vietstack')
    tracker.update_available_resource(admin_context)
    flavor = _vnic_flavor(admin_context, 600)
    first = _instance(admin_context, flavor)
    claim = tracker.instance_claim(admin_context, first, flavor)
    assert first.vietstack_request.assignments() == [(0, 'eth0')]
    stored = instance_obj.Instance.get_by_uuid(
        admin_context, first.uuid, expected_attrs=['vietstack_request'])
    assert stored.vietstack_request.assignments() == [(0, 'eth0')]
    nic, = tracker.compute_node.vietstack_stat.nics
    assert nic.outbound_rate_used == 600
    second = _instance(admin_context, flavor)
    with pytest.raises(exception.ComputeResourcesUnavailable,
                       match='VietStack: vNIC 0'):
        tracker.instance_claim(admin_context, second, flavor)
    claim.abort()
    nic, = tracker.compute_node.vietstack_stat.nics
    assert (nic.outbound_rate_used, nic.vnics) == (0, 0)
    assert instance_obj.Instance.get_by_uuid(
        admin_context, first.uuid,
        expected_attrs=['vietstack_request']).vietstack_request is None
    tracker.instance_claim(admin_context, second, flavor)


def test_a_vnic_claim_follows_the_allocations_it_is_given(
        tracker, admin_context, overrides):
    """The scheduler's claim comes with the build: the vNIC goes to the
    NIC it names, though placement holds nothing for the instance here
    (read from placement, it would take the first NIC, eth0)."""
    overrides('nic', ['name=eth0, physical_network=physnet1, rate=1000',
                      'name=eth1, physical_network=physnet1, rate=1000'],
              group='vietstack')
    tracker.update_available_resource(admin_context)
    flavor = _vnic_flavor(admin_context, 600)
    instance = _instance(admin_context, flavor)
    node = tracker.compute_node
    given = {node.uuid: {'VCPU': 1},
             vietstack_placement.nic_provider_uuid(node.uuid, 'eth1'): {
                 'CUSTOM_VIETSTACK_OUTBOUND_RATE': 600}}
    tracker.instance_claim(admin_context, instance, flavor, given)
    assert instance.vietstack_request.assignments() == [(0, 'eth1')]
    tracker.instance_claim(admin_context, _instance(admin_context, flavor),
                           flavor)  # none given: placement says nothing
    used = {n.name: n.outbound_rate_used
            for n in tracker.compute_node.vietstack_stat.nics}
    assert used == {'eth0': 600, 'eth1': 600}


def test_a_broken_nic_line_stops_the_periodic_report(tracker, admin_context,
                                                     overrides):
    overrides('nic', ['name=eth0'], group='vietstack')
    with pytest.raises(exception.ConfigInvalid, match='physical_network'):
        tracker.update_available_resource(admin_context)
