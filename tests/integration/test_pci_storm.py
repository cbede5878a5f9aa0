# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""16 servers asking for a PCI device each, created at once, on two hosts
with three devices between them (the all-in-one's simulated ones), on
SQLite, MariaDB and PostgreSQL: exactly three become ACTIVE, no device is
given twice, and placement holds exactly what the three were given."""
import collections
import concurrent.futures
import json

import pytest

from nova_lite.conf import CONF
from nova_lite import resources
from nova_lite.virt.libvirt import domain_xml
from tests.integration import databases

pytestmark = pytest.mark.integration
BOOTS = 16
QAT = 'CUSTOM_PCI_8086_0443'


@pytest.fixture
def pci(overrides):
    resources.enabled(CONF)
    overrides('device_spec', [json.dumps({'vendor_id': '8086',
                                          'product_id': '0443'})],
              group='pci')
    overrides('alias', [json.dumps({'name': 'qat', 'vendor_id': '8086',
                                    'product_id': '0443'})], group='pci')


def _guest_devices(aio, host, server_id):
    manager = next(s.manager for s in aio.services
                   if getattr(s.manager, 'host', None) == host and
                   hasattr(s.manager, 'rt'))
    dom = manager.driver._connection().lookupByUUIDString(server_id)
    return domain_xml.pci_addresses_of(dom.XMLDesc())


def _storm(aio):
    api = aio.client
    api.create_flavor('qat1', flavor_id='qat1', extra_specs={
        'pci_passthrough:alias': 'qat:1'})
    with concurrent.futures.ThreadPoolExecutor(BOOTS) as pool:
        ids = list(pool.map(lambda i: api.boot('qat1', name='vm%d' % i,
                                               wait=False), range(BOOTS)))
    servers = [api.wait_server(sid, timeout=120) for sid in ids]
    active = [s for s in servers if s['status'] == 'ACTIVE']
    given = collections.Counter(
        (s['OS-EXT-SRV-ATTR:host'], device) for s in active
        for device in _guest_devices(aio, s['OS-EXT-SRV-ATTR:host'],
                                     s['id']))
    held = {}
    for server in servers:
        allocations = aio.placement_client.get(
            '/allocations/%s' % server['id'])[1]['allocations']
        held[server['status']] = held.get(server['status'], 0) + sum(
            entry['resources'].get(QAT, 0) for entry in allocations.values())
    return {'statuses': collections.Counter(s['status'] for s in servers),
            'given': given, 'held': held,
            'faults': {s['fault']['message'].split(':')[0] for s in servers
                       if s['status'] == 'ERROR'}}


def test_racing_boots_never_share_a_device(pci, all_in_one, tmp_path):
    found = databases.on_each(all_in_one, tmp_path, _storm, hosts=2)
    for kind, result in found.items():
        assert result['statuses'] == {'ACTIVE': 3, 'ERROR': BOOTS - 3}, (
            kind, result)
        assert len(result['given']) == 3, (kind, result)
        assert set(result['given'].values()) == {1}, (kind, result)
        assert result['held'] == {'ACTIVE': 3, 'ERROR': 0}, (kind, result)
        assert result['faults'] == {'No valid host'}, (kind, result)
