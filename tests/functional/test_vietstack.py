# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack end to end on the all-in-one's default hosts: sim-host-1 has
two physnet1 NICs (10,000,000 kbit/s, size 64), sim-host-2 one physnet1
NIC (1,000,000 kbit/s, size 16), sim-host-3 one physnet2 NIC (10,000,000
kbit/s, size 64)."""
import time

import pytest

from nova_lite import context as nl_context
from nova_lite.resources.vietstack import placement as vs_placement

OUT_RATE = vs_placement.resource_class('outbound', 'rate')


def _flavor(api, name, vnics):
    specs = {'vietstack:vnics': str(len(vnics))}
    for index, vnic in enumerate(vnics):
        for key, value in vnic.items():
            specs['vietstack:vnic%d:%s' % (index, key)] = str(value)
    api.create_flavor(name, ram=512, flavor_id=name, extra_specs=specs)


def _boot(api, flavor, host=None):
    server = {'host': host} if host else {}
    return api.boot(flavor, flavor, version='2.74', networks='auto',
                    **server)


def _nic_allocations(placement_api, server_id):
    """{NIC provider name: resources} of the server."""
    names = {p['uuid']: p['name'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    allocations = placement_api.get('/allocations/%s' % server_id)[1][
        'allocations']
    return {names[uuid]: entry['resources']
            for uuid, entry in allocations.items() if ':' in names[uuid]}


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=3)


def test_the_walk_through_of_the_issue(aio):
    api, placement_api = aio.client, aio.placement_client
    _flavor(api, 'p2', [{'physical_network': 'physnet2',
                         'outbound:rate': 9000000}])
    _flavor(api, 'p1x2', [{'physical_network': 'physnet1',
                           'outbound:rate': 6000000}] * 2)
    first = _boot(api, 'p2')
    assert first['status'] == 'ACTIVE', first
    assert first['OS-EXT-SRV-ATTR:host'] == 'sim-host-3'
    assert _nic_allocations(placement_api, first['id']) == {
        'sim-host-3:eth0': {OUT_RATE: 9000000}}
    second = _boot(api, 'p2')
    assert second['status'] == 'ERROR'
    assert 'VietStack' in second['fault']['message'], second['fault']
    pair = _boot(api, 'p1x2')
    assert pair['status'] == 'ACTIVE', pair
    assert pair['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    assert _nic_allocations(placement_api, pair['id']) == {
        'sim-host-1:eth0': {OUT_RATE: 6000000},
        'sim-host-1:eth1': {OUT_RATE: 6000000}}
    assert api.delete('/servers/%s' % first['id'])[0] == 204
    api.wait_server(first['id'], states=('DELETED',))
    third = _boot(api, 'p2')
    assert third['status'] == 'ACTIVE', third
    assert third['OS-EXT-SRV-ATTR:host'] == 'sim-host-3'


def test_a_full_nic_sends_the_next_boot_elsewhere(aio):
    api, placement_api = aio.client, aio.placement_client
    _flavor(api, 'fill', [{'physical_network': 'physnet1',
                           'outbound:rate': 1000000, 'outbound:size': 16}])
    filler = _boot(api, 'fill', host='sim-host-2')
    assert filler['status'] == 'ACTIVE', filler
    assert _nic_allocations(placement_api, filler['id']) == {
        'sim-host-2:eth0': {OUT_RATE: 1000000,
                            vs_placement.resource_class('outbound',
                                                        'size'): 16}}
    for _ in range(3):
        server = _boot(api, 'fill')
        assert server['status'] == 'ACTIVE', server
        assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    refused = _boot(api, 'fill', host='sim-host-2')
    assert refused['status'] == 'ERROR'
    assert 'VietStack' in refused['fault']['message'], refused['fault']


def test_admins_see_assignments_and_nic_use_and_a_restart_keeps_them(
        all_in_one, run_cli):
    aio = all_in_one(hosts=3)
    api = aio.client
    _flavor(api, 'p1x2', [{'physical_network': 'physnet1',
                           'outbound:rate': 6000000, 'inbound:size': 4}] * 2)
    server = _boot(api, 'p1x2')
    assert server['status'] == 'ACTIVE', server
    status, body = api.get('/servers/%s/vietstack' % server['id'])
    assert status == 200, body
    vnics = body['vietstack']['vnics']
    assert sorted(v['nic'] for v in vnics) == ['eth0', 'eth1']
    assert vnics[0]['outbound'] == {'rate': 6000000, 'size': 0}
    assert vnics[0]['inbound'] == {'rate': 0, 'size': 4}
    assert api.as_user('u1:p1').get(
        '/servers/%s/vietstack' % server['id'])[0] == 403
    nics = _host_nics(api, 'sim-host-1')
    assert {n['name']: n['outbound']['rate']['used'] for n in nics} == {
        'eth0': 6000000, 'eth1': 6000000}
    assert [n['vnics'] for n in nics] == [1, 1]
    # The CLI shows the same.
    code, out, _err = run_cli(aio, 'host', 'show', 'sim-host-1')
    assert code == 0
    assert 'eth0 physnet1 normal,direct: out 6000000/10000000 kbit/s' in out
    # A restarted all-in-one (every compute agent with it) keeps the
    # assignment and counts it: another such server no longer fits.
    all_in_one.stop(aio)
    aio = all_in_one(hosts=3)
    api = aio.client
    assert sorted(v['nic'] for v in api.get(
        '/servers/%s/vietstack' % server['id'])[1]['vietstack'][
        'vnics']) == ['eth0', 'eth1']
    assert [n['outbound']['rate']['used']
            for n in _host_nics(api, 'sim-host-1')] == [6000000, 6000000]
    again = _boot(api, 'p1x2')
    assert again['status'] == 'ERROR'
    assert 'VietStack' in again['fault']['message']


def _host_nics(api, hostname):
    hypervisors = api.get('/os-hypervisors/detail')[1]['hypervisors']
    host_id = next(h['id'] for h in hypervisors
                   if h['hypervisor_hostname'] == hostname)
    status, body = api.get('/os-hypervisors/%s/vietstack' % host_id)
    assert status == 200, body
    assert body['vietstack']['hypervisor_hostname'] == hostname
    return body['vietstack']['nics']


def test_a_lost_allocation_is_healed_onto_the_assigned_nics(aio):
    api, placement_api = aio.client, aio.placement_client
    _flavor(api, 'p1x2', [{'physical_network': 'physnet1',
                           'outbound:rate': 6000000}] * 2)
    server = _boot(api, 'p1x2')
    before = _nic_allocations(placement_api, server['id'])
    assert len(before) == 2
    assert placement_api.delete('/allocations/%s' % server['id'])[0] == 204
    context = nl_context.get_admin_context()
    for svc in aio.services:
        if getattr(svc.manager, 'rt', None) is not None:
            svc.manager.rt.update_available_resource(context)
    assert _nic_allocations(placement_api, server['id']) == before


def _move(api, sid, action):
    status, body = api.post('/servers/%s/action' % sid, action)
    assert status in (202, 204), body


def _used(api, hostname):
    return {n['name']: n['outbound']['rate']['used']
            for n in _host_nics(api, hostname)}


def test_a_moved_server_holds_nics_on_both_hosts_until_confirmed(aio):
    """The destination's MoveClaim gives the vNIC a NIC on the matching
    physical network, agreeing with the destination's allocation; the
    source keeps its NIC until the move is confirmed, and gets it back on
    a revert."""
    api, placement_api = aio.client, aio.placement_client
    _flavor(api, 'v1', [{'physical_network': 'physnet1',
                         'outbound:rate': 500000}])
    server = _boot(api, 'v1', host='sim-host-2')
    sid = server['id']
    assert _nic_allocations(placement_api, sid) == {
        'sim-host-2:eth0': {OUT_RATE: 500000}}
    # Only sim-host-1 has physnet1 NICs besides it (sim-host-3: physnet2).
    _move(api, sid, {'migrate': None})
    shown = api.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    assert shown['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    held = _nic_allocations(placement_api, sid)
    assert list(held.values()) == [{OUT_RATE: 500000}]
    nic = next(iter(held)).split(':')[1]
    assert [v['nic'] for v in api.get('/servers/%s/vietstack' % sid)[1][
        'vietstack']['vnics']] == [nic]
    assert _used(api, 'sim-host-1')[nic] == 500000
    assert _used(api, 'sim-host-2') == {'eth0': 500000}
    _move(api, sid, {'revertResize': None})
    api.wait_server(sid, ('ACTIVE',), settled=True)
    assert _nic_allocations(placement_api, sid) == {
        'sim-host-2:eth0': {OUT_RATE: 500000}}
    assert [v['nic'] for v in api.get('/servers/%s/vietstack' % sid)[1][
        'vietstack']['vnics']] == ['eth0']
    _move(api, sid, {'migrate': None})
    api.wait_server(sid, ('VERIFY_RESIZE',), settled=True)
    _move(api, sid, {'confirmResize': None})
    api.wait_server(sid, ('ACTIVE',), settled=True)
    deadline = time.monotonic() + 10  # the source confirms after the
    while _used(api, 'sim-host-2') != {'eth0': 0} and \
            time.monotonic() < deadline:  # answer
        time.sleep(0.1)
    assert _used(api, 'sim-host-2') == {'eth0': 0}


def test_a_resize_no_nic_can_serve_is_refused_saying_why(aio):
    api = aio.client
    _flavor(api, 'v1', [{'physical_network': 'physnet1',
                         'outbound:rate': 500000}])
    _flavor(api, 'huge', [{'physical_network': 'physnet1',
                           'outbound:rate': 50000000}])
    sid = _boot(api, 'v1', host='sim-host-2')['id']
    status, body = api.post('/servers/%s/action' % sid,
                            {'resize': {'flavorRef': 'huge'}})
    assert status == 400
    assert 'VietStack' in body['badRequest']['message'], body
    shown = api.get('/servers/%s' % sid)[1]['server']
    assert (shown['status'], shown['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-2')
