# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The services' placement calls, on a real SQLite store."""
from oslo_utils import uuidutils

from nova_lite.objects import placement
from nova_lite.placement import inventories
from nova_lite.placement import providers

RECORDS = {'VCPU': {'total': 4, 'reserved': 0, 'max_unit': 4,
                    'allocation_ratio': 2.0}}


def test_report_inventory_creates_then_keeps_the_provider(sqlite_db,
                                                          admin_context):
    uuid = uuidutils.generate_uuid()
    placement.Placement.report_inventory(admin_context, uuid, 'h1', RECORDS)
    generation, records = inventories.get(admin_context, uuid)
    assert records['VCPU']['total'] == 4
    # Unchanged inventory writes nothing: the generation stays.
    placement.Placement.report_inventory(admin_context, uuid, 'h1', RECORDS)
    assert inventories.get(admin_context, uuid)[0] == generation


def test_a_new_node_of_a_host_replaces_its_stale_provider(sqlite_db,
                                                          admin_context):
    old, new = uuidutils.generate_uuid(), uuidutils.generate_uuid()
    placement.Placement.report_inventory(admin_context, old, 'h1', RECORDS)
    placement.Placement.report_inventory(admin_context, new, 'h1', RECORDS)
    assert [p['uuid'] for p in providers.get_all(admin_context)] == [new]


def test_unclaim_and_delete_provider_tolerate_absence(sqlite_db,
                                                      admin_context):
    placement.Placement.unclaim(admin_context, uuidutils.generate_uuid())
    placement.Placement.delete_provider(admin_context,
                                        uuidutils.generate_uuid())
