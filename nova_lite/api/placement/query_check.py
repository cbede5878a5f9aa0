# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Query strings checked as Placement checks them: against a schema of
the parameters a microversion takes (anything else is a 400 that says
which), and aggregate uuids in ``member_of``."""
import functools

import jsonschema
from oslo_utils import uuidutils

from nova_lite import exception

_FORMATS = jsonschema.FormatChecker()


def against(req, schema):
    """The query (its last value of each name) against ``schema``."""
    error = jsonschema.exceptions.best_match(
        _validator(schema).iter_errors(dict(req.GET)))
    if error is not None:
        raise exception.PlacementBadRequest(
            detail='Invalid query string parameters: %s' % error)


_VALIDATORS = {}


def _validator(schema):
    """A validator per schema, made once: the query of every request is
    checked, the candidates' too (the scheduler's hot path), and making
    one checks the schema itself first."""
    key = id(schema)
    found = _VALIDATORS.get(key)
    if found is None or found[0] is not schema:
        found = _VALIDATORS[key] = (schema, jsonschema.Draft4Validator(
            schema, format_checker=_FORMATS))
    return found[1]


def takes(schema_at):
    """The handler's query, checked against ``schema_at(minor)``; kept on
    the handler for the OpenAPI document."""
    cached = functools.lru_cache(maxsize=64)(schema_at)

    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            against(req, cached(req.api_version.minor))
            return func(req, **kwargs)
        wrapper.query_schema_at = schema_at
        return wrapper
    return decorator


def member_of_uuids(values):
    """Every aggregate named in ``member_of`` values is a uuid."""
    for value in values:
        names = value
        for prefix in ('!in:', 'in:', '!'):
            if names.startswith(prefix):
                names = names[len(prefix):]
                break
        if not all(uuidutils.is_uuid_like(n) for n in names.split(',')):
            raise exception.PlacementBadRequest(
                detail="Invalid query string parameters: Expected "
                       "'member_of' parameter to contain valid UUID(s). "
                       "Got: %s" % names)
