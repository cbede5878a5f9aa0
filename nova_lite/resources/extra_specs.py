# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Extra spec validators, declared as data (by the API for its namespaces,
by resource plugins for theirs).

A validator names a key, possibly with placeholders (``hw:numa_cpus.{num}``,
``resources{group}:{resource_class}``) whose patterns are its parameters,
and describes the value it accepts: a type (``str``, ``int``, ``bool``)
with min/max, an enum or a pattern. The registry compiles each one to a
key regex and a jsonschema for the value.
"""
import dataclasses
import re

_PLACEHOLDER = re.compile(r'\{(\w+)\}')


@dataclasses.dataclass(frozen=True)
class Parameter:
    name: str
    pattern: str
    description: str


@dataclasses.dataclass(frozen=True)
class Validator:
    name: str
    description: str
    value: dict
    parameters: tuple = ()
    deprecated: bool = False

    @property
    def namespace(self):
        """The part before the first colon, as written (placeholders in)."""
        return self.name.split(':', 1)[0] if ':' in self.name else None

    def key_regex(self):
        patterns = {p.name: p.pattern for p in self.parameters}
        return re.compile('^%s$' % _expand(self.name, patterns))

    def namespace_regex(self):
        if self.namespace is None:
            return None
        patterns = {p.name: p.pattern for p in self.parameters}
        return re.compile('^%s$' % _expand(self.namespace, patterns))


def _expand(template, patterns):
    parts = []
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last:match.start()]))
        parts.append('(?:%s)' % patterns[match.group(1)])
        last = match.end()
    parts.append(re.escape(template[last:]))
    return ''.join(parts)


def value_schema(value):
    """The jsonschema of a value once converted to its declared type."""
    kind = value['type']
    schema = {'type': {str: 'string', int: 'integer', bool: 'boolean'}[kind]}
    for source, target in (('min', 'minimum'), ('max', 'maximum'),
                           ('enum', 'enum'), ('pattern', 'pattern')):
        if source in value:
            schema[target] = value[source]
    return schema
