"""Hypervisors: each compute node, its capacity and what is used of it."""
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import conf
from nova_lite import exception
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import service as service_obj


def _services(context):
    return {s.host: s for s in service_obj.ServiceList.get_all(
        context, binary=service_obj.COMPUTE_BINARY)}


def _brief(node, service):
    up = service is not None and service.is_up(conf.CONF.service_down_time)
    return {'id': node.id, 'hypervisor_hostname': node.hypervisor_hostname,
            'state': 'up' if up else 'down',
            'status': 'disabled' if service and service.disabled
            else 'enabled'}


def _detail(node, service):
    body = _brief(node, service)
    body.update({
        'hypervisor_type': node.hypervisor_type,
        'hypervisor_version': node.hypervisor_version,
        'host_ip': None, 'vcpus': node.vcpus, 'vcpus_used': node.vcpus_used,
        'memory_mb': node.memory_mb, 'memory_mb_used': node.memory_mb_used,
        'local_gb': node.local_gb, 'local_gb_used': node.local_gb_used,
        'free_ram_mb': node.memory_mb - node.memory_mb_used,
        'free_disk_gb': node.local_gb - node.local_gb_used,
        'running_vms': node.running_vms, 'current_workload': 0,
        'disk_available_least': node.local_gb - node.local_gb_used,
        'cpu_info': '{}',
        'service': {'host': node.host,
                    'id': service.id if service else None,
                    'disabled_reason': service.disabled_reason
                    if service else None},
    })
    return body


@validation.responds(200, responses.hypervisor_list)
def index(req):
    services = _services(req.context)
    nodes = compute_node_obj.ComputeNodeList.get_all(req.context)
    return 200, {'hypervisors': [_brief(n, services.get(n.host))
                                 for n in nodes]}


@validation.responds(200, responses.hypervisor_detail_list)
def detail(req):
    services = _services(req.context)
    nodes = compute_node_obj.ComputeNodeList.get_all(req.context)
    return 200, {'hypervisors': [_detail(n, services.get(n.host))
                                 for n in nodes]}


@validation.responds(200, responses.hypervisor_one)
def show(req, hypervisor_id):
    if not hypervisor_id.isdigit():
        raise exception.ComputeHostNotFound(host=hypervisor_id)
    node = compute_node_obj.ComputeNode.get_by_id(req.context,
                                                  int(hypervisor_id))
    return 200, {'hypervisor': _detail(node,
                                       _services(req.context).get(node.host))}
