# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request body validation with jsonschema, per microversion.

Error messages follow Nova's: the field is named, with the offending value
and what was wrong with it.
"""
import base64
import binascii
import functools
import re

import jsonschema
from jsonschema import validators
from oslo_utils import netutils
from oslo_utils import uuidutils

from nova_lite.api import legacy_v2
from nova_lite import exception

_Validator = validators.create(
    meta_schema=jsonschema.Draft4Validator.META_SCHEMA,
    validators=jsonschema.Draft4Validator.VALIDATORS,
    type_checker=jsonschema.Draft4Validator.TYPE_CHECKER)
# Formats checked in bodies: a uuid, with or without its dashes (as Nova
# and Placement take them), IP addresses and base64 text.
_FORMATS = jsonschema.FormatChecker(formats=())


@_FORMATS.checks('uuid')
def _is_uuid(value):
    return not isinstance(value, str) or uuidutils.is_uuid_like(value)


@_FORMATS.checks('ipv4')
def _is_ipv4(value):
    return not isinstance(value, str) or netutils.is_valid_ipv4(value)


@_FORMATS.checks('ipv6')
def _is_ipv6(value):
    return not isinstance(value, str) or netutils.is_valid_ipv6(value)


@_FORMATS.checks('base64')
def _is_base64(value):
    """As Nova checks user data: what base64 decoding takes (it skips
    characters outside the alphabet, not bad padding)."""
    if not isinstance(value, str):
        return True
    try:
        base64.decodebytes(value.encode('utf-8'))
    except binascii.Error:
        return False
    return True


def _reason(error):
    """jsonschema's message, except where it would quote a long pattern."""
    schema = error.schema
    if error.validator == 'pattern' and schema.get('type') == [
            'integer', 'string'] and 'maximum' in schema:
        return '%r is not an integer from %d to %d' % (
            error.instance, schema.get('minimum', 0), schema['maximum'])
    return error.message


def _describe(error):
    names = [str(p) for p in error.path if not isinstance(p, int)]
    if not names:
        return _reason(error)
    path = names[-1]  # as Nova names it: the innermost key
    if error.validator == 'additionalProperties':
        return 'Invalid input for field/attribute %s. %s' % (path,
                                                             _reason(error))
    value = str(error.instance)  # a 200 KB list is not quoted whole
    if len(value) > 64:
        value = value[:64] + '...'
    return ('Invalid input for field/attribute %s. Value: %s. %s'
            % (path, value, _reason(error)))


def validate(schema, body):
    """ValidationError naming the field; it keeps jsonschema's own choice
    of error (``schema_error``), whose words Placement answers with. For
    /v2, properties the schema does not know are dropped first."""
    if legacy_v2.relaxed():
        drop_unknown(schema, body)
    errors = sorted(_Validator(schema, format_checker=_FORMATS)
                    .iter_errors(body),
                    key=lambda e: (len(e.path), list(map(str, e.path))))
    if errors:
        invalid = exception.ValidationError(detail=_describe(errors[0]))
        invalid.schema_error = jsonschema.exceptions.best_match(errors)
        raise invalid


def drop_unknown(schema, body):
    """What the API before microversions did with properties a schema
    does not know (``/v2``): ignore them. They are removed from ``body``,
    so that what is validated and read after is what was known."""
    for error in list(_Validator(schema).iter_errors(body)):
        if (error.validator != 'additionalProperties' or
                error.validator_value is not False or
                not isinstance(error.instance, dict)):
            continue
        known = set(error.schema.get('properties', {}))
        patterns = [re.compile(p)
                    for p in error.schema.get('patternProperties', {})]
        for key in list(error.instance):
            if key not in known and not any(p.search(key)
                                            for p in patterns):
                del error.instance[key]


def stored_strings(length=255, **values):
    """400 naming the first of ``values`` (strings of a path or query
    that are about to be written) longer than its column, before the
    database sees it: MariaDB and PostgreSQL refuse what SQLite stores."""
    validate({'type': 'object', 'properties': {
        name: {'type': ['string', 'null'], 'maxLength': length}
        for name in values}}, values)


def schema(request_schema, min_version=None, max_version=None):
    """Validate the JSON body against the schema for these versions (by
    default every version the API serves).

    Stack one per version range; each is kept on the handler (outermost
    first) for the OpenAPI document of a version.
    """
    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            if req.api_version.matches(min_version, max_version):
                validate(request_schema, req.body_json())
            return func(req, **kwargs)
        wrapper.request_schemas = [(min_version, max_version,
                                    request_schema)] + list(
            getattr(func, 'request_schemas', []))
        return wrapper
    return decorator


def query_schema(request_schema, min_version=None, max_version=None):
    """Validate the query string (a dict of lists) for these versions;
    each is kept on the handler, as ``schema`` keeps body schemas."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            if req.api_version.matches(min_version, max_version):
                validate(request_schema, req.GET.dict_of_lists())
            return func(req, **kwargs)
        wrapper.query_schemas = [(min_version, max_version,
                                  request_schema)] + list(
            getattr(func, 'query_schemas', []))
        return wrapper
    return decorator


def responds(status, response_schema, min_version=None, max_version=None):
    """Declare what a handler answers with at these versions (OpenAPI,
    response checks); stack one per version range."""
    def decorator(func):
        func.responses = list(getattr(func, 'responses', [])) + [
            (status, min_version, max_version, response_schema)]
        return func
    return decorator


def per_version(declare, *ranges):
    """``declare`` (``schema``, ``query_schema`` or a ``responds`` with its
    status bound) for each (schema, min_version, max_version) of
    ``ranges``, lowest version first: one decorator for a handler whose
    schemas change at several versions."""
    def decorator(func):
        for each_schema, low, high in reversed(ranges):
            func = declare(each_schema, low, high)(func)
        return func
    return decorator


def request_schema_at(handler, version):
    for low, high, request_schema in getattr(handler, 'request_schemas', []):
        if version.matches(low, high):
            return request_schema
    return None


def responses_at(handler, version):
    """{status: schema} the handler answers with at ``version``."""
    return {status: response_schema for status, low, high, response_schema
            in getattr(handler, 'responses', []) if version.matches(low, high)}
