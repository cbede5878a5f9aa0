# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Query parameters of GET /servers[/detail], turned into list filters.

Which parameters a caller may filter on depends on the microversion and on
``os_compute_api:servers:allow_all_filters`` (admin): others are dropped,
as Nova drops them. From 2.75 a parameter Nova does not know at all is a
400. ``name`` is a regular expression, ``status`` a server status (an
unknown one is a 400 from 2.38), ``changes-since``/``changes-before`` ISO
8601 times (deleted servers are then listed too), ``flavor`` a flavor id,
the tag filters comma-separated lists (2.26), ``locked`` a boolean (2.73).
``created_at``, ``launched_at`` and ``terminated_at`` select servers at or
after the time given. ``ip`` and ``ip6`` are regular expressions matched
at the start of a server's fixed IPv4 and IPv6 addresses. Attributes
every server here has the same value of (no images, one availability
zone) match when asked for that value only.
"""
from oslo_utils import strutils

from nova_lite.api.compute import query
from nova_lite.api.compute import server_view
from nova_lite.api import policy
from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj
from nova_lite.text import digits

ALL_TENANTS = 'os_compute_api:servers:index:get_all_tenants'
ALL_FILTERS = 'os_compute_api:servers:allow_all_filters'
SORT_KEYS = {'created_at', 'updated_at', 'display_name', 'uuid', 'vm_state',
             'task_state', 'launched_at', 'host', 'node', 'project_id',
             'user_id', 'hostname', 'display_description'}
ADMIN_SORT_KEYS = {'host', 'node'}
_PAGING = {'limit', 'marker', 'sort_key', 'sort_dir'}
_USER_FILTERS = {'reservation_id', 'name', 'status', 'image', 'flavor', 'ip',
                 'changes-since', 'all_tenants'}
_USER_FILTERS_SINCE = [
    ('2.5', {'ip6'}),
    ('2.26', {'tags', 'tags-any', 'not-tags', 'not-tags-any'}),
    ('2.66', {'changes-before'}),
    ('2.73', {'locked'}),
    ('2.83', {'availability_zone', 'config_drive', 'key_name', 'created_at',
              'launched_at', 'terminated_at', 'power_state', 'task_state',
              'vm_state', 'progress', 'user_id'}),
]
_ADMIN_FILTERS = {'host', 'node', 'hostname', 'uuid', 'project_id',
                  'tenant_id', 'deleted', 'description', 'access_ip_v4',
                  'access_ip_v6', 'user_id', 'vm_state', 'task_state',
                  'power_state', 'availability_zone', 'config_drive',
                  'key_name', 'created_at', 'launched_at', 'terminated_at',
                  'progress', 'soft_deleted', 'block_device_mapping',
                  'services', 'metadata', 'instance_type_id', 'ip6'}
# Same value on every server of this deployment.
_CONSTANT = {'image': '', 'progress': '0'}
_COLUMNS = {'host': 'host', 'node': 'node', 'hostname': 'hostname',
            'uuid': 'uuid', 'user_id': 'user_id', 'vm_state': 'vm_state',
            'task_state': 'task_state', 'reservation_id': 'reservation_id',
            'description': 'display_description', 'key_name': 'key_name',
            'config_drive': 'config_drive', 'access_ip_v4': 'access_ip_v4',
            'access_ip_v6': 'access_ip_v6'}
_ADDRESSES = {'ip': 'ip_regex', 'ip6': 'ip6_regex'}
_TIMES = {'created_at', 'launched_at', 'terminated_at'}
_TAGS = {'tags': 'tags', 'tags-any': 'tags_any', 'not-tags': 'not_tags',
         'not-tags-any': 'not_tags_any'}


def _allowed(req):
    """Parameters the caller may filter on at the request's version."""
    allowed = set(_PAGING | _USER_FILTERS)
    for version, names in _USER_FILTERS_SINCE:
        if req.api_version.matches(version):
            allowed |= names
    if policy.check(req.context, ALL_FILTERS):
        allowed |= _ADMIN_FILTERS | {'changes-before', 'locked', 'tags',
                                     'tags-any', 'not-tags', 'not-tags-any'}
    return allowed


def _known():
    known = set(_PAGING | _USER_FILTERS | _ADMIN_FILTERS)
    for _version, names in _USER_FILTERS_SINCE:
        known |= names
    return known


def _params(req):
    """{name: last value} of the filters the caller may use."""
    if req.api_version.matches('2.75'):
        unknown = sorted(set(req.GET) - _known())
        if unknown:
            raise exception.ValidationError(
                detail='Invalid input for query parameters %s: not a '
                       'server list filter.' % ', '.join(unknown))
    allowed = _allowed(req)
    return {name: req.GET.getall(name) for name in req.GET
            if name in allowed}


def _project(req, params, filters):
    """Own project, unless an admin asks for all_tenants (and then
    perhaps one project with project_id or tenant_id)."""
    all_tenants = params.get('all_tenants', [None])[-1]
    if (all_tenants is not None and
            strutils.bool_from_string(all_tenants or 'true') and
            policy.check(req.context, ALL_TENANTS)):
        project = (params.get('project_id') or params.get('tenant_id') or
                   [None])[-1]
        if project:
            filters['project_id'] = project
    else:
        filters['project_id'] = req.context.project_id


def _status(req, values, filters):
    states = []
    for value in values:
        if (req.api_version.matches('2.38') and
                not server_view.known_status(value.upper())):
            raise exception.ValidationError(
                detail='Invalid status value: %s' % value)
        states.extend(server_view.vm_states_of(value.upper()))
    filters['vm_state'] = states


def changes(params, filters):
    """changes_since and changes_before of the query (ISO times), 400 if
    badly written or the wrong way round."""
    for name, key in (('changes-since', 'changes_since'),
                      ('changes-before', 'changes_before')):
        if params.get(name):
            filters[key] = query.time_of(name, params[name][-1])
            filters['read_deleted'] = True
    since, before = filters.get('changes_since'), filters.get(
        'changes_before')
    if since and before and before < since:
        raise exception.ValidationError(
            detail='The value of changes-since must be less than or equal '
                   'to changes-before.')


def _flavor(req, value, filters):
    try:
        flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, value)
        filters['instance_type_id'] = flavor.id
    except exception.FlavorNotFound:
        filters['instance_type_id'] = -1


def _power_state(value):
    if not digits.is_digits(value):
        raise exception.ValidationError(
            detail='Invalid input for query parameter power_state: %s is '
                   'not an integer.' % value)
    return digits.at_most_int32(value)


def _nothing_matches(filters):
    filters['uuid'] = []


def _simple(req, params, filters):
    for name, values in params.items():
        value = values[-1]
        if name in _COLUMNS:
            filters[_COLUMNS[name]] = values if name in (
                'vm_state', 'task_state', 'uuid') else value
        elif name == 'availability_zone':
            # A server in no zone's aggregate is in the default zone.
            filters['zone'] = (value,
                               value == req.conf.default_availability_zone)
        elif name in _CONSTANT:
            if value != _CONSTANT[name]:
                _nothing_matches(filters)
        elif name in _ADDRESSES:
            filters[_ADDRESSES[name]] = query.regex(name, value)
        elif name in _TAGS and value:
            filters[_TAGS[name]] = value.split(',')
        elif name == 'locked':
            filters['locked'] = query.boolean(name, value)
        elif name == 'power_state':
            filters['power_state'] = [_power_state(v) for v in values]
        elif name in _TIMES:
            filters[name] = query.time_of(name, value)
        elif name == 'deleted' and query.boolean(name, value):
            filters['read_deleted'] = True
            filters['only_deleted'] = True


def from_request(req):
    params = _params(req)
    filters = {}
    _project(req, params, filters)
    _simple(req, params, filters)
    if params.get('name'):
        filters['name_regex'] = query.regex('name', params['name'][-1])
    if params.get('status'):
        _status(req, params['status'], filters)
    if params.get('flavor'):
        _flavor(req, params['flavor'][-1], filters)
    changes(params, filters)
    return filters


def sort_keys_allowed(extended):
    return SORT_KEYS if extended else SORT_KEYS - ADMIN_SORT_KEYS
