# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/allocations/{consumer_uuid} (GET, PUT, DELETE) and POST /allocations.

A PUT replaces the consumer's allocations all or nothing; from 1.28 it
carries the consumer generation it read (null for a new consumer), and an
empty ``allocations`` removes them. POST /allocations (1.13) writes
several consumers' allocations in one transaction.
"""
import uuid

from oslo_utils import uuidutils

from nova_lite.api import microversion
from nova_lite.api.placement import errors
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import allocations

_ANY = 'any'


def _minor(req):
    return req.api_version.minor


def _schemas(func, many=False):
    build = schema.allocations_many_at if many else schema.allocations_at
    for low, high in (('1.0', '1.7'), ('1.8', '1.11'), ('1.12', '1.27'),
                      ('1.28', '1.33'), ('1.34', '1.37'), ('1.38', None)):
        func = validation.schema(build(int(low.split('.')[1])), low,
                                 high)(func)
    return func


def _resources_by_provider(req, body):
    if _minor(req) < 12:
        return {a['resource_provider']['uuid']: a['resources']
                for a in body['allocations']}
    return {uuid: a['resources'] for uuid, a in body['allocations'].items()}


def _consumer_uuid(text):
    """The consumer a write names, in the canonical form (with dashes,
    lower case) whatever form it is written in, as Placement keeps it;
    400 if it is no uuid."""
    if not uuidutils.is_uuid_like(text):
        raise exception.PlacementBadRequest(
            detail='Malformed consumer_uuid: %s' % text)
    return str(uuid.UUID(text))


def request_of(req, consumer_uuid, body):
    """A consumer's allocations body, as the store writes it."""
    minor = _minor(req)
    consumer = {
        'uuid': _consumer_uuid(consumer_uuid),
        'project_id': body.get('project_id', req.context.project_id),
        'user_id': body.get('user_id', req.context.user_id),
        'generation': body['consumer_generation'] if minor >= 28 else _ANY,
        'consumer_type': body.get('consumer_type')}
    return {'consumer': consumer,
            'allocations': _resources_by_provider(req, body)}


@validation.responds(200, responses.consumer_allocations)
def show(req, consumer_uuid):
    consumer, found = allocations.for_consumer(req.context, consumer_uuid)
    body = {'allocations': found}
    if req.api_version.matches('1.12') and consumer is not None:
        body.update(project_id=consumer['project_id'],
                    user_id=consumer['user_id'])
    if req.api_version.matches('1.28') and consumer is not None:
        body['consumer_generation'] = consumer['generation']
    if req.api_version.matches('1.38') and consumer is not None:
        body['consumer_type'] = consumer['consumer_type'] or 'UNKNOWN'
    return 200, body


@validation.responds(204, None)
@_schemas
def update(req, consumer_uuid):
    allocations.replace(req.context,
                        [request_of(req, consumer_uuid, req.body_json())])
    return 204, None


@microversion.since('1.13')
def _post(req):
    requests = [request_of(req, uuid, body)
                for uuid, body in req.body_json().items()]
    allocations.replace(req.context, requests)
    return 204, None


post = validation.responds(204, None)(_schemas(_post, many=True))


@errors.own_not_found
@validation.responds(204, None)
def delete(req, consumer_uuid):
    try:
        allocations.delete(req.context, consumer_uuid)
    except exception.NotFound:
        raise exception.NotFound(
            message="No allocations for consumer '%s'" % consumer_uuid)
    return 204, None


@errors.own_not_found
@validation.responds(200, responses.provider_allocations)
def for_provider(req, uuid):
    generation, found = allocations.for_provider(req.context, uuid)
    return 200, {'allocations': found,
                 'resource_provider_generation': generation}
