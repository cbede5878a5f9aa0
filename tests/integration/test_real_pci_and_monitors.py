# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real host's PCI devices and CPU, as a compute on a libvirtd of the
test's own reads them: the devices ``[pci] device_spec`` matches are
those the kernel lists (/sys/bus/pci/devices), each a provider in
placement, and the ``cpu.virt_driver`` monitor's times move with the
machine's.

No guest is given a device here: this machine has no IOMMU
(/sys/kernel/iommu_groups is empty), and a managed <hostdev> would take
the device from its host driver (doc/source/admin/pci.rst says what the
domain would hold, tests/unit/test_pci_host_devices.py checks it).
"""
import json
import os
import time

import pytest

from nova_lite.conf import CONF
from nova_lite import context as nl_context
from nova_lite import resources
from tests.integration import conftest

pytestmark = pytest.mark.integration
SYS_PCI = '/sys/bus/pci/devices'
VIRTIO = '1af4'


def _kernels_devices(vendor):
    """{address: product id} of this machine's PCI devices of
    ``vendor``, as the kernel lists them."""
    found = {}
    for address in os.listdir(SYS_PCI):
        with open(os.path.join(SYS_PCI, address, 'vendor')) as f:
            if int(f.read(), 16) != int(vendor, 16):
                continue
        with open(os.path.join(SYS_PCI, address, 'device')) as f:
            found[address] = '%04x' % int(f.read(), 16)
    return found


def _compute(aio):
    return next(s.manager for s in aio.services if hasattr(s.manager, 'rt'))


def test_a_real_hosts_devices_and_cpu_as_its_compute_reports_them(
        real_aio, overrides):
    expected = _kernels_devices(VIRTIO)
    assert expected, 'this machine has no virtio PCI device to match'
    resources.enabled(CONF)
    overrides('device_spec', [json.dumps({'vendor_id': VIRTIO})],
              group='pci')
    overrides('compute_monitors', ['cpu.virt_driver'], group='compute')
    aio = real_aio()
    api = aio.client
    host = next(h for h in api.get('/os-hypervisors')[1]['hypervisors']
                if h['hypervisor_hostname'] == conftest.REAL_HOST)
    view = api.get('/os-hypervisors/%s/pci' % host['id'])[1]['pci']
    assert {d['address']: d['product_id'] for d in view['pci_devices']} \
        == expected
    assert {d['status'] for d in view['pci_devices']} == {'available'}
    names = {p['name'] for p in aio.placement_client.get(
        '/resource_providers')[1]['resource_providers']}
    assert {'%s_%s' % (conftest.REAL_HOST, address.upper())
            for address in expected} <= names

    rt = _compute(aio).rt
    first = rt.compute_node.metrics.values()
    assert first['cpu.frequency'] > 0
    time.sleep(1.5)
    rt.update_available_resource(nl_context.get_admin_context())
    second = rt.compute_node.metrics.values()
    assert second['cpu.idle.time'] + second['cpu.user.time'] > \
        first['cpu.idle.time'] + first['cpu.user.time']
    assert 0 <= second['cpu.percent'] <= 100
    assert abs(sum(second['cpu.%s.percent' % name] for name in (
        'user', 'kernel', 'idle', 'iowait')) - 100) <= 2
