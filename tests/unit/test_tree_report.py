# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute's provider tree in one report (Placement.report_tree): what
placement shows after it, and what a report with nothing new costs."""
import uuid

from oslo_utils import uuidutils
import pytest

from nova_lite import exception
from nova_lite.objects import placement
from nova_lite.placement import inventories
from nova_lite.placement import providers
from nova_lite.placement import traits
from tests.conftest import sql_statements

ROOT_INVENTORY = {'VCPU': {'total': 8, 'allocation_ratio': 4.0},
                  'MEMORY_MB': {'total': 4096}}


def _nics(root, count=2, rate=1000):
    return [{'uuid': _child_uuid(root, nic), 'name': 'h1:eth%d' % nic,
             'inventory': {'CUSTOM_TREE_RATE': {'total': rate}},
             'traits': ['CUSTOM_TREE_PHYSNET%d' % (nic % 2)]}
            for nic in range(count)]


def _child_uuid(root, nic):
    """The uuid of the root's NIC ``nic``: never the root's own (a uuid
    ending in the NIC's number would be, once in 256 runs)."""
    return str(uuid.uuid5(uuid.UUID(root), 'nic%d' % nic))


def _report(context, root, children, inventory=ROOT_INVENTORY):
    placement.Placement.report_tree(context, root, 'h1', inventory,
                                    children)


def _generations(context, root):
    return {p['uuid']: p['generation']
            for p in providers.get_all(context, in_tree=root)}


def test_first_report_makes_the_tree(sqlite_db, admin_context):
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root))
    tree = providers.get_all(admin_context, in_tree=root)
    assert sorted(p['name'] for p in tree) == ['h1', 'h1:eth0', 'h1:eth1']
    assert all(p['root_provider_uuid'] == root for p in tree)
    child = _child_uuid(root, 1)
    assert inventories.get(admin_context, child)[1]['CUSTOM_TREE_RATE'][
        'total'] == 1000
    assert traits.of_provider(admin_context, child)[1] == [
        'CUSTOM_TREE_PHYSNET1']
    assert inventories.get(admin_context, root)[1]['VCPU'][
        'allocation_ratio'] == 4.0


def _report_another_tree(admin_context):
    """A tree of another host first: the custom classes and traits a new
    one uses exist already."""
    other = uuidutils.generate_uuid()
    placement.Placement.report_tree(admin_context, other, 'h0',
                                    ROOT_INVENTORY, [
                                        dict(nic, name='h0:' + nic['name'])
                                        for nic in _nics(other)])


def test_a_new_hosts_first_report_is_one_write(sqlite_db, admin_context):
    """The root, its COMPUTE_NODE trait, its inventory and its children
    go in together: one write transaction (a thousand hosts starting
    wait for SQLite's write lock a thousand times, not four thousand)."""
    _report_another_tree(admin_context)
    root = uuidutils.generate_uuid()
    with sql_statements() as seen:
        _report(admin_context, root, _nics(root))
    assert len([s for s in seen if s.startswith('BEGIN IMMEDIATE')]) == 1
    assert traits.of_provider(admin_context, root) == (1, ['COMPUTE_NODE'])
    assert set(inventories.get(admin_context, root)[1]) == {'VCPU',
                                                            'MEMORY_MB'}
    assert set(_generations(admin_context, root).values()) == {1}


def test_a_new_hosts_first_report_deletes_nothing_and_inserts_each_kind_once(
        sqlite_db, admin_context):
    """A new tree holds no inventory or trait to replace: its write reads
    the tree once more (absent under the write lock too) and inserts all
    the inventories in one statement, the root's trait in one and the
    children's in another."""
    _report_another_tree(admin_context)
    root = uuidutils.generate_uuid()
    with sql_statements() as seen:
        _report(admin_context, root, _nics(root, count=3))
    run = [s for s in seen if s.split()[0] not in ('BEGIN', 'COMMIT')]
    assert not [s for s in run if s.startswith('DELETE')], run
    inserts = [s.split()[2] for s in run if s.startswith('INSERT')]
    # (SQLite inserts the children one a statement: their ids come back.)
    assert (inserts.count('INVENTORIES'),
            inserts.count('RESOURCE_PROVIDER_TRAITS')) == (1, 2), run
    assert len([s for s in run if s.startswith('SELECT')]) == 2, run
    assert sorted(inventories.get(admin_context, root)[1]) == [
        'MEMORY_MB', 'VCPU']
    for nic in range(3):
        child = _child_uuid(root, nic)
        assert inventories.get(admin_context, child)[1][
            'CUSTOM_TREE_RATE']['total'] == 1000
        assert traits.of_provider(admin_context, child) == (
            1, ['CUSTOM_TREE_PHYSNET%d' % (nic % 2)])


def test_a_new_node_of_a_host_takes_the_name_of_its_stale_tree(
        sqlite_db, admin_context):
    old, new = uuidutils.generate_uuid(), uuidutils.generate_uuid()
    _report(admin_context, old, [])
    _report(admin_context, new, _nics(new))
    assert sorted(p['name'] for p in providers.get_all(admin_context)) == [
        'h1', 'h1:eth0', 'h1:eth1']
    assert providers.get(admin_context, new)['name'] == 'h1'
    assert traits.of_provider(admin_context, new)[1] == ['COMPUTE_NODE']
    assert inventories.get(admin_context, new)[1]['VCPU']['total'] == 8


def test_a_report_with_nothing_new_reads_three_statements_and_writes_none(
        sqlite_db, admin_context):
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root, count=4))
    before = _generations(admin_context, root)
    with sql_statements() as seen:
        _report(admin_context, root, _nics(root, count=4))
    assert _generations(admin_context, root) == before
    assert [s.split()[0] for s in seen if s.split()[0] not in (
        'BEGIN', 'COMMIT', 'ROLLBACK')] == ['SELECT'] * 3
    # Not even SQLite's write lock, which every writer waits for.
    assert not [s for s in seen if s.startswith('BEGIN IMMEDIATE')]


def test_a_changed_child_moves_on_one_generation_the_others_none(
        sqlite_db, admin_context):
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root))
    before = _generations(admin_context, root)
    changed = _nics(root)
    changed[0]['inventory'] = {'CUSTOM_TREE_RATE': {'total': 500}}
    changed[0]['traits'] = ['CUSTOM_TREE_OTHER']
    _report(admin_context, root, changed)
    after = _generations(admin_context, root)
    first = _child_uuid(root, 0)
    assert after[first] == before[first] + 1
    assert {u: g for u, g in after.items() if u != first} == {
        u: g for u, g in before.items() if u != first}
    assert inventories.get(admin_context, first)[1]['CUSTOM_TREE_RATE'][
        'total'] == 500
    assert traits.of_provider(admin_context, first)[1] == [
        'CUSTOM_TREE_OTHER']


def test_a_child_no_longer_declared_goes_unless_it_holds_allocations(
        sqlite_db, admin_context):
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root, count=3))
    consumer = uuidutils.generate_uuid()
    placement.Placement.claim_allocations(admin_context, consumer, {
        _child_uuid(root, 2): {'CUSTOM_TREE_RATE': 10}}, 'p', 'u')
    _report(admin_context, root, _nics(root, count=1))
    tree = providers.get_all(admin_context, in_tree=root)
    names = sorted(p['name'] for p in tree)
    assert names == ['h1', 'h1:eth0', 'h1:eth2']  # eth2 is in use


def test_another_services_children_of_the_host_stay_and_cost_no_write(
        sqlite_db, admin_context):
    """The network service hangs its bandwidth providers under the host's
    (an agent provider with none, a bridge's with standard classes): the
    host's reports leave them, and find nothing to write for them."""
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root, count=1))
    agent, bridge = uuidutils.generate_uuid(), uuidutils.generate_uuid()
    providers.create(admin_context, agent, 'h1:OVN Controller agent', root)
    providers.create(admin_context, bridge, 'h1:agent:br-physnet1', agent)
    inventories.set_all(admin_context, bridge, 0, {
        'NET_BW_EGR_KILOBIT_PER_SEC': {'total': 10000}})
    lone = uuidutils.generate_uuid()  # an agent not yet given children
    providers.create(admin_context, lone, 'h1:other agent', root)
    before = _generations(admin_context, root)
    with sql_statements() as seen:
        _report(admin_context, root, _nics(root, count=1))
    assert _generations(admin_context, root) == before
    assert not [s for s in seen if s.split()[0] in ('INSERT', 'DELETE',
                                                    'UPDATE')]
    _report(admin_context, root, [])  # the host's own NIC goes
    assert sorted(p['name'] for p in providers.get_all(
        admin_context, in_tree=root)) == [
        'h1', 'h1:OVN Controller agent', 'h1:agent:br-physnet1',
        'h1:other agent']


def test_a_class_in_use_cannot_leave_and_nothing_is_written(sqlite_db,
                                                            admin_context):
    root = uuidutils.generate_uuid()
    _report(admin_context, root, _nics(root))
    placement.Placement.claim_allocations(
        admin_context, uuidutils.generate_uuid(), {root: {'VCPU': 2}}, 'p',
        'u')
    before = _generations(admin_context, root)
    changed = _nics(root, rate=10)
    with pytest.raises(exception.InventoryInUse):
        _report(admin_context, root, changed,
                inventory={'MEMORY_MB': {'total': 4096}})
    assert _generations(admin_context, root) == before
    assert inventories.get(admin_context, _child_uuid(root, 0))[1][
        'CUSTOM_TREE_RATE']['total'] == 1000


def test_many_trees_read_in_three_statements_and_a_refusal_stays_its_own(
        sqlite_db, admin_context):
    """The periodic pass of a process's computes reports all their trees
    at once: unchanged ones cost the same three reads as one tree; one
    that cannot be written is named, the others are written."""
    roots = [uuidutils.generate_uuid() for _ in range(5)]

    def tree(root, rate=1000, inventory=ROOT_INVENTORY):
        name = 'h-%s' % root[:8]
        children = [dict(child, name=child['name'].replace('h1', name))
                    for child in _nics(root, rate=rate)]
        return {'root_uuid': root, 'name': name, 'inventory': inventory,
                'children': children}
    assert placement.Placement.report_trees(
        admin_context, [tree(r) for r in roots]) == {}
    with sql_statements() as seen:
        assert placement.Placement.report_trees(
            admin_context, [tree(r) for r in roots]) == {}
    assert [s.split()[0] for s in seen if s.split()[0] not in (
        'BEGIN', 'COMMIT', 'ROLLBACK')] == ['SELECT'] * 3
    busy, changed = roots[0], roots[1]
    placement.Placement.claim_allocations(
        admin_context, uuidutils.generate_uuid(), {busy: {'VCPU': 2}}, 'p',
        'u')
    failed = placement.Placement.report_trees(admin_context, [
        tree(busy, inventory={'MEMORY_MB': {'total': 4096}}),
        tree(changed, rate=10)] + [tree(r) for r in roots[2:]])
    assert list(failed) == [busy]
    assert inventories.get(admin_context, _child_uuid(changed, 0))[1][
        'CUSTOM_TREE_RATE']['total'] == 10
    assert 'VCPU' in inventories.get(admin_context, busy)[1]
