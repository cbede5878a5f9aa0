# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hypervisors: each compute node, its capacity and what is used of it.

Per microversion: 2.28 gives ``cpu_info`` as an object rather than a
string; 2.33 pages lists (limit, marker); 2.53 names hypervisors and their
services by uuid, filters lists with ``hypervisor_hostname_pattern`` and
lists servers with ``with_servers`` (replacing the /search and /servers
routes of earlier versions); from 2.75 ``servers`` is present, maybe
empty, whenever asked for; 2.88 drops the capacity and usage figures
(placement's inventories and usages say them) and the statistics and
uptime routes, and the single hypervisor's view tells its ``uptime``.
"""
from oslo_serialization import jsonutils

from nova_lite.api.compute import pagination
from nova_lite.api.compute import query
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import service as service_obj
from nova_lite.text import digits

_UUIDS_FROM = '2.53'
_WITHOUT_FIGURES_FROM = '2.88'


def _services(context):
    return {s.host: s for s in service_obj.ServiceList.get_all(
        context, binary=service_obj.COMPUTE_BINARY)}


def _uses_uuids(req):
    return req.api_version.matches(_UUIDS_FROM)


def _brief(req, node, service):
    up = service is not None and service.is_up(req.conf.service_down_time)
    return {'id': node.uuid if _uses_uuids(req) else node.id,
            'hypervisor_hostname': node.hypervisor_hostname,
            'state': 'up' if up else 'down',
            'status': 'disabled' if service and service.disabled
            else 'enabled'}


def _service_id(req, service):
    if service is None:
        return None
    return service.uuid if _uses_uuids(req) else service.id


def _detail(req, node, service):
    body = _brief(req, node, service)
    body.update({
        'hypervisor_type': node.hypervisor_type,
        'hypervisor_version': node.hypervisor_version,
        'host_ip': str(node.host_ip) if node.host_ip else None,
        'service': {'host': node.host, 'id': _service_id(req, service),
                    'disabled_reason': service.disabled_reason
                    if service else None},
    })
    if not req.api_version.matches(_WITHOUT_FIGURES_FROM):
        body.update(_figures(req, node))
    return body


def _figures(req, node):
    """Capacity and usage, as hypervisors showed them before 2.88."""
    return {
        'vcpus': node.vcpus, 'vcpus_used': node.vcpus_used,
        'memory_mb': node.memory_mb, 'memory_mb_used': node.memory_mb_used,
        'local_gb': node.local_gb, 'local_gb_used': node.local_gb_used,
        'free_ram_mb': node.memory_mb - node.memory_mb_used,
        'free_disk_gb': node.local_gb - node.local_gb_used,
        'running_vms': node.running_vms, 'current_workload': 0,
        'disk_available_least': node.local_gb - node.local_gb_used,
        'cpu_info': _cpu_info(req, node),
    }


def _cpu_info(req, node):
    """The host's CPU: an object from 2.28, its JSON text before (and
    empty for a node whose compute has not reported it yet)."""
    text = node.cpu_info or '{}'
    return jsonutils.loads(text) if req.api_version.matches('2.28') \
        else text


def _servers(req, node):
    instances = instance_obj.InstanceList.get_by_filters(
        req.context, {'host': node.host, 'node': node.hypervisor_hostname})
    return [{'uuid': i.uuid, 'name': i.display_name} for i in instances]


def _with_servers(req, body, node, asked):
    if not asked:
        return body
    servers = _servers(req, node)
    if servers or req.api_version.matches('2.75'):
        body['servers'] = servers
    return body


def _boolean_param(req, name):
    value = req.GET.get(name)
    return False if value is None else query.boolean(name, value)


def _page(req, nodes):
    """Nodes after the marker, at most limit of them (2.33)."""
    limit, marker = pagination.page(req)
    if marker is not None:
        key = (lambda n: n.uuid) if _uses_uuids(req) else (
            lambda n: str(n.id))
        positions = [i for i, n in enumerate(nodes) if key(n) == marker]
        if not positions:
            raise exception.ValidationError(
                detail='marker [%s] not found' % marker)
        nodes = nodes[positions[0] + 1:]
    return nodes[:limit], limit


def _list(req, view):
    nodes = sorted(compute_node_obj.ComputeNodeList.get_all(req.context),
                   key=lambda n: n.id)
    with_servers = False
    pattern = None
    if _uses_uuids(req):
        with_servers = _boolean_param(req, 'with_servers')
        pattern = req.GET.get('hypervisor_hostname_pattern')
    if pattern is not None:
        if 'limit' in req.GET or 'marker' in req.GET:
            raise exception.ValidationError(
                detail='Paging over hypervisors is not supported with '
                       'hypervisor_hostname_pattern.')
        nodes = [n for n in nodes if pattern in n.hypervisor_hostname]
        if not nodes:
            raise exception.NotFound(
                message='No hypervisor matching %r could be found.'
                % pattern)
    limit = None
    if req.api_version.matches('2.33') and pattern is None:
        nodes, limit = _page(req, nodes)
    services = _services(req.context)
    items = [_with_servers(req, view(req, n, services.get(n.host)), n,
                           with_servers) for n in nodes]
    answer = {'hypervisors': items}
    if limit is not None:
        links = pagination.next_links(req, 'os-hypervisors', items, limit)
        if links:
            answer['hypervisors_links'] = links
    return 200, answer


@validation.responds(200, responses.hypervisor_list)
def index(req):
    return _list(req, _brief)


@validation.responds(200, responses.hypervisor_detail_list, '2.1', '2.87')
@validation.responds(200, responses.hypervisor_detail_list_2_88, '2.88')
def detail(req):
    return _list(req, _detail)


def get(req, hypervisor_id):
    """The compute node the id names (a uuid from 2.53), or 404."""
    try:
        if _uses_uuids(req):
            return compute_node_obj.ComputeNode.get_by_uuid(req.context,
                                                            hypervisor_id)
        if digits.is_digits(hypervisor_id):
            return compute_node_obj.ComputeNode.get_by_id(
                req.context, digits.at_most_int32(hypervisor_id))
    except exception.ComputeHostNotFound:
        pass
    raise exception.NotFound(message='Hypervisor with ID %s could not be '
                                     'found.' % hypervisor_id)


@validation.responds(200, responses.hypervisor_one, '2.1', '2.87')
@validation.responds(200, responses.hypervisor_one_2_88, '2.88')
def show(req, hypervisor_id):
    node = get(req, hypervisor_id)
    with_servers = _uses_uuids(req) and _boolean_param(req, 'with_servers')
    body = _detail(req, node, _services(req.context).get(node.host))
    if req.api_version.matches(_WITHOUT_FIGURES_FROM):
        body['uptime'] = _uptime_if_up(req, node)
    return 200, {'hypervisor': _with_servers(req, body, node, with_servers)}


def _uptime_if_up(req, node):
    """The host's uptime, or None while its compute service is down."""
    try:
        return req.compute_api.get_host_uptime(req.context, node.host)
    except exception.ComputeServiceUnavailable:
        return None


def _matching(req, pattern):
    nodes = [n for n in compute_node_obj.ComputeNodeList.get_all(req.context)
             if pattern in n.hypervisor_hostname]
    if not nodes:
        raise exception.NotFound(message='No hypervisor matching %r could '
                                         'be found.' % pattern)
    return nodes, _services(req.context)


@microversion.since('2.1', '2.52')
@validation.responds(200, responses.hypervisor_list)
def search(req, pattern):
    nodes, services = _matching(req, pattern)
    return 200, {'hypervisors': [_brief(req, n, services.get(n.host))
                                 for n in nodes]}


@microversion.since('2.1', '2.52')
@validation.responds(200, responses.hypervisor_list)
def servers(req, pattern):
    nodes, services = _matching(req, pattern)
    return 200, {'hypervisors': [
        _with_servers(req, _brief(req, n, services.get(n.host)), n, True)
        for n in nodes]}


_SUMMED = ('vcpus', 'memory_mb', 'local_gb', 'vcpus_used', 'memory_mb_used',
           'local_gb_used', 'free_ram_mb', 'free_disk_gb', 'current_workload',
           'running_vms', 'disk_available_least')


@microversion.since('2.1', '2.87')
@validation.responds(200, responses.hypervisor_statistics)
def statistics(req):
    """The sums over the hypervisors of enabled compute services."""
    services = _services(req.context)
    nodes = [n for n in compute_node_obj.ComputeNodeList.get_all(req.context)
             if n.host in services and not services[n.host].disabled]
    totals = dict.fromkeys(_SUMMED, 0)
    for node in nodes:
        figures = _figures(req, node)
        for name in _SUMMED:
            totals[name] += figures[name]
    totals['count'] = len(nodes)
    return 200, {'hypervisor_statistics': totals}


@microversion.since('2.1', '2.87')
@validation.responds(200, responses.hypervisor_uptime)
def uptime(req, hypervisor_id):
    node = get(req, hypervisor_id)
    body = _brief(req, node, _services(req.context).get(node.host))
    body['uptime'] = req.compute_api.get_host_uptime(req.context, node.host)
    return 200, {'hypervisor': body}
