# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI devices as admins see them (ours, not OpenStack's: Nova's os-pci
API is long gone), served by the compute API as the plugin's admin
views:

- ``GET /servers/{server_id}/pci``: the devices the server was given;
- ``GET /os-hypervisors/{hypervisor_id}/pci``: the host's devices guests
  may have, each available or allocated, and to which server.
"""


def _object(properties):
    return {'type': 'object', 'properties': properties,
            'required': list(properties), 'additionalProperties': False}


_string = {'type': 'string'}
_nullable_string = {'type': ['string', 'null']}
_DEVICE = {'address': _string, 'vendor_id': _string, 'product_id': _string,
           'dev_type': _string, 'resource_class': _string,
           'numa_node': {'type': ['integer', 'null']}}
SERVER_SCHEMA = _object({'pci_devices': {'type': 'array',
                                         'items': _object(_DEVICE)}})
HOST_SCHEMA = _object({
    'hypervisor_hostname': _string,
    'pci_devices': {'type': 'array', 'items': _object(dict(
        _DEVICE, status=_string, instance_uuid=_nullable_string))}})


def _device(device):
    return {name: getattr(device, name) for name in _DEVICE}


def server(instance):
    record = instance.pci_devices
    return {'pci_devices': [_device(d) for d in
                            (record.objects if record else [])]}


def host(node):
    stat = node.pci_stats
    return {'hypervisor_hostname': node.hypervisor_hostname,
            'pci_devices': [dict(_device(d), status=d.status,
                                 instance_uuid=d.instance_uuid)
                            for d in (stat.objects if stat else [])]}
