# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite host show``'s PCI devices (entry point group
``nova_lite.cli.host_details``): read from the plugin's admin view."""
from nova_lite.cli import plugin_views


def host_details(client, host):
    """{'PCI devices': one line per device}; nothing where the API has no
    PCI view (the plugin is not enabled there)."""
    view = plugin_views.host_view(client, host, 'pci')
    if view is None:
        return {}
    return {'PCI devices': '\n'.join(_device_line(d) for d in
                                     view['pci_devices']) or 'none'}


def _device_line(device):
    """'0000:81:00.0 8086:0443 type-PCI CUSTOM_PCI_8086_0443: allocated to
    <server>' (or 'available')."""
    held = ('allocated to %s' % device['instance_uuid']
            if device['instance_uuid'] else 'available')
    return '%s %s:%s %s %s: %s' % (
        device['address'], device['vendor_id'], device['product_id'],
        device['dev_type'], device['resource_class'], held)
