# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /allocation_candidates (1.10): where a request would fit now.

The answer's shape follows the version: allocation requests as lists
before 1.12 and keyed by provider from it, ``mappings`` from 1.34;
summaries with traits from 1.17, with every class of a provider from
1.27, and for every provider of the answered trees, with parent and root,
from 1.29.
"""
import orjson
from oslo_utils import uuidutils

from nova_lite.api import microversion
from nova_lite.api.placement import query_check
from nova_lite.api.placement import request_query
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import candidates
from nova_lite.placement import resource_classes
from nova_lite.placement import traits


def _check_uuids(params):
    """member_of and in_tree (any suffix) name uuids."""
    for key, values in params.items():
        if key.startswith('member_of'):
            query_check.member_of_uuids(values)
        elif key.startswith('in_tree') and not all(
                uuidutils.is_uuid_like(v) for v in values):
            raise exception.PlacementBadRequest(
                detail="Invalid query string parameters: Expected '%s' "
                       "parameter to be a format of uuid. Got: %s"
                       % (key, values[-1]))


def _request(req):
    params = req.GET.dict_of_lists()
    _check_uuids(params)
    request = request_query.parse(params, req.api_version.minor)
    resource_classes.check_known(
        req.context, {rc for g in request.groups.values()
                      for rc in g.resources},
        said_as=resource_classes.IN_RESOURCES_PARAMETER)
    names = request.root_required | request.root_forbidden
    for group in request.groups.values():
        names |= group.forbidden.union(*group.required)
    traits.check_known(req.context, names)
    return request


def _allocation_requests(req, found, tree):
    keyed = req.api_version.matches('1.12')
    with_mappings = req.api_version.matches('1.34')
    return [_allocation_request(merged, mappings, tree, keyed, with_mappings)
            for merged, mappings in found]


def _allocation_request(merged, mappings, tree, keyed, with_mappings):
    uuid = {p: tree[p][0] for p in merged}
    if keyed:
        body = {'allocations': {uuid[p]: {'resources': r}
                                for p, r in merged.items()}}
    else:
        body = {'allocations': [{'resource_provider': {'uuid': uuid[p]},
                                 'resources': r}
                                for p, r in merged.items()]}
    if with_mappings:
        body['mappings'] = {s: [uuid[p] for p in providers]
                            for s, providers in mappings.items()}
    return body


def _summaries(req, found, tree, requested):
    in_answer = {p for merged, _m in found for p in merged}
    whole_trees = req.api_version.matches('1.29')
    every_class = req.api_version.matches('1.27')
    ids = set(tree) if whole_trees else in_answer
    with_traits = req.api_version.matches('1.17')
    if every_class:
        read = candidates.summaries_as_json(req.context, ids)
    else:
        read = candidates.summaries(req.context, ids, with_traits)
    body = {}
    for provider_id in sorted(ids):
        uuid, root, parent = tree[provider_id]
        resources = read[provider_id]['resources']
        if isinstance(resources, str):
            resources = orjson.Fragment(resources)
        elif not every_class:
            resources = {rc: v for rc, v in resources.items()
                         if rc in requested}
        summary = {'resources': resources}
        if with_traits:
            summary['traits'] = read[provider_id]['traits']
        if whole_trees:
            summary['root_provider_uuid'] = tree[root][0]
            summary['parent_provider_uuid'] = (tree[parent][0] if parent
                                               else None)
        body[uuid] = summary
    return body


@validation.responds(200, responses.candidates)
@microversion.since('1.10')
@query_check.takes(schema.candidates_query_at)
def index(req):
    with candidates.one_snapshot(req.context):
        request = _request(req)
        found, tree = candidates.find(req.context, request)
        requested = {rc for g in request.groups.values()
                     for rc in g.resources}
        summaries = _summaries(req, found, tree, requested)
    return 200, {
        'allocation_requests': _allocation_requests(req, found, tree),
        'provider_summaries': summaries}
