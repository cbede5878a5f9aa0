"""Request body validation with jsonschema, per microversion.

Error messages follow Nova's: the field is named, with the offending value
and what was wrong with it.
"""
import functools

import jsonschema
from jsonschema import validators

from nova_lite import exception

_Validator = validators.create(
    meta_schema=jsonschema.Draft4Validator.META_SCHEMA,
    validators=jsonschema.Draft4Validator.VALIDATORS,
    type_checker=jsonschema.Draft4Validator.TYPE_CHECKER)


def _describe(error):
    path = '/'.join(str(p) for p in error.path)
    if error.validator in ('required', 'additionalProperties', 'type') and \
            not path:
        return error.message
    if error.validator == 'additionalProperties':
        return 'Invalid input for field/attribute %s. %s' % (path,
                                                            error.message)
    value = error.instance
    if isinstance(value, str) and len(value) > 64:
        value = value[:64] + '...'
    return ('Invalid input for field/attribute %s. Value: %s. %s'
            % (path, value, error.message))


def validate(schema, body):
    errors = sorted(_Validator(schema).iter_errors(body),
                    key=lambda e: (len(e.path), list(map(str, e.path))))
    if errors:
        raise exception.ValidationError(detail=_describe(errors[0]))


def schema(request_schema, min_version='2.1', max_version=None):
    """Validate ``req.json_body`` against the schema for these versions."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            if req.api_version.matches(min_version, max_version):
                validate(request_schema, req.body_json())
            return func(req, **kwargs)
        return wrapper
    return decorator
