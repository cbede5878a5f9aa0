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
    try:
        jsonschema.validate(dict(req.GET), schema, format_checker=_FORMATS)
    except jsonschema.ValidationError as error:
        raise exception.PlacementBadRequest(
            detail='Invalid query string parameters: %s' % error)


def takes(schema_at):
    """The handler's query, checked against ``schema_at(minor)``; kept on
    the handler for the OpenAPI document."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            against(req, schema_at(req.api_version.minor))
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
