# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavor access: which projects may use a private flavor.

GET /flavors/{flavor_id}/os-flavor-access, and the addTenantAccess and
removeTenantAccess actions of POST /flavors/{flavor_id}/action.
"""
from nova_lite.api import actions
from nova_lite.api.schemas import flavor_access as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj

_RULE = 'os_compute_api:os-flavor-access:'


def _body(flavor):
    return {'flavor_access': [{'flavor_id': flavor.flavorid,
                               'tenant_id': project}
                              for project in flavor.get_projects()]}


@validation.responds(200, responses.flavor_access)
def index(req, flavor_id):
    flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)
    if flavor.is_public:
        raise exception.NotFound(message='Access list not available for '
                                         'public flavors.')
    return 200, _body(flavor)


def _add(req, body, flavor_id):
    validation.validate(schema.tenant, body)
    flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)
    if flavor.is_public and req.api_version.matches('2.7'):
        raise exception.Conflict(message='Can not add access to a public '
                                         'flavor.')
    flavor.add_access(body['tenant'])
    return 200, _body(flavor)


def _remove(req, body, flavor_id):
    validation.validate(schema.tenant, body)
    flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)
    flavor.remove_access(body['tenant'])
    return 200, _body(flavor)


ACTIONS = {
    'addTenantAccess': (_add, _RULE + 'add_tenant_access'),
    'removeTenantAccess': (_remove, _RULE + 'remove_tenant_access'),
}


@validation.responds(200, responses.flavor_access)
@validation.schema(schema.action)
def action(req, flavor_id):
    return actions.dispatch(req, ACTIONS, flavor_id=flavor_id)
