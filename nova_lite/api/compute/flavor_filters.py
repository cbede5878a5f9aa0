# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Query parameters of GET /flavors[/detail], turned into list filters.

``minRam`` and ``minDisk`` are lower bounds; from 2.102 ``name`` is a
regular expression found anywhere in the name (``^m1`` for names that
start with m1). Admins see public flavors by
default and choose with ``is_public`` (true, false, or none for all);
everyone else sees the enabled public flavors and the private ones shared
with their project, whatever they ask.
"""
from oslo_utils import strutils

from nova_lite.api.compute import query
from nova_lite.api import policy
from nova_lite import exception

PRIVATE = 'os_compute_api:flavors:list:private'
NAME_FROM = '2.102'


def _is_public(text):
    if text is None:
        return True
    if text.lower() == 'none':
        return None
    try:
        return strutils.bool_from_string(text, strict=True)
    except ValueError:
        raise exception.ValidationError(
            detail='Invalid is_public filter [%s]' % text)


def from_request(req):
    filters = {}
    for param, key in (('minRam', 'min_memory_mb'),
                       ('minDisk', 'min_root_gb')):
        value = query.minimum(req, param)
        if value is not None:
            filters[key] = value
    name = req.GET.get('name')
    if name and req.api_version.matches(NAME_FROM):
        filters['name_regex'] = query.regex('name', name)
    if policy.check(req.context, PRIVATE):
        filters['is_public'] = _is_public(req.GET.get('is_public'))
    else:
        filters['disabled'] = False
        filters['visible_to'] = req.context.project_id
    return filters
