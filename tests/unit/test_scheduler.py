# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Filters, weighers and the scheduler's placement decisions."""
import datetime

from oslo_utils import timeutils
from oslo_utils import uuidutils
import pytest
import sqlalchemy

from nova_lite import conf as nl_conf
from nova_lite.db import engine
from nova_lite import exception
from nova_lite.objects import compute_node
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import placement
from nova_lite.objects import request_spec
from nova_lite.objects import service
from nova_lite.scheduler import manager
from tests.conftest import sql_statements

CONF = nl_conf.CONF


def _node(ctx, host, vcpus=8, memory_mb=16384, local_gb=100, **used):
    svc = service.Service(ctx, host=host, binary=service.COMPUTE_BINARY,
                          topic='compute', last_seen_up=timeutils.utcnow())
    svc.create()
    node = compute_node.ComputeNode(
        ctx, host=host, hypervisor_hostname=host, hypervisor_type='test',
        vcpus=vcpus, memory_mb=memory_mb, local_gb=local_gb,
        cpu_allocation_ratio=1.0, ram_allocation_ratio=1.0,
        disk_allocation_ratio=1.0, service_id=svc.id, **used)
    node.create()
    # As the host's resource tracker does: its inventory in placement,
    # and what its instances use allocated there.
    placement.Placement.report_inventory(ctx, node.uuid, host,
                                         placement.inventory_of(node))
    amounts = {rc: used.get(field, 0) for rc, field in (
        ('VCPU', 'vcpus_used'), ('MEMORY_MB', 'memory_mb_used'),
        ('DISK_GB', 'local_gb_used'))}
    if any(amounts.values()):
        placement.Placement.claim(
            ctx, uuidutils.generate_uuid(), node.uuid,
            {rc: n for rc, n in amounts.items() if n}, 'p', 'u')
    return svc


def _spec(ctx, memory_mb=1024, vcpus=1, disk=10):
    flavor = flavor_obj.Flavor(ctx, id=1, flavorid='f', name='f',
                               memory_mb=memory_mb, vcpus=vcpus,
                               root_gb=disk, ephemeral_gb=0, swap=0,
                               extra_specs={})
    return request_spec.RequestSpec(
        ctx, instance_uuid=uuidutils.generate_uuid(), flavor=flavor,
        project_id='p', user_id='u', ignore_hosts=[], scheduler_hints={})


@pytest.fixture
def scheduler(sqlite_db):
    return manager.SchedulerManager(CONF, 'test')


def test_picks_host_with_most_free_ram_and_counts_it(scheduler,
                                                     admin_context):
    _node(admin_context, 'a', memory_mb_used=4096)
    _node(admin_context, 'b')
    first = scheduler.place(admin_context, _spec(admin_context),
                            max_hosts=2)
    assert [s.service_host for s in first] == ['b', 'a']
    # 'b' now has 1024 MB counted against it, still more than 'a'.
    spec = _spec(admin_context, memory_mb=8192)
    second = scheduler.place(admin_context, spec)
    assert second[0].service_host == 'b'
    third = scheduler.place(admin_context, spec)
    assert third[0].service_host == 'a'


def test_no_valid_host_explains_each_filter(scheduler, admin_context):
    _node(admin_context, 'small', memory_mb=2048, vcpus=1)
    _node(admin_context, 'cramped', memory_mb=65536, vcpus=1,
          vcpus_used=1)
    _node(admin_context, 'big')
    with pytest.raises(exception.NoValidHost) as error:
        scheduler.place(
            admin_context, _spec(admin_context, memory_mb=4096, vcpus=2,
                                 disk=200))
    message = error.value.format_message()
    assert message.startswith('No valid host: ')
    assert 'CoreFilter removed 2 of 3 hosts (need 2 vCPUs, best host has 1 ' \
           'free)' in message
    assert 'DiskFilter removed 1 of 1 hosts (need 200 GB, best host has ' \
           '100 GB free)' in message
    assert 'RamFilter' not in message


def test_down_and_disabled_hosts_are_skipped(scheduler, admin_context):
    down = _node(admin_context, 'down')
    down.last_seen_up = datetime.datetime(2000, 1, 1)
    down.save()
    disabled = _node(admin_context, 'disabled')
    disabled.disabled = True
    disabled.save()
    _node(admin_context, 'ok', memory_mb=4096)
    chosen = scheduler.place(admin_context,
                             _spec(admin_context), max_hosts=3)
    assert [s.service_host for s in chosen] == ['ok']
    with pytest.raises(exception.NoValidHost) as error:
        scheduler.place(admin_context,
                        _spec(admin_context, memory_mb=8192))
    message = error.value.format_message()
    assert 'ComputeFilter removed 2 of 3 hosts (1 down, 1 disabled)' in message
    assert 'RamFilter removed 1 of 1 hosts (need 8192 MB, best host has ' \
           '3072 MB free)' in message


def test_no_hosts_at_all(scheduler, admin_context):
    with pytest.raises(exception.NoValidHost) as error:
        scheduler.place(admin_context, _spec(admin_context))
    assert error.value.format_message() == \
        'No valid host: there are no compute hosts'


def test_unknown_filter_name_is_refused(sqlite_db, overrides):
    overrides('enabled_filters', ['RamFilter', 'NoSuchFilter'],
              group='filter_scheduler')
    with pytest.raises(ValueError, match='NoSuchFilter'):
        manager.SchedulerManager(CONF, 'test')


def _instance(ctx, spec):
    from nova_lite.objects import fields
    from nova_lite.objects import instance as instance_obj
    instance = instance_obj.Instance(
        ctx, uuid=spec.instance_uuid, display_name='i', project_id='p',
        vm_state=fields.VMState.BUILDING, task_state='scheduling',
        flavor=spec.flavor)
    instance.create()
    return instance


def _free_ram(scheduler, ctx):
    return {s.host: s.free_ram_mb
            for s in scheduler.host_manager.get_all_host_states(ctx)}


def test_a_claim_counts_at_once_and_a_release_frees_at_once(
        scheduler, admin_context):
    _node(admin_context, 'a', memory_mb=4096)
    first, second = _spec(admin_context), _spec(admin_context)
    scheduler.place(admin_context, first)
    scheduler.place(admin_context, second)
    assert _free_ram(scheduler, admin_context) == {'a': 2048}
    # The second build failed: its allocation goes, its room is back.
    placement.Placement.unclaim(admin_context, second.instance_uuid)
    assert _free_ram(scheduler, admin_context) == {'a': 3072}


def test_placement_decides_who_has_room_and_holds_the_claim(scheduler,
                                                            admin_context):
    _node(admin_context, 'a', memory_mb_used=4096)
    _node(admin_context, 'b')
    nodes = {n.host: n for n in
             compute_node.ComputeNodeList.get_all(admin_context)}
    # 'b' looks emptier to the filters, but placement has it full.
    placement.Placement.claim(admin_context, uuidutils.generate_uuid(),
                              nodes['b'].uuid, {'VCPU': 8}, 'p', 'u')
    spec = _spec(admin_context)
    chosen = scheduler.place(admin_context, spec, max_hosts=2)
    assert [s.service_host for s in chosen] == ['a']
    assert placement.Placement.consumers_on(
        admin_context, nodes['a'].uuid)[spec.instance_uuid] == {
        'VCPU': 1, 'MEMORY_MB': 1024, 'DISK_GB': 10}
    placement.Placement.claim(admin_context, uuidutils.generate_uuid(),
                              nodes['a'].uuid, {'VCPU': 7}, 'p', 'u')
    with pytest.raises(exception.NoValidHost) as caught:
        scheduler.place(admin_context, _spec(admin_context))
    # The filters read placement's account: they say which ran out.
    assert 'CoreFilter removed 2 of 2 hosts (need 1 vCPUs, best host has ' \
        '0 free)' in caught.value.format_message()


def test_a_sample_of_refused_hosts_widens_to_all(sqlite_db, admin_context,
                                                 overrides):
    overrides('max_placement_results', 1, group='filter_scheduler')
    scheduler = manager.SchedulerManager(CONF, 'test')
    for name in ('off-1', 'off-2', 'off-3'):
        svc = _node(admin_context, name)
        svc.disabled = True
        svc.save()
    _node(admin_context, 'on')
    for _ in range(4):
        chosen = scheduler.place(admin_context, _spec(admin_context))
        assert chosen[0].service_host == 'on'


def test_host_states_keep_objects_of_unchanged_rows_only(scheduler,
                                                         admin_context):
    """The scheduler builds objects only for the rows that changed since
    its last look; a changed row (a disabled service, a compute that
    saved its node) is seen at once."""
    for host in ('keep-1', 'keep-2'):
        _node(admin_context, host)
    manager_ = scheduler.host_manager
    first = {s.host: s for s in manager_.get_all_host_states(admin_context)}
    svc = service.Service.get_by_host_and_binary(admin_context, 'keep-2',
                                                 service.COMPUTE_BINARY)
    svc.disabled = True
    svc.save()
    node = compute_node.ComputeNodeList.get_all(admin_context)[0]
    node.running_vms = 7
    node.save()
    second = {s.host: s for s in manager_.get_all_host_states(admin_context)}
    changed_node = node.host
    assert second[changed_node].num_instances == 7
    assert second['keep-2'].service_disabled
    assert not second['keep-1'].service_disabled
    unchanged = ({'keep-1', 'keep-2'} - {changed_node}).pop()
    # The same objects where nothing changed, new ones where it did.
    assert second[unchanged]._node is first[unchanged]._node
    assert second[changed_node]._node is not first[changed_node]._node


def test_a_host_whose_heartbeats_stop_is_down_at_the_next_look(
        scheduler, admin_context):
    """Liveness is read at every look: a service whose heartbeats stopped
    is down, and up again with its next heartbeat, its node object kept
    all along."""
    svc = _node(admin_context, 'beat')
    manager_ = scheduler.host_manager
    [first] = manager_.get_all_host_states(admin_context)
    assert first.service_up
    svc.last_seen_up = datetime.datetime(2000, 1, 1)
    svc.save()
    [silent] = manager_.get_all_host_states(admin_context)
    assert not silent.service_up
    service.ServiceList.heartbeat(admin_context, [svc.id])
    [again] = manager_.get_all_host_states(admin_context)
    assert again.service_up
    assert again._node is first._node


def test_a_decision_reads_in_one_transaction(scheduler, admin_context):
    """A decision's reads (the request's pre-filters apart) share one
    reader transaction: one connection checkout, not one per object."""
    for host in ('one-1', 'one-2', 'one-3'):
        _node(admin_context, host)
    scheduler.place(admin_context, _spec(admin_context))
    readers = []

    def checked_out(*args):
        readers.append(args)
    pool = engine.reader.get_engine().pool
    sqlalchemy.event.listen(pool, 'checkout', checked_out)
    try:
        chosen = scheduler.place(admin_context, _spec(admin_context))
    finally:
        sqlalchemy.event.remove(pool, 'checkout', checked_out)
    assert chosen[0].service_host.startswith('one-')
    assert len(readers) == 2  # the pre-filters', the decision's


def test_a_look_with_nothing_changed_loads_no_row(scheduler, admin_context):
    """Unchanged hosts cost the scheduler a stamp each (uuid and
    updated_at) and their service's liveness (four columns): their node
    and service rows are not loaded again."""
    for host in ('still-1', 'still-2', 'still-3'):
        _node(admin_context, host)
    manager_ = scheduler.host_manager
    manager_.get_all_host_states(admin_context)
    with sql_statements() as seen:
        manager_.get_all_host_states(admin_context)
    loads = [s for s in seen if s.startswith('SELECT') and (
        'COMPUTE_NODES.VCPUS' in s or 'SERVICES.REPORT_COUNT' in s)]
    assert loads == []
    assert [s for s in seen if s.startswith('SELECT COMPUTE_NODES.UUID, '
                                            'COMPUTE_NODES.UPDATED_AT')]
    node = compute_node.ComputeNodeList.get_all(admin_context)[0]
    node.running_vms = 3
    node.save()
    with sql_statements() as seen:
        states = manager_.get_all_host_states(admin_context)
    assert [s.num_instances for s in states if s.host == node.host] == [3]
    assert len([s for s in seen if 'COMPUTE_NODES.VCPUS' in s]) == 1, seen


def test_a_sampled_decision_asks_once_which_providers_share(
        sqlite_db, admin_context, overrides):
    """On hosts that are each their own tree, a decision over a sample
    reads the list of sharing providers once (for the host states' storage
    pools), not again to tell each candidate's host from a pool."""
    overrides('max_placement_results', 2, group='filter_scheduler')
    scheduler = manager.SchedulerManager(CONF, 'test')
    for i in range(4):
        _node(admin_context, 'flat-%d' % i)
    scheduler.place(admin_context, _spec(admin_context))
    with sql_statements() as seen:
        chosen = scheduler.place(admin_context, _spec(admin_context))
    assert chosen[0].service_host.startswith('flat-')
    sharing_reads = [s for s in seen if s.startswith(
        'SELECT RESOURCE_PROVIDER_TRAITS.RESOURCE_PROVIDER_ID')]
    assert len(sharing_reads) == 1, seen
