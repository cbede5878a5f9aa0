# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/resource_providers and /resource_providers/{uuid}."""
import uuid as uuid_lib

from oslo_utils import uuidutils

from nova_lite.api.placement import errors
from nova_lite.api.placement import links
from nova_lite.api.placement import query_check
from nova_lite.api.placement import request_query
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import candidates
from nova_lite.placement import providers
from nova_lite.placement import resource_classes
from nova_lite.placement import traits


def view(req, provider):
    body = {'uuid': provider['uuid'], 'name': provider['name'],
            'generation': provider['generation'],
            'links': links.provider_links(req, provider['uuid'])}
    if req.api_version.matches('1.14'):
        body['root_provider_uuid'] = provider['root_provider_uuid']
        body['parent_provider_uuid'] = provider['parent_provider_uuid']
    return body


@validation.responds(200, responses.providers)
@query_check.takes(schema.providers_query_at)
def index(req):
    """Providers, filtered by name, uuid, in_tree (1.14), resources
    (1.4), member_of (1.3) and required traits (1.18)."""
    query_check.member_of_uuids(req.GET.getall('member_of'))
    try:
        found = providers.get_all(req.context, name=req.GET.get('name'),
                                  uuid=req.GET.get('uuid'),
                                  in_tree=req.GET.get('in_tree'))
    except exception.ResourceProviderNotFound:
        found = []  # an unknown in_tree: no tree, no providers
    group = request_query.provider_filters(req.GET.dict_of_lists(),
                                           req.api_version.minor)
    if group is not None:
        _check_known(req, group)
        wanted = candidates.matching_providers(req.context, group)
        found = [p for p in found if p['uuid'] in wanted]
    return 200, {'resource_providers': [view(req, p) for p in found]}


@validation.responds(201, None, '1.0', '1.19')
@validation.responds(200, responses.provider, '1.20')
@validation.schema(schema.provider_create, '1.0', '1.13')
@validation.schema(schema.provider_create_1_14, '1.14')
def create(req):
    body = req.body_json()
    uuid = (str(uuid_lib.UUID(body['uuid'])) if body.get('uuid')
            else uuidutils.generate_uuid())
    provider = providers.create(req.context, uuid, body['name'],
                                body.get('parent_provider_uuid'))
    location = {'Location': links.provider_url(req, uuid)}
    if req.api_version.matches('1.20'):
        return 200, view(req, provider), location
    return 201, None, location


def _check_known(req, group):
    """Unknown classes and traits in Placement's words."""
    resource_classes.check_known(
        req.context, group.resources,
        said_as=resource_classes.IN_RESOURCES_PARAMETER)
    traits.check_known(req.context, group.forbidden.union(*group.required),
                       said_as='Invalid trait(s) in "required" parameter: ')


@validation.responds(200, responses.provider)
def show(req, uuid):
    return 200, view(req, providers.get(req.context, uuid))


@validation.responds(200, responses.provider)
@validation.schema(schema.provider_update, '1.0', '1.13')
@validation.schema(schema.provider_update_1_14, '1.14')
def update(req, uuid):
    body = req.body_json()
    provider = providers.update(
        req.context, uuid, body['name'],
        body.get('parent_provider_uuid', providers.KEEP),
        may_move=req.api_version.matches('1.37'))
    return 200, view(req, provider)


@errors.own_not_found
@validation.responds(204, None)
def delete(req, uuid):
    try:
        providers.delete(req.context, uuid)
    except exception.ResourceProviderNotFound:
        raise exception.ResourceProviderNotFound(
            uuid=uuid, message='No resource provider with uuid %s found '
                               'for delete' % uuid)
    return 204, None
