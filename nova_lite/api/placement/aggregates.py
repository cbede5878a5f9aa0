# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/resource_providers/{uuid}/aggregates (1.1; generations from 1.19)."""
import functools

from nova_lite.api import microversion
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite.placement import aggregates as store


def _body(req, generation, aggregates):
    body = {'aggregates': aggregates}
    if req.api_version.matches('1.19'):
        body['resource_provider_generation'] = generation
    return body


@validation.responds(200, responses.aggregates)
@microversion.since('1.1')
def index(req, uuid):
    return 200, _body(req, *store.of_provider(req.context, uuid))


def _provider_first(handler):
    """An unknown provider is 404 before its body is read, as in
    Placement."""
    @functools.wraps(handler)
    def checked(req, uuid):
        store.of_provider(req.context, uuid)
        return handler(req, uuid=uuid)
    return checked


@validation.responds(200, responses.aggregates)
@microversion.since('1.1')
@_provider_first
@validation.schema(schema.aggregates_1_1, '1.1', '1.18')
@validation.schema(schema.aggregates_1_19, '1.19')
def update(req, uuid):
    body = req.body_json()
    if req.api_version.matches('1.19'):
        generation, aggregates = body['resource_provider_generation'], \
            body['aggregates']
    else:
        generation, aggregates = None, body
    return 200, _body(req, *store.set_for_provider(
        req.context, uuid, generation, aggregates))
