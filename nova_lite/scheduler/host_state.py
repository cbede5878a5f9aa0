"""HostState: the scheduler's view of one compute host."""


class HostState:

    def __init__(self, node, service_up, service_disabled):
        self.host = node.host
        self.nodename = node.hypervisor_hostname
        self.uuid = node.uuid
        self.service_up = service_up
        self.service_disabled = service_disabled
        capacity = node.capacity()
        used = node.used()
        self.free_vcpus = capacity['vcpus'] - used['vcpus']
        self.free_ram_mb = capacity['memory_mb'] - used['memory_mb']
        self.free_disk_gb = capacity['local_gb'] - used['local_gb']
        self.num_instances = node.running_vms

    def consume(self, usage):
        """Count an instance placed here that the host has not claimed."""
        self.free_vcpus -= usage['vcpus']
        self.free_ram_mb -= usage['memory_mb']
        self.free_disk_gb -= usage['local_gb']
        self.num_instances += 1

    def __repr__(self):
        return '(%s, %s) ram: %dMB disk: %dGB vcpus: %d' % (
            self.host, self.nodename, self.free_ram_mb, self.free_disk_gb,
            self.free_vcpus)
