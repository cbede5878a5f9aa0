# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Documentation of every extra spec key, generated from the registry."""


def _value_text(value):
    kind = value['type'].__name__
    parts = [{'str': 'string', 'int': 'integer', 'bool': 'boolean'}[kind]]
    if 'enum' in value:
        parts.append('one of: %s' % ', '.join('``%s``' % v
                                              for v in value['enum']))
    if 'min' in value:
        parts.append('min %s' % value['min'])
    if 'max' in value:
        parts.append('max %s' % value['max'])
    if 'pattern' in value:
        parts.append('matching ``%s``' % value['pattern'])
    return '; '.join(parts)


def render_rst(registry):
    lines = ['Flavor extra specs', '==================', '',
             'Keys validated at microversion 2.86 and later. A key in one '
             'of these namespaces that is not listed is refused; keys in '
             'other namespaces are stored as given.', '']
    by_namespace = {}
    for validator in registry.validators:
        by_namespace.setdefault(validator.namespace or '(no namespace)',
                                []).append(validator)
    for namespace in sorted(by_namespace):
        lines += [namespace, '-' * len(namespace), '']
        for validator in by_namespace[namespace]:
            lines.append('``%s``%s' % (validator.name, ' (deprecated)'
                                       if validator.deprecated else ''))
            lines.append('    %s Value: %s.' % (validator.description,
                                                _value_text(validator.value)))
            for parameter in validator.parameters:
                lines.append('    ``{%s}``: %s (``%s``)' % (
                    parameter.name, parameter.description, parameter.pattern))
            lines.append('')
    return '\n'.join(lines)
