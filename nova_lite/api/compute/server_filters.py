"""Query parameters of GET /servers[/detail], turned into list filters.

``name`` is a regular expression, ``status`` a server status,
``changes-since`` an ISO 8601 time (and then deleted servers are listed
too), ``flavor`` a flavor id; ``host`` and ``all_tenants`` only count for
those the policy lets see them. Unknown parameters are ignored.
"""
import re

from oslo_utils import timeutils

from nova_lite.api.compute import server_view
from nova_lite.api import policy
from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj

ALL_TENANTS = 'os_compute_api:servers:index:get_all_tenants'
SORT_KEYS = {'created_at', 'updated_at', 'display_name', 'uuid', 'vm_state',
             'task_state', 'launched_at', 'host', 'node', 'project_id',
             'user_id'}
ADMIN_SORT_KEYS = {'host', 'node'}


def _project(req, filters):
    all_tenants = req.GET.get('all_tenants', '').lower() in ('1', 'true')
    if not (all_tenants and policy.check(req.context, ALL_TENANTS)):
        filters['project_id'] = req.context.project_id


def _name(req, filters):
    name = req.GET.get('name')
    if name:
        try:
            re.compile(name)
        except re.error as e:
            raise exception.ValidationError(
                detail='Invalid regular expression in name: %s' % e)
        filters['name_regex'] = name


def _status(req, filters):
    statuses = req.GET.getall('status')
    if statuses:
        filters['vm_state'] = [state for status in statuses
                               for state in server_view.vm_states_of(
                                   status.upper())]


def _changes_since(req, filters):
    text = req.GET.get('changes-since')
    if text:
        try:
            filters['changes_since'] = timeutils.normalize_time(
                timeutils.parse_isotime(text))
        except ValueError:
            raise exception.ValidationError(
                detail='Invalid filter field: changes-since.')
        filters['read_deleted'] = True


def _flavor(req, filters):
    flavorid = req.GET.get('flavor')
    if flavorid:
        try:
            flavor = flavor_obj.Flavor.get_by_flavor_id(req.context,
                                                        flavorid)
            filters['instance_type_id'] = flavor.id
        except exception.FlavorNotFound:
            filters['instance_type_id'] = -1


def _host(req, filters, extended):
    if extended and req.GET.get('host'):
        filters['host'] = req.GET['host']


def from_request(req, extended):
    filters = {}
    for parse in (_project, _name, _status, _changes_since, _flavor):
        parse(req, filters)
    _host(req, filters, extended)
    return filters


def sort_keys_allowed(extended):
    return SORT_KEYS if extended else SORT_KEYS - ADMIN_SORT_KEYS
