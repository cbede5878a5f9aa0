"""host list / host show: each compute host, its state and what is used
of it, down to its VietStack NICs."""
from cliff import lister
from cliff import show

from nova_lite.cli.client import APIError


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


class ShowHost(show.ShowOne):
    """Show a compute host: its usage and its VietStack NICs (admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('host', help='Hypervisor hostname')
        return parser

    def take_action(self, args):
        client = self.app.client
        found = [h for h in client.get('/os-hypervisors/detail')[
            'hypervisors'] if h['hypervisor_hostname'] == args.host]
        if not found:
            raise APIError(404, 'no compute host named %s' % args.host)
        host = found[0]
        nics = client.get('/os-hypervisors/%s/vietstack' % host['id'])[
            'vietstack']['nics']
        data = {'Host': host['hypervisor_hostname'], 'State': host['state'],
                'Status': host['status'], 'Servers': host['running_vms'],
                'vCPUs': '%d of %d used' % (host['vcpus_used'],
                                            host['vcpus']),
                'RAM (MB)': '%d of %d used' % (host['memory_mb_used'],
                                               host['memory_mb']),
                'Disk (GB)': '%d of %d used' % (host['local_gb_used'],
                                                host['local_gb']),
                'VietStack NICs': '\n'.join(_nic_line(n) for n in nics)
                or 'none'}
        return tuple(zip(*sorted(data.items())))


def _nic_line(nic):
    """'eth0 physnet1 normal,direct: out 6000000/10000000 kbit/s 0/64,
    in 0/10000000 kbit/s 0/64, 1 vNIC'."""
    parts = []
    for direction, short in (('outbound', 'out'), ('inbound', 'in')):
        rate, size = nic[direction]['rate'], nic[direction]['size']
        parts.append('%s %d/%d kbit/s, size %d/%d' % (
            short, rate['used'], rate['total'] - rate['reserved'],
            size['used'], size['total'] - size['reserved']))
    return '%s %s %s: %s; %d vNIC%s' % (
        nic['name'], nic['physical_network'], ','.join(nic['vnic_types']),
        '; '.join(parts), nic['vnics'], '' if nic['vnics'] == 1 else 's')
