# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Usage: /os-simple-tenant-usage[/{tenant_id}].

What each project's servers used over a period (``start`` to ``end``,
by default up to now): hours each was running within it, times its
flavor's vCPUs, RAM and disk, as Nova computes them, deleted servers
included. The list is every project's (admins; ``detailed=1`` adds each
server), one project's usage is its readers'. 2.40 pages the servers
counted (``limit``, ``marker``: a server's uuid).
"""
import collections
import datetime

from oslo_utils import timeutils

from nova_lite.api.compute import pagination
from nova_lite.api.compute import times
from nova_lite.api import policy
from nova_lite.api.schemas import tenant_usage as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import instance as instance_obj

_RULE = 'os_compute_api:os-simple-tenant-usage:'
_FORMATS = ('%Y-%m-%dT%H:%M:%S', '%Y-%m-%dT%H:%M:%S.%f',
            '%Y-%m-%d %H:%M:%S.%f')


def _time(text):
    if not text:
        return timeutils.utcnow().replace(tzinfo=None)
    for fmt in _FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt)
        except ValueError:
            pass
    raise exception.Invalid(message='Invalid datetime string: Datetime is '
                                    'in invalid format')


def _period(req):
    start, stop = _time(req.GET.get('start')), _time(req.GET.get('end'))
    if not start < stop:
        raise exception.Invalid(message='Invalid start time. The start time '
                                        'cannot occur after the end time.')
    return start, stop


def _naive(value):
    return value.replace(tzinfo=None) if value else None


def hours_within(instance, start, stop):
    """Hours the server ran within [start, stop]: from its launch (or
    the start) to its end (or the stop); none if never launched."""
    launched, ended = _naive(instance.launched_at), _naive(
        instance.terminated_at)
    if not launched or (ended and ended < start) or launched > stop:
        return 0
    return (min(stop, ended or stop) - max(launched, start)) \
        .total_seconds() / 3600.0


def _server_usage(instance, start, stop, now):
    flavor = instance.flavor
    launched, ended = _naive(instance.launched_at), _naive(
        instance.terminated_at)
    return {'hours': hours_within(instance, start, stop),
            'flavor': flavor.name, 'instance_id': instance.uuid,
            'name': instance.display_name,
            'tenant_id': instance.project_id,
            'memory_mb': flavor.memory_mb,
            'local_gb': flavor.root_gb + flavor.ephemeral_gb,
            'vcpus': flavor.vcpus,
            'started_at': times.with_microseconds(launched),
            'ended_at': times.with_microseconds(ended),
            'state': 'terminated' if ended else instance.vm_state,
            'uptime': int(((ended or now) - launched).total_seconds())
            if launched else 0}


def _summaries(usages, start, stop, detailed):
    """{project: its totals} over the server usages, in their order."""
    found = collections.OrderedDict()
    for usage in usages:
        summary = found.setdefault(usage['tenant_id'], dict(
            tenant_id=usage['tenant_id'], total_local_gb_usage=0,
            total_vcpus_usage=0, total_memory_mb_usage=0, total_hours=0,
            start=times.with_microseconds(start),
            stop=times.with_microseconds(stop),
            **({'server_usages': []} if detailed else {})))
        summary['total_local_gb_usage'] += usage['local_gb'] * usage['hours']
        summary['total_vcpus_usage'] += usage['vcpus'] * usage['hours']
        summary['total_memory_mb_usage'] += (usage['memory_mb'] *
                                             usage['hours'])
        summary['total_hours'] += usage['hours']
        if detailed:
            summary['server_usages'].append(usage)
    return found


def _usages(req, start, stop, project_id=None):
    """(server usages, page limit or None) of the period."""
    limit, marker = (pagination.page(req) if req.api_version.matches('2.40')
                     else (None, None))
    filters = {'read_deleted': True, 'active_window': (start, stop)}
    if project_id is not None:
        filters['project_id'] = project_id
    instances = instance_obj.InstanceList.get_by_filters(
        req.context, filters, expected_attrs=['flavor'], limit=limit,
        marker=marker, sort_keys=['created_at', 'id'],
        sort_dirs=['asc', 'asc'])
    now = timeutils.utcnow().replace(tzinfo=None)
    return [_server_usage(i, start, stop, now) for i in instances], limit


def _links(req, path, usages, limit):
    return pagination.next_links(req, path, usages, limit,
                                 id_key='instance_id') if limit else []


@validation.query_schema(schema.index_query, '2.1', '2.39')
@validation.query_schema(schema.index_query_v240, '2.40', '2.74')
@validation.query_schema(schema.index_query_v275, '2.75')
@validation.responds(200, schema.usages)
def index(req):
    policy.enforce(req.context, _RULE + 'list')
    start, stop = _period(req)
    detailed = req.GET.get('detailed', '0') == '1'
    usages, limit = _usages(req, start, stop)
    answer = {'tenant_usages': list(_summaries(usages, start, stop,
                                               detailed).values())}
    links = _links(req, 'os-simple-tenant-usage', usages, limit)
    if links:
        answer['tenant_usages_links'] = links
    return 200, answer


@validation.query_schema(schema.show_query, '2.1', '2.39')
@validation.query_schema(schema.show_query_v240, '2.40', '2.74')
@validation.query_schema(schema.show_query_v275, '2.75')
@validation.responds(200, schema.usage)
def show(req, tenant_id):
    policy.enforce(req.context, _RULE + 'show',
                   {'project_id': tenant_id, 'user_id': req.context.user_id})
    start, stop = _period(req)
    usages, limit = _usages(req, start, stop, tenant_id)
    answer = {'tenant_usage': _summaries(usages, start, stop, True).get(
        tenant_id, {})}
    links = _links(req, 'os-simple-tenant-usage/%s' % tenant_id, usages,
                   limit)
    if links:
        answer['tenant_usage_links'] = links
    return 200, answer
