# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite host show``'s VietStack NICs (entry point group
``nova_lite.cli.host_details``): read from the plugin's admin view."""
from nova_lite.cli import plugin_views


def host_details(client, host):
    """{'VietStack NICs': one line per NIC}; nothing where the API has no
    VietStack view (the plugin is not enabled there)."""
    return plugin_views.host_lines(client, host, 'vietstack',
                                   'VietStack NICs', 'nics', _nic_line)


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
