# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite host show``'s PCI devices (entry point group
``nova_lite.cli.host_details``): read from the plugin's admin view."""
from nova_lite.cli import plugin_views


def host_details(client, host):
    """{'PCI devices': one line per device}; nothing where the API has no
    PCI view (the plugin is not enabled there)."""
    return plugin_views.host_lines(client, host, 'pci', 'PCI devices',
                                   'pci_devices', _device_line)


def _device_line(device):
    """'0000:81:00.0 8086:0443 type-PCI CUSTOM_PCI_8086_0443: allocated to
    <server>' (or 'available')."""
    held = ('allocated to %s' % device['instance_uuid']
            if device['instance_uuid'] else 'available')
    return '%s %s:%s %s %s: %s' % (
        device['address'], device['vendor_id'], device['product_id'],
        device['dev_type'], device['resource_class'], held)
