# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Computes starting together report their providers at once: on MariaDB
and PostgreSQL every report lands (a deadlock between two of them is run
again, never a start-up failure), each provider with its children, their
inventories and traits."""
import concurrent.futures

from oslo_utils import uuidutils
import pytest

from nova_lite import context as nl_context
from nova_lite.objects import placement as placement_obj
from nova_lite.placement import inventories
from nova_lite.placement import providers
from nova_lite.placement import resource_classes
from nova_lite.placement import traits
from tests.integration import databases

pytestmark = pytest.mark.integration
HOSTS, NICS = 16, 4
NIC_INVENTORY = {'CUSTOM_STORM_RATE': {'total': 1000},
                 'CUSTOM_STORM_SIZE': {'total': 64}}


def _children(host):
    return [{'uuid': uuidutils.generate_uuid(), 'name': 'storm-%d:eth%d' % (
        host, nic), 'inventory': NIC_INVENTORY,
        'traits': ['CUSTOM_STORM_PHYSNET_%d' % (nic % 2)]}
        for nic in range(NICS)]


def _report_in_two(host):
    """As a compute before Placement 1.5 reports."""
    context = nl_context.get_admin_context()
    root = uuidutils.generate_uuid()
    placement_obj.Placement.report_inventory(
        context, root, 'storm-%d' % host, {'VCPU': {'total': 8}})
    placement_obj.Placement.report_children(context, root, _children(host))
    return root


def _report_tree(host):
    context = nl_context.get_admin_context()
    root = uuidutils.generate_uuid()
    placement_obj.Placement.report_tree(
        context, root, 'storm-%d' % host, {'VCPU': {'total': 8}},
        _children(host))
    return root


@pytest.mark.parametrize('report', [_report_in_two, _report_tree])
@pytest.mark.parametrize('kind', ['mysql', 'postgresql'])
def test_providers_reported_at_once_all_land(kind, report, tmp_path):
    with databases.in_use(kind, tmp_path):
        with concurrent.futures.ThreadPoolExecutor(HOSTS) as pool:
            roots = list(pool.map(report, range(HOSTS)))
        context = nl_context.get_admin_context()
        for root in roots:
            tree = providers.get_all(context, in_tree=root)
            children = [p for p in tree if p['uuid'] != root]
            assert len(children) == NICS
            for child in children:
                assert set(inventories.get(context, child['uuid'])[1]) \
                    == set(NIC_INVENTORY)
                assert len(traits.of_provider(context,
                                              child['uuid'])[1]) == 1
        # The custom classes and traits they hold exist in this database.
        assert set(NIC_INVENTORY) <= set(resource_classes.all_names(context))
        assert {'CUSTOM_STORM_PHYSNET_0', 'CUSTOM_STORM_PHYSNET_1'} <= set(
            traits.all_names(context))
