"""host list: each compute host, its state and what is used of it."""
from cliff import lister


class ListHost(lister.Lister):
    """List compute hosts with their usage (admin)."""

    def take_action(self, args):
        hypervisors = self.app.client.get(
            '/os-hypervisors/detail')['hypervisors']
        columns = ('Host', 'State', 'Status', 'vCPUs Used', 'vCPUs',
                   'RAM Used (MB)', 'RAM (MB)', 'Disk Used (GB)', 'Disk (GB)',
                   'Servers')
        rows = [(h['hypervisor_hostname'], h['state'], h['status'],
                 h['vcpus_used'], h['vcpus'], h['memory_mb_used'],
                 h['memory_mb'], h['local_gb_used'], h['local_gb'],
                 h['running_vms']) for h in hypervisors]
        return columns, rows
