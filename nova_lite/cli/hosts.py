# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""host list / host show: each compute host, its state and what is used
of it, down to what resource plugins count of it."""
from cliff import lister
from cliff import show
from stevedore import extension

from nova_lite.cli.client import APIError

# Functions (client, hypervisor) -> {field: text} that resource plugins
# install to show their part of a host.
HOST_DETAILS = 'nova_lite.cli.host_details'


def zones_and_aggregates(client):
    """({host: its zone}, {host: [its aggregates' names]})."""
    zones = {host: zone['zoneName'] for zone in client.get(
        '/os-availability-zone/detail')['availabilityZoneInfo']
        for host in (zone['hosts'] or {})}
    aggregates = {}
    for aggregate in client.get('/os-aggregates')['aggregates']:
        for host in aggregate['hosts']:
            aggregates.setdefault(host, []).append(aggregate['name'])
    return zones, aggregates


class ListHost(lister.Lister):
    """List compute hosts with their usage, zone and aggregates (admin)."""

    def take_action(self, args):
        client = self.app.client
        hypervisors = client.get('/os-hypervisors/detail')['hypervisors']
        zones, aggregates = zones_and_aggregates(client)
        columns = ('Host', 'State', 'Status', 'Zone', 'Aggregates',
                   'vCPUs Used', 'vCPUs', 'RAM Used (MB)', 'RAM (MB)',
                   'Disk Used (GB)', 'Disk (GB)', 'Servers')
        rows = [(h['hypervisor_hostname'], h['state'], h['status'],
                 zones.get(h['service']['host'], ''),
                 ', '.join(aggregates.get(h['service']['host'], [])),
                 h['vcpus_used'], h['vcpus'], h['memory_mb_used'],
                 h['memory_mb'], h['local_gb_used'], h['local_gb'],
                 h['running_vms']) for h in hypervisors]
        return columns, rows


class ShowHost(show.ShowOne):
    """Show a compute host: its usage and what resource plugins count of
    it (admin)."""

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
        data = {'Host': host['hypervisor_hostname'], 'State': host['state'],
                'Status': host['status'], 'Servers': host['running_vms'],
                'vCPUs': '%d of %d used' % (host['vcpus_used'],
                                            host['vcpus']),
                'RAM (MB)': '%d of %d used' % (host['memory_mb_used'],
                                               host['memory_mb']),
                'Disk (GB)': '%d of %d used' % (host['local_gb_used'],
                                                host['local_gb'])}
        for details in extension.ExtensionManager(HOST_DETAILS):
            data.update(details.plugin(client, host))
        return tuple(zip(*sorted(data.items())))
