"""A flavor's extra specs, as placement query parameters.

``trait{N}:NAME=required|forbidden`` become group N's required and
forbidden traits, ``resources{N}:CLASS=amount`` (N not empty) the numbered
group N's resources, ``group_policy`` the policy between them. The
unnamed group's resources (the flavor's size, with ``resources:CLASS``)
are ``objects.placement.resources_of``'s.
"""
import re

from nova_lite import digits

_TRAIT = re.compile(r'^trait([a-zA-Z0-9_-]*):([A-Z][A-Z0-9_]*)$')
_RESOURCES = re.compile(r'^resources([a-zA-Z0-9_-]+):([A-Z][A-Z0-9_]*)$')


def from_extra_specs(specs):
    """Query parameters beyond the unnamed group's resources."""
    traits, resources = {}, {}
    for key, value in sorted(specs.items()):
        match = _TRAIT.match(key)
        if match and value in ('required', 'forbidden'):
            traits.setdefault(match.group(1), []).append(
                ('!' if value == 'forbidden' else '') + match.group(2))
        match = _RESOURCES.match(key)
        if match and digits.is_digits(str(value)) and int(value) > 0:
            resources.setdefault(match.group(1), []).append(
                '%s:%s' % (match.group(2), value))
    params = {'required%s' % g: [','.join(names)]
              for g, names in traits.items() if g == '' or g in resources}
    params.update({'resources%s' % g: [','.join(items)]
                   for g, items in resources.items()})
    if resources and 'group_policy' in specs:
        params['group_policy'] = [specs['group_policy']]
    elif len(resources) > 1:
        params['group_policy'] = ['none']
    return params


def of_request(spec_obj, plugins):
    """The flavor's query parameters and the resource plugins' groups;
    several numbered groups and no policy said: ``group_policy=none``."""
    params = from_extra_specs(spec_obj.flavor.extra_specs)
    for plugin in plugins:
        params.update(plugin.request_groups(spec_obj))
    numbered_groups = [k for k in params
                       if k.startswith('resources') and k != 'resources']
    if len(numbered_groups) > 1 and 'group_policy' not in params:
        params['group_policy'] = ['none']
    return params


def numbered(specs):
    """Whether the flavor asks for numbered groups (beyond the root)."""
    return any(_RESOURCES.match(key) for key in specs)
