# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/os-hosts (2.1 to 2.42; os-services and os-hypervisors replaced it).

The list names each service's host, the service (its topic: compute,
conductor, scheduler) and its zone. A compute host shows its capacity
(``(total)``), what its compute says is used (``(used_now)``), what its
servers' flavors add up to (``(used_max)``) and that per project. The
libvirt driver that every host here runs cannot enable, disable, put in
maintenance or power a host: those answer 501 as Nova's does with it,
once the host is known (404) and its compute is up (400).
"""
import collections

from nova_lite.api.compute import service_zones
from nova_lite.api import microversion
from nova_lite.api.schemas import hosts as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import binaries
from nova_lite import exception
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import service as service_obj

LAST = '2.42'


def _topic(service):
    return binaries.shown(service.binary).split('-', 1)[-1]


@microversion.since('2.1', LAST)
@validation.responds(200, responses.host_list)
def index(req):
    services = [s for s in service_obj.ServiceList.get_all(req.context)
                if not s.disabled]
    zones = service_zones.of(req, services)
    zone = req.GET.get('zone')
    return 200, {'hosts': [
        {'host_name': s.host, 'service': _topic(s), 'zone': zones[s.id]}
        for s in services if not zone or zones[s.id] == zone]}


def _node(req, host_name):
    for node in compute_node_obj.ComputeNodeList.get_all(req.context):
        if node.host == host_name:
            return node
    raise exception.ComputeHostNotFound(host=host_name)


def _resource(host_name, project, cpu, memory_mb, disk_gb):
    return {'resource': {'host': host_name, 'project': project, 'cpu': cpu,
                         'memory_mb': memory_mb, 'disk_gb': disk_gb}}


@microversion.since('2.1', LAST)
@validation.responds(200, responses.host_resources)
def show(req, host_name):
    node = _node(req, host_name)
    resources = [
        _resource(host_name, '(total)', node.vcpus, node.memory_mb,
                  node.local_gb),
        _resource(host_name, '(used_now)', node.vcpus_used,
                  node.memory_mb_used, node.local_gb_used)]
    per_project = collections.OrderedDict()
    total = [0, 0, 0]
    for instance in instance_obj.InstanceList.get_by_host(req.context,
                                                          host_name):
        used = (instance.vcpus or 0, instance.memory_mb or 0,
                (instance.root_gb or 0) + (instance.ephemeral_gb or 0))
        summed = per_project.setdefault(instance.project_id, [0, 0, 0])
        for i, amount in enumerate(used):
            summed[i] += amount
            total[i] += amount
    resources.append(_resource(host_name, '(used_max)', *total))
    resources.extend(_resource(host_name, project, *summed)
                     for project, summed in per_project.items())
    return 200, {'host': resources}


def _compute_up(req, host_name):
    """404 for a host with no compute, 400 while its compute is down."""
    try:
        service = service_obj.Service.get_by_host_and_binary(
            req.context, host_name, service_obj.COMPUTE_BINARY)
    except exception.NotFound:
        raise exception.HostNotFound(host=host_name)
    if not service.is_up(req.conf.service_down_time):
        raise exception.ComputeServiceUnavailable(host=host_name)


@microversion.since('2.1', LAST)
@validation.schema(schema.update)
@validation.responds(200, None)
def update(req, host_name):
    _not_on_libvirt(req, host_name)


def _not_on_libvirt(req, host_name):
    """What a libvirt host cannot do (enable, maintenance, power), once
    the host is known and up."""
    _compute_up(req, host_name)
    raise exception.NotSupportedByDriver()


@microversion.since('2.1', LAST)
@validation.responds(200, None)
def startup(req, host_name):
    _not_on_libvirt(req, host_name)


@microversion.since('2.1', LAST)
@validation.responds(200, None)
def shutdown(req, host_name):
    _not_on_libvirt(req, host_name)


@microversion.since('2.1', LAST)
@validation.responds(200, None)
def reboot(req, host_name):
    _not_on_libvirt(req, host_name)
