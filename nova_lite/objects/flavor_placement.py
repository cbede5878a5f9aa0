# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a flavor asks of placement: the only reader of its
``resources{N}:CLASS``, ``trait{N}:NAME`` and ``group_policy`` extra specs.

The unsuffixed group is the flavor's size (VCPU, MEMORY_MB, DISK_GB), with
``resources:CLASS`` adding a class or changing an amount (0 drops it) and
``trait:NAME=required|forbidden`` its traits. ``resources{N}:CLASS`` (N not
empty) make numbered groups, each served by one provider, with their
``trait{N}:`` traits (a trait group that asks for no resources is
ignored); ``group_policy`` is the policy between them.
"""
import re

from nova_lite.placement import request as placement_request
from nova_lite.text import digits

_TRAIT = re.compile(r'^trait([a-zA-Z0-9_-]*):([A-Z][A-Z0-9_]*)$')
_RESOURCES = re.compile(r'^resources([a-zA-Z0-9_-]*):([A-Z][A-Z0-9_]*)$')


def resources(flavor):
    """{class: amount} one instance of the flavor takes from its host:
    its size, with the unsuffixed ``resources:CLASS`` extra specs."""
    usage = flavor.usage()
    amounts = {'VCPU': usage['vcpus'], 'MEMORY_MB': usage['memory_mb'],
               'DISK_GB': usage['local_gb']}
    amounts.update(_amounts(flavor.extra_specs).get('', {}))
    return {rc: n for rc, n in amounts.items() if n > 0}


def request(flavor):
    """The flavor's typed placement request."""
    specs = flavor.extra_specs or {}
    groups = {suffix: placement_request.Group(suffix, found)
              for suffix, found in _numbered(specs).items()}
    groups[''] = placement_request.Group('', resources=resources(flavor))
    for (suffix, name), value in _traits(specs).items():
        if suffix not in groups:
            continue
        if value == 'required':
            groups[suffix].required.append(frozenset([name]))
        else:
            groups[suffix].forbidden.add(name)
    wanted = placement_request.Request({'': groups.pop('')})
    if groups and 'group_policy' in specs:
        wanted.group_policy = specs['group_policy']
    wanted.add(groups.values())
    return wanted


def _numbered(specs):
    """{suffix: {class: amount}} of the numbered groups that ask for
    something."""
    found = {suffix: {rc: n for rc, n in amounts.items() if n > 0}
             for suffix, amounts in _amounts(specs).items() if suffix}
    return {suffix: amounts for suffix, amounts in found.items() if amounts}


def _amounts(specs):
    """{suffix: {class: amount}} of the ``resources{N}:`` extra specs."""
    found = {}
    for key, value in sorted((specs or {}).items()):
        match = _RESOURCES.match(key)
        if match and digits.is_digits(str(value)):
            found.setdefault(match.group(1), {})[match.group(2)] = int(value)
    return found


def _traits(specs):
    """{(suffix, trait): 'required' or 'forbidden'} of the ``trait{N}:``
    extra specs."""
    found = {}
    for key, value in sorted(specs.items()):
        match = _TRAIT.match(key)
        if match and value in ('required', 'forbidden'):
            found[(match.group(1), match.group(2))] = value
    return found
