# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The zone a service is shown in: a compute's is its host's
availability zone (the default zone for a host in none), every other
service's is ``internal``, as in Nova."""
from nova_lite.objects import aggregates
from nova_lite.objects import service as service_obj

INTERNAL = 'internal'


def of(req, services):
    """{service id: its zone}."""
    computes = {s.host for s in services
                if s.binary == service_obj.COMPUTE_BINARY}
    zones = aggregates.zones_of_hosts(req.conf, req.context, computes)
    return {s.id: zones[s.host] if s.binary == service_obj.COMPUTE_BINARY
            else INTERNAL for s in services}
