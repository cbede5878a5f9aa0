# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An API (compute or placement) as an OpenAPI 3.0 document, built from
its route table.

The document describes one microversion (the one the request for it
asks for, the lowest by default): the routes that exist at that version,
each handler's request schema, query parameters and declared answers for
it, errors in that API's shape. The compute API serves its document at
``/v2.1/openapi.json``; the tests fuzz both APIs from theirs at several
versions.
"""
import collections
import re

from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api import validation

# What differs between the APIs' documents.
Api = collections.namedtuple('Api', 'title server min_version error '
                                    'any_success')
COMPUTE = Api('nova_lite compute API', '/v2.1', microversion.MIN_VERSION,
              responses.error, False)
PLACEMENT = Api('nova_lite placement API', '', '1.0',
                responses.placement_error, False)

_PARAM = re.compile(r'\{(\w+)\}')
_ERRORS = (400, 401, 403, 404, 405, 406, 409, 413, 415, 429)


def _json(schema):
    return {'application/json': {'schema': _openapi_schema(schema)}}


def _openapi_schema(schema):
    """JSON schema (draft 4) to the OpenAPI 3.0 dialect: no type lists."""
    if isinstance(schema, list):
        return [_openapi_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: _openapi_schema(value) for key, value in schema.items()}
    kinds = converted.get('type')
    if isinstance(kinds, list):
        del converted['type']
        nullable = 'null' in kinds
        kinds = [k for k in kinds if k != 'null']
        if len(kinds) == 1:
            converted['type'] = kinds[0]
        else:
            converted['anyOf'] = [{'type': k} for k in kinds]
        if nullable:
            converted['nullable'] = True
    if 'exclusiveMinimum' in converted:
        converted['exclusiveMinimum'] = bool(converted['exclusiveMinimum'])
    return converted


def _query_parameters(handler, version):
    schema = getattr(handler, 'query_schema_at', None)
    if schema is None:
        return []
    schema = schema(version.minor)
    required = set(schema.get('required', []))
    return [{'name': name, 'in': 'query', 'required': name in required,
             'schema': _openapi_schema(item)}
            for name, item in schema['properties'].items()]


def _operation(method, path, handler, rule, version, api):
    operation = {'operationId': '%s %s' % (method, path), 'responses': {}}
    if rule:
        operation['description'] = 'Policy rule: %s' % rule
    path_schemas = getattr(handler, 'path_schemas', {})
    params = [{'name': name, 'in': 'path', 'required': True,
               'schema': _openapi_schema(path_schemas.get(
                   name, {'type': 'string'}))}
              for name in _PARAM.findall(path)]
    params += _query_parameters(handler, version)
    if params:
        operation['parameters'] = params
    request_schema = validation.request_schema_at(handler, version)
    if request_schema is not None or (
            method in ('POST', 'PUT') and not getattr(handler, 'no_body',
                                                      False)):
        operation['requestBody'] = {
            'required': True,
            'content': _json(request_schema or {'type': 'object'})}
    for status, schema in validation.responses_at(handler,
                                                  version).items():
        answer = {'description': 'Success'}
        if schema is not None:
            answer['content'] = _json(schema)
        operation['responses'][str(status)] = answer
    if api.any_success:
        operation['responses']['2XX'] = {'description': 'Success'}
    for status in _ERRORS:
        operation['responses'][str(status)] = {
            'description': 'Error', 'content': _json(api.error)}
    return operation


def _exists_at(handler, version):
    low, high = getattr(handler, 'version_range', (None, None))
    return version.matches(low, high)


# What no schema below says: api/json_body.py refuses it in any body.
_BODY_RULES = ('Every JSON request body: no NUL character or lone surrogate '
               'in any string, no NaN or Infinity, integers within 64 bits, '
               'nesting at most 32 deep; else 400.')


def document(version, routes, api=COMPUTE):
    """The document of ``routes`` (a route table) at ``version`` (an
    APIVersion; None: the lowest)."""
    version = version or microversion.APIVersion(api.min_version)
    paths = {}
    for method, path, handler, rule in routes:
        if _exists_at(handler, version):
            paths.setdefault(path, {})[method.lower()] = _operation(
                method, path, handler, rule, version, api)
    return {
        'openapi': '3.0.3',
        'info': {'title': api.title,
                 'version': str(version),
                 'description': _BODY_RULES},
        'servers': [{'url': api.server}],
        'components': {'securitySchemes': {'token': {
            'type': 'apiKey', 'in': 'header', 'name': 'X-Auth-Token'}}},
        # noauth2 takes a request without a token as the anonymous user;
        # with [api] auth_strategy = keystone a token is required.
        'security': [{'token': []}, {}],
        'paths': paths,
    }
