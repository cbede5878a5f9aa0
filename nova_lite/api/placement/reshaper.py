# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /reshaper (1.30): inventories and allocations moved at once, as a
compute does when it splits a resource into child providers."""
from nova_lite.api import microversion
from nova_lite.api.placement import allocations as allocations_api
from nova_lite.api.schemas import placement as schema
from nova_lite.api import validation
from nova_lite.placement import reshaper


@validation.responds(204, None)
@microversion.since('1.30')
@validation.schema(schema.reshaper_at(30), '1.30', '1.37')
@validation.schema(schema.reshaper_at(38), '1.38')
def reshape(req):
    body = req.body_json()
    inventory_sets = {
        uuid: (entry['resource_provider_generation'], entry['inventories'])
        for uuid, entry in body['inventories'].items()}
    requests = [allocations_api.request_of(req, uuid, entry)
                for uuid, entry in body['allocations'].items()]
    reshaper.reshape(req.context, inventory_sets, requests)
    return 204, None
