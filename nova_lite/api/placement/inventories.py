# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/resource_providers/{uuid}/inventories[/{resource_class}]."""
import contextlib

from nova_lite.api import microversion
from nova_lite.api.placement import errors
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import inventories


def _all(generation, records):
    return {'resource_provider_generation': generation,
            'inventories': records}


@errors.own_not_found
@validation.responds(200, responses.inventories)
def index(req, uuid):
    return 200, _all(*inventories.get(req.context, uuid))


def _reserved_can_be_total(req):
    return req.api_version.matches('1.26')


@contextlib.contextmanager
def _worded(action, uuid, in_use='update conflict: '):
    """Placement's words around a refused write: ``Unable to <action>
    inventory for resource provider <uuid>: ...`` for a bad capacity,
    ``in_use`` before why a class still allocated cannot go."""
    try:
        yield
    except exception.InvalidInventoryCapacity as error:
        raise exception.PlacementBadRequest(
            detail='Unable to %s inventory for resource provider %s: %s'
                   % (action, uuid, error.format_message()))
    except exception.InventoryInUse as error:
        raise exception.InventoryInUse(
            message=in_use + error.format_message(), **error.kwargs)


@validation.responds(200, responses.inventories)
@validation.schema(schema.inventories)
def update_all(req, uuid):
    body = req.body_json()
    with _worded('update', uuid):
        return 200, _all(*inventories.set_all(
            req.context, uuid, body['resource_provider_generation'],
            body['inventories'], _reserved_can_be_total(req)))


@validation.responds(201, responses.inventory)
@validation.schema(schema.inventory_create)
def create(req, uuid):
    """Add the inventory of one class (no generation needed: Placement
    takes the provider's current one); a class already there is a 409."""
    body = dict(req.body_json())
    body.pop('resource_provider_generation', None)
    resource_class = body.pop('resource_class')
    generation, records = inventories.get(req.context, uuid)
    if resource_class in records:
        raise exception.InventoryExists(resource_class=resource_class,
                                        uuid=uuid)
    with _worded('create', uuid):
        generation, values = inventories.set_one(
            req.context, uuid, generation, resource_class, body,
            _reserved_can_be_total(req))
    return 201, dict(values, resource_provider_generation=generation), {
        'Location': '%s/resource_providers/%s/inventories/%s' % (
            req.script_name, uuid, resource_class)}


@validation.responds(204, None)
@microversion.since('1.5', refused=exception.PlacementMethodNotAllowed)
def delete_all(req, uuid):
    generation, _records = inventories.get(req.context, uuid)
    inventories.delete_all(req.context, uuid, generation)
    return 204, None


@errors.own_not_found
@validation.responds(200, responses.inventory)
def show(req, uuid, resource_class):
    generation, records = inventories.get(req.context, uuid)
    if resource_class not in records:
        raise exception.NotFound(
            message='No inventory of class %s for %s' % (resource_class,
                                                         uuid))
    return 200, dict(records[resource_class],
                     resource_provider_generation=generation)


@validation.responds(200, responses.inventory)
@validation.schema(schema.inventory)
def update(req, uuid, resource_class):
    body = dict(req.body_json())
    given = body.pop('resource_provider_generation')
    with _worded('update', uuid):
        generation, values = inventories.set_one(
            req.context, uuid, given, resource_class, body,
            _reserved_can_be_total(req))
    return 200, dict(values, resource_provider_generation=generation)


@validation.responds(204, None)
def delete(req, uuid, resource_class):
    generation, _records = inventories.get(req.context, uuid)
    with _worded('delete', uuid, 'Unable to delete inventory of class %s: '
                 % resource_class):
        inventories.delete_one(req.context, uuid, generation,
                               resource_class)
    return 204, None
