# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``.. api-reference:: compute|placement``: an API's reference, made from
the OpenAPI documents the API serves, one per microversion.

Each operation gets a section: the versions at which it exists, its
policy rule, and, for each run of versions over which its parameters,
request body and answers do not change, what they are. So a reader sees
at which microversion an answer gained a key or a body lost one, from
the same schemas that validate requests and that the tests fuzz.
"""
import json

from docutils.parsers.rst import Directive
import nested_rst

from nova_lite.api import microversion
from nova_lite.api import openapi
from nova_lite.api.placement import router as placement_router
from nova_lite.api.placement import version as placement_version
from nova_lite.api import router as compute_router

APIS = {
    'compute': (compute_router.ROUTES, openapi.COMPUTE,
                microversion.MIN_VERSION, microversion.MAX_VERSION),
    'placement': (placement_router.ROUTES, openapi.PLACEMENT,
                  '1.0', placement_version.MAX_VERSION),
}
_METHODS = ('get', 'head', 'post', 'put', 'patch', 'delete')


def versions(low, high):
    """Every microversion from ``low`` to ``high``, as text."""
    major, first = (int(part) for part in low.split('.'))
    last = int(high.split('.')[1])
    return ['%d.%d' % (major, minor) for minor in range(first, last + 1)]


def operations(api):
    """{(path, method): [(version, operation)]} over every version."""
    routes, flavour, low, high = APIS[api]
    found = {}
    for version in versions(low, high):
        document = openapi.document(microversion.APIVersion(version),
                                    routes, flavour)
        for path, methods in document['paths'].items():
            for method, operation in methods.items():
                found.setdefault((path, method), []).append(
                    (version, operation))
    return found


def _contract(operation):
    """What a client sees of an operation, minus the error answers that
    every operation shares."""
    answers = {status: answer for status, answer
               in operation['responses'].items() if status < '400'}
    return json.dumps([operation.get('parameters'),
                       operation.get('requestBody'), answers],
                      sort_keys=True)


def runs(by_version):
    """[(first, last, operation)]: the versions over which an operation
    stays the same."""
    spans, last = [], None
    for version, operation in by_version:
        contract = _contract(operation)
        if spans and contract == last:
            spans[-1][1] = version
        else:
            spans.append([version, version, operation])
        last = contract
    return [tuple(span) for span in spans]


def _fields(schema, prefix='', required=()):
    """Rows (name, type, required, notes) of a schema, nested keys
    dotted and list items marked ``[]``."""
    rows = []
    kinds = schema.get('type') or '/'.join(
        option.get('type', '?') for option in schema.get('anyOf', []))
    if schema.get('nullable'):
        kinds = '%s or null' % kinds
    notes = []
    if 'enum' in schema:
        notes.append('one of %s' % ', '.join(
            json.dumps(value) for value in schema['enum']))
    for word in ('minimum', 'maximum', 'minLength', 'maxLength',
                 'pattern', 'format'):
        if word in schema:
            notes.append('%s %s' % (word, schema[word]))
    if prefix:
        rows.append((prefix, kinds or 'any', prefix.split('.')[-1]
                     in required, '; '.join(notes)))
    for name, item in sorted(schema.get('properties', {}).items()):
        rows += _fields(item, '%s.%s' % (prefix, name) if prefix else name,
                        schema.get('required', ()))
    items = schema.get('items')
    if isinstance(items, dict):
        rows += _fields(items, prefix + '[]', ())
    return rows


def _table(rows):
    lines = ['.. list-table::', '   :header-rows: 1', '',
             '   * - Name', '     - Type', '     - Required', '     - Notes']
    for name, kind, required, notes in rows:
        lines += ['   * - ``%s``' % name, '     - %s' % kind,
                  '     - %s' % ('yes' if required else 'no'),
                  '     - %s' % _escaped(notes)]
    return lines + ['']


def _escaped(text):
    return text.replace('\\', '\\\\').replace('*', '\\*').replace(
        '`', '\\`').replace('|', '\\|').replace('_', '\\_')


def _schema_of(content):
    return content['application/json']['schema']


def _span_lines(first, last, operation):
    title = 'Microversion %s' % first if first == last else (
        'Microversions %s to %s' % (first, last))
    lines = ['**%s**' % title, '']
    parameters = operation.get('parameters', [])
    if parameters:
        lines += ['Parameters:', '']
        lines += _table([('%s (%s)' % (p['name'], p['in']),
                          p['schema'].get('type', 'any'), p['required'], '')
                         for p in parameters])
    body = operation.get('requestBody')
    if body:
        rows = _fields(_schema_of(body['content']))
        lines += ['Request body%s' % (':' if rows else ': a JSON object.'),
                  '']
        if rows:
            lines += _table(rows)
    for status, answer in sorted(operation['responses'].items()):
        if status >= '400':
            continue
        content = answer.get('content')
        rows = _fields(_schema_of(content)) if content else []
        lines += ['Answer %s%s' % (status, ':' if rows else ', no body.'),
                  '']
        if rows:
            lines += _table(rows)
    return lines


def operation_lines(api, path, method, by_version):
    """The reStructuredText of one operation's section."""
    heading = '%s %s' % (method.upper(), path)
    first, last = by_version[0][0], by_version[-1][0]
    low, high = APIS[api][2], APIS[api][3]
    lines = [heading, '-' * len(heading), '']
    if (first, last) != (low, high):
        lines += ['Exists from %s to %s.' % (first, last), '']
    description = by_version[-1][1].get('description')
    if description:
        lines += [_escaped(description) + '.', '']
    for span in runs(by_version):
        lines += _span_lines(*span)
    errors = sorted(status for status in by_version[-1][1]['responses']
                    if status >= '400')
    lines += ['Errors: %s, in the API\'s error shape.' % ', '.join(errors),
              '']
    return lines


def reference_lines(api):
    found = operations(api)
    order = sorted(found, key=lambda key: (key[0], _METHODS.index(key[1])))
    lines = []
    for path, method in order:
        lines += operation_lines(api, path, method, found[(path, method)])
    return lines


class ApiReference(Directive):
    required_arguments = 1

    def run(self):
        return nested_rst.parsed(self.state, reference_lines(
            self.arguments[0]), 'api-reference')


def setup(app):
    app.add_directive('api-reference', ApiReference)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
