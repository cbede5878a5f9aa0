# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/resource_providers/{uuid}/usages and /usages?project_id= (1.9;
grouped by consumer type from 1.38)."""
from nova_lite.api import microversion
from nova_lite.api.placement import errors
from nova_lite.api.placement import query_check
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite.placement import allocations


@errors.own_not_found
@validation.responds(200, responses.provider_usages)
def for_provider(req, uuid):
    generation, usages = allocations.usages_of_provider(req.context, uuid)
    return 200, {'resource_provider_generation': generation,
                 'usages': usages}


@validation.responds(200, responses.project_usages)
@microversion.since('1.9')
@query_check.takes(schema.usages_query_at)
def for_project(req):
    project_id = req.GET['project_id']
    if req.api_version.matches('1.38'):
        return 200, {'usages': allocations.usages_by_consumer_type(
            req.context, project_id, req.GET.get('user_id'),
            req.GET.get('consumer_type'))}
    usages = allocations.usages_of_project(req.context, project_id,
                                           req.GET.get('user_id'))
    return 200, {'usages': usages}
