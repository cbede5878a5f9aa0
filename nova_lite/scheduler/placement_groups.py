"""A flavor's extra specs, as the placement query of the unnamed group.

``trait:NAME=required|forbidden`` become the group's required and
forbidden traits (``resources:CLASS=N`` is read with the flavor's size by
``objects.placement.resources_of``); numbered groups
(``resources1:``, ``trait1:``) are the resource plugins' (VietStack's NIC
flows) and are not read here.
"""
import re

_TRAIT = re.compile(r'^trait:([A-Z][A-Z0-9_]*)$')


def from_extra_specs(specs):
    """Extra query parameters for the unnamed group."""
    names = []
    for key, value in sorted(specs.items()):
        match = _TRAIT.match(key)
        if match and value in ('required', 'forbidden'):
            names.append(('!' if value == 'forbidden' else '') +
                         match.group(1))
    return {'required': [','.join(names)]} if names else {}
