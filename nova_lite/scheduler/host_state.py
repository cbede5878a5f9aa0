"""HostState: the scheduler's view of one compute host."""
from oslo_utils import timeutils


def reported_at(node):
    """When the node last reported, as naive UTC (None if never)."""
    stamp = node.updated_at or node.created_at
    return timeutils.normalize_time(stamp) if stamp else None


class HostState:

    def __init__(self, node, service_up, service_disabled):
        self.host = node.host
        self.nodename = node.hypervisor_hostname
        self.uuid = node.uuid
        self.service_up = service_up
        self.service_disabled = service_disabled
        self.updated = None
        self.update_from_node(node)

    def update_from_node(self, node):
        capacity = node.capacity()
        used = node.used()
        self.total_usable_vcpus = capacity['vcpus']
        self.total_usable_ram_mb = capacity['memory_mb']
        self.total_usable_disk_gb = capacity['local_gb']
        self.free_vcpus = capacity['vcpus'] - used['vcpus']
        self.free_ram_mb = capacity['memory_mb'] - used['memory_mb']
        self.free_disk_gb = capacity['local_gb'] - used['local_gb']
        self.num_instances = node.running_vms
        self.updated = reported_at(node)

    def consume_from_request(self, spec_obj):
        """Count a placed request until the host reports it itself."""
        usage = spec_obj.flavor.usage()
        self.free_vcpus -= usage['vcpus']
        self.free_ram_mb -= usage['memory_mb']
        self.free_disk_gb -= usage['local_gb']
        self.num_instances += 1
        self.updated = timeutils.utcnow()

    def __repr__(self):
        return '(%s, %s) ram: %dMB disk: %dGB vcpus: %d' % (
            self.host, self.nodename, self.free_ram_mb, self.free_disk_gb,
            self.free_vcpus)
