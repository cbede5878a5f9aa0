"""The compute API as an OpenAPI 3.0 document, built from the route table.

Request bodies come from each handler's request schema, answers from its
declared response schemas, errors from Nova's error shape; the document is
served at ``/v2.1/openapi.json`` and the tests fuzz the API from it.
"""
import re

from nova_lite.api import microversion
from nova_lite.api import router
from nova_lite.api.schemas import responses

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


def _operation(method, path, handler, rule):
    operation = {'operationId': '%s %s' % (method, path), 'responses': {}}
    if rule:
        operation['description'] = 'Policy rule: %s' % rule
    params = [{'name': name, 'in': 'path', 'required': True,
               'schema': {'type': 'string'}}
              for name in _PARAM.findall(path)]
    if params:
        operation['parameters'] = params
    request_schema = getattr(handler, 'request_schema', None)
    if request_schema is not None or method in ('POST', 'PUT'):
        operation['requestBody'] = {
            'required': True,
            'content': _json(request_schema or {'type': 'object'})}
    for status, schema in getattr(handler, 'responses', {}).items():
        answer = {'description': 'Success'}
        if schema is not None:
            answer['content'] = _json(schema)
        operation['responses'][str(status)] = answer
    for status in _ERRORS:
        operation['responses'][str(status)] = {
            'description': 'Error', 'content': _json(responses.error)}
    return operation


def document():
    paths = {}
    for method, path, handler, rule in router.ROUTES:
        paths.setdefault(path, {})[method.lower()] = _operation(
            method, path, handler, rule)
    return {
        'openapi': '3.0.3',
        'info': {'title': 'nova_lite compute API',
                 'version': microversion.MAX_VERSION},
        'servers': [{'url': '/v2.1'}],
        'components': {'securitySchemes': {'token': {
            'type': 'apiKey', 'in': 'header', 'name': 'X-Auth-Token'}}},
        # noauth2 takes a request without a token as the anonymous user;
        # with [api] auth_strategy = keystone a token is required.
        'security': [{'token': []}, {}],
        'paths': paths,
    }
