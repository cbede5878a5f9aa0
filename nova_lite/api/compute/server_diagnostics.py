# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /servers/{server_id}/diagnostics (admins): what the hypervisor
tells of a guest. Before 2.48 as libvirt's flat keys (``cpu0_time``,
``memory``, ``memory-actual``..., ``vda_read``..., ``tap..._rx``...); from
2.48 Nova's common shape, with a NIC's figures (its rates unknown: null).
"""
from oslo_utils import timeutils

from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite.objects import fields

_DISK_KEYS = (('read', 'read_bytes'), ('read_req', 'read_requests'),
              ('write', 'write_bytes'), ('write_req', 'write_requests'),
              ('errors', 'errors_count'))
_NIC_KEYS = (('rx', 'rx_octets'), ('rx_packets', 'rx_packets'),
             ('rx_errors', 'rx_errors'), ('rx_drop', 'rx_drop'),
             ('tx', 'tx_octets'), ('tx_packets', 'tx_packets'),
             ('tx_errors', 'tx_errors'), ('tx_drop', 'tx_drop'))


def _uptime(instance):
    if not instance.launched_at:
        return None
    return int((timeutils.utcnow(with_timezone=True) -
                instance.launched_at).total_seconds())


def _without_device(figures):
    return {k: v for k, v in figures.items() if k != 'device'}


def _common(instance, found):
    disks = [_without_device(disk) for disk in found['disks']]
    nics = [dict(_without_device(nic), rx_rate=None, tx_rate=None)
            for nic in found['nics']]
    return {
        'state': fields.PowerState.NAMES.get(found['state'], 'pending'),
        'driver': 'libvirt', 'hypervisor': found['hypervisor'],
        'hypervisor_os': 'linux', 'uptime': _uptime(instance),
        'config_drive': bool(instance.config_drive),
        'num_cpus': found['num_cpus'], 'num_nics': len(nics),
        'num_disks': len(disks),
        'memory_details': {'maximum': found['memory_mb'],
                           'used': found['memory_mb']},
        'cpu_details': [{'id': i, 'time': t, 'utilisation': None}
                        for i, t in enumerate(found['cpu_times'])],
        'nic_details': nics, 'disk_details': disks,
    }


def _flat(found):
    body = {'cpu%d_time' % i: t for i, t in enumerate(found['cpu_times'])}
    body['memory'] = found['memory_mb'] * 1024
    for disk in found['disks']:
        for suffix, key in _DISK_KEYS:
            body['%s_%s' % (disk['device'], suffix)] = disk[key]
    for name, value in found['memory_stats'].items():
        body['memory-' + name] = value
    for nic in found['nics']:
        for suffix, key in _NIC_KEYS:
            body['%s_%s' % (nic['device'], suffix)] = nic[key]
    return body


@validation.responds(200, responses.diagnostics_flat, '2.1', '2.47')
@validation.responds(200, responses.diagnostics, '2.48')
def show(req, server_id):
    instance = servers.get(req, server_id)
    found = req.compute_api.get_diagnostics(req.context, instance)
    if req.api_version.matches('2.48'):
        return 200, _common(instance, found)
    return 200, _flat(found)
