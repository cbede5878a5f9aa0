# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /allocation_candidates query strings, read into a typed request.

The only reader of placement's query syntax: the services build their
requests typed (``nova_lite.placement.request``).

``resources``, ``required``, ``member_of`` and ``in_tree`` make the
unsuffixed group, whose resources may come from several providers of one
tree; ``resourcesN``, ``requiredN``, ``member_ofN`` and ``in_treeN``
(any suffix from 1.33) make groups each served by one provider.
``required=A,!B`` (1.22 forbids), ``required=in:A,B`` (1.39, any of);
``member_of=in:X,Y`` (any of), repeated (all of), ``!in:`` (1.32, none
of). ``group_policy`` (none or isolate) is needed with two or more
suffixed groups; ``same_subtree`` (1.36) and ``root_required`` (1.35)
constrain the trees; ``limit`` caps the answer.
"""
import re

from nova_lite.placement import request as placement_request
from nova_lite.text import digits

_PARAM = re.compile(r'^(resources|required|member_of|in_tree)([0-9]*|_'
                    r'[a-zA-Z0-9_-]{1,64})?$')
_OTHERS = {'group_policy', 'limit', 'same_subtree', 'root_required'}
_bad = placement_request.bad_request


_FORM = ('Badly formed resources parameter. Expected resources query '
         'string parameter in form: ?resources=VCPU:2,MEMORY_MB:1024. Got: '
         '%s.')


def _resources(text):
    if not text.strip():
        raise _bad(_FORM % 'empty string')
    resources = {}
    for item in text.split(','):
        parts = item.split(':')
        if len(parts) != 2 or not parts[0]:
            raise _bad(_FORM % item)
        name, amount = parts[0], parts[1].strip()
        if not re.match(r'^[+-]?[0-9]+$', amount):
            raise _bad('Requested resource %s expected positive integer '
                       'amount. Got: %s.' % (name, amount))
        if int(amount) < 1:
            raise _bad('Requested resource %s requires amount >= 1. Got: '
                       '%d.' % (name, int(amount)))
        if name in resources:
            raise _bad('Resource class %s was requested twice.' % name)
        resources[name] = digits.at_most_int64(amount.strip())
    return resources


def _trait_names(text, minor):
    """The names a ``required`` value lists (Placement strips each); an
    empty one is refused in Placement's words."""
    names = [name.strip() for name in text.split(',')]
    if not all(names):
        form = ('HW_CPU_X86_VMX,!CUSTOM_MAGIC' if minor >= 22
                else 'HW_CPU_X86_VMX,CUSTOM_MAGIC')
        raise _bad("Invalid query string parameters: Expected 'required' "
                   "parameter value of the form: %s. Got: %s"
                   % (form, text))
    return names


def _traits(group, text, minor):
    if text.startswith('in:'):
        if minor < 39:
            raise _bad("The 'in:' form of required needs microversion "
                       "1.39. Got: %s" % text)
        group.required.append(frozenset(_trait_names(text[3:], minor)))
        return
    for name in _trait_names(text, minor):
        if name.startswith('!'):
            if minor < 22:
                raise _bad('Forbidden traits need microversion 1.22. '
                           'Got: %s' % text)
            group.forbidden.add(name[1:])
        else:
            group.required.append(frozenset([name]))


def _member_of(group, text, minor):
    if text.startswith('!'):
        if minor < 32:
            raise _bad('Forbidden aggregates need microversion 1.32.')
        group.not_member_of.update(text[4:].split(',') if
                                   text.startswith('!in:') else [text[1:]])
        return
    group.member_of.append(frozenset(
        text[3:].split(',') if text.startswith('in:') else [text]))


def _check_one_member_of(values, suffix, minor):
    """Before 1.24 a group names at most one ``member_of``."""
    if len(values) > 1 and minor < 24:
        raise _bad('Multiple member_of%s parameters are not supported'
                   % suffix)


def _read_group(groups, name, suffix, values, minor):
    group = groups.setdefault(suffix, placement_request.Group(suffix))
    if name == 'resources':
        group.resources = _resources(values[-1])
    elif name == 'required':
        for value in values if minor >= 39 else values[-1:]:
            _traits(group, value, minor)
    elif name == 'member_of':
        _check_one_member_of(values, suffix, minor)
        for value in values:
            _member_of(group, value, minor)
    else:
        group.in_tree = values[-1]


def parse(params, minor):
    """``params``: {name: [values]} of the query string."""
    groups = {}
    for key, values in params.items():
        match = _PARAM.match(key)
        if match is None:
            if key not in _OTHERS:
                raise _bad('Invalid query string parameters: %s' % key)
            continue
        _read_group(groups, match.group(1), match.group(2) or '', values,
                    minor)
    request = placement_request.Request(groups)
    _read_others(request, params, minor)
    if minor >= 36 and not any(g.resources for g in groups.values()):
        # (From 1.36 a group may hold no resources, when same_subtree
        # names it: Placement words the missing resources so then.)
        raise _bad('There must be at least one resources or '
                   'resources[$S] parameter.')
    placement_request.check(request)
    return request


def _read_others(request, params, minor):
    if 'limit' in params:
        text = params['limit'][-1]
        if not digits.is_digits(text) or int(text) < 1:
            raise _bad("Invalid query string parameters: limit must be a "
                       "positive integer. Got: %s" % text)
        request.limit = digits.at_most_int32(text)
    if 'group_policy' in params:
        request.group_policy = params['group_policy'][-1]
        if request.group_policy not in ('none', 'isolate'):
            raise _bad("group_policy must be 'none' or 'isolate'.")
    for value in params.get('same_subtree', []) if minor >= 36 else []:
        request.same_subtree.append(value.split(','))
    for value in params.get('root_required', []) if minor >= 35 else []:
        for name in value.split(','):
            (request.root_forbidden if name.startswith('!')
             else request.root_required).add(name.lstrip('!'))


def provider_filters(params, minor):
    """GET /resource_providers filters (resources 1.4, member_of 1.3,
    required 1.18) as a Group, or None when none is given."""
    group = placement_request.Group('')
    given = False
    if 'resources' in params and minor >= 4:
        group.resources = _resources(params['resources'][-1])
        given = True
    member_of = params.get('member_of', []) if minor >= 3 else []
    _check_one_member_of(member_of, '', minor)
    for value in member_of:
        _member_of(group, value, minor)
        given = True
    for value in (params.get('required', []) if minor >= 18 else []):
        _traits(group, value, minor)
        given = True
    return group if given else None
