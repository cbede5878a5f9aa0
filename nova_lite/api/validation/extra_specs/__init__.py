# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The extra spec validation registry.

Namespaces come from the ``nova_lite.api.extra_spec_validators`` entry
points: each names a module whose ``register()`` returns its validators
(and whose optional ``check_all(specs)`` checks what only the whole set
shows), so a namespace can come from another package. At microversion
2.86 and later, a key in a known namespace that no validator knows, or a
value its validator refuses, is a 400 naming the key; unknown namespaces
pass untouched.
"""
import threading

import jsonschema
from oslo_utils import strutils
from stevedore import extension

from nova_lite import exception
from nova_lite.resources import extra_specs as base
from nova_lite.text import digits

NAMESPACE = 'nova_lite.api.extra_spec_validators'


class Registry:

    def __init__(self, modules):
        self.validators = []
        self.whole_set_checks = []
        for module in modules:
            self.validators.extend(module.register())
            if hasattr(module, 'check_all'):
                self.whole_set_checks.append(module.check_all)
        # Validators built once: jsonschema.validate() would check the
        # schema itself again on every call.
        self._compiled = [
            (v.key_regex(), v,
             jsonschema.Draft4Validator(base.value_schema(v.value)))
            for v in self.validators]
        self._namespaces = [v.namespace_regex() for v in self.validators
                            if v.namespace is not None]

    def find(self, key):
        for regex, validator, schema in self._compiled:
            if regex.match(key):
                return validator, schema
        return None, None

    def in_known_namespace(self, key):
        if ':' not in key:
            return False
        prefix = key.split(':', 1)[0]
        return any(regex.match(prefix) for regex in self._namespaces)

    def validate(self, specs, resulting=None):
        """Raise ValidationError naming the first bad key, if any.

        ``specs`` are the keys being written, each checked on its own;
        ``resulting`` (default: ``specs``) is the flavor's whole set once
        they are written, for the checks that need all keys at once.
        """
        self.validate_keys(specs)
        self.validate_set(specs if resulting is None else resulting)

    def validate_keys(self, specs):
        for key in sorted(specs):
            self.validate_one(key, specs[key])

    def validate_set(self, resulting):
        for check in self.whole_set_checks:
            problems = check(resulting)
            if problems:
                raise exception.ValidationError(
                    detail='Validation failed; %s.' % problems[0])

    def validate_one(self, key, value):
        validator, schema = self.find(key)  # schema: a compiled validator
        if validator is None:
            if self.in_known_namespace(key):
                raise exception.ValidationError(
                    detail="Validation failed; extra spec '%s' is not a "
                           "known key of namespace '%s'." % (
                               key, key.split(':', 1)[0]))
            return
        try:
            converted = _convert(value, validator.value['type'])
            schema.validate(converted)
        except (ValueError, jsonschema.ValidationError) as e:
            reason = getattr(e, 'message', None) or str(e)
            raise exception.ValidationError(
                detail="Validation failed; extra spec '%s' has invalid "
                       "value '%s': %s." % (key, value, reason))


def _convert(value, kind):
    text = str(value).strip()
    if kind is int:
        if not digits.is_digits(text.lstrip('+-')):
            raise ValueError('%r is not an integer' % text)
        return int(text)
    if kind is bool:
        return strutils.bool_from_string(text, strict=True)
    return text


_registry = None
_lock = threading.Lock()


def get_registry():
    global _registry
    with _lock:
        if _registry is None:
            manager = extension.ExtensionManager(NAMESPACE)
            _registry = Registry(
                [ext.plugin for ext in sorted(manager, key=lambda e: e.name)])
        return _registry


VALIDATED_FROM = '2.86'


def validate_keys_for(req, specs):
    """Validate keys and values when the request's version asks for it."""
    if req.api_version.matches(VALIDATED_FROM):
        get_registry().validate_keys(specs)


def validate_set_for(req, resulting):
    """The checks across keys (a flavor's whole set), from 2.86."""
    if req.api_version.matches(VALIDATED_FROM):
        get_registry().validate_set(resulting)
