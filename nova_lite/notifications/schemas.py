# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The JSON schema of each payload published (``nova-lite-manage
notification schemas``): every field required and no other, at every
level, so that a consumer can validate what it receives."""
from nova_lite.notifications import payloads
from nova_lite.notifications import request_spec_payloads  # noqa: F401


def _strict(schema):
    """Require every field of each object's data (but those its class
    may leave unset), and refuse others."""
    if not isinstance(schema, dict):
        return schema
    data = schema.get('properties', {}).get('nova_object.data')
    if data is not None:
        # A payload's own schema has its name as title; a nested one's
        # data says whose fields they are.
        name = schema.get('title') or data.get('description', '').replace(
            'fields of ', '', 1)
        unset = getattr(_payload_class(name), 'MAY_BE_UNSET', ())
        data['required'] = sorted(set(data['properties']) - set(unset))
        data['additionalProperties'] = False
    for key, value in schema.items():
        if isinstance(value, dict):
            _strict(value)
        elif isinstance(value, list):
            for item in value:
                _strict(item)
    return schema


def _payload_class(name):
    found = payloads.PayloadRegistry.obj_classes().get(name)
    return found[0] if found else None


def of(name):
    """The schema of the payload class called ``name``."""
    return _strict(_payload_class(name).to_json_schema())


def all_payloads():
    """{payload name: its schema} of every payload."""
    return {name: of(name) for name in sorted(
        payloads.PayloadRegistry.obj_classes()) if name.endswith('Payload')}
