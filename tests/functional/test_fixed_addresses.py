# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers' fixed addresses on the all-in-one, as clients see them: the
addresses in Nova's shape, /ips, the openstack client's columns, the
vNICs in the domain XML, addresses freed on delete and audited, an
exhausted network, and the bad input around networks."""
import concurrent.futures
import ipaddress
from xml.etree import ElementTree as ET

import pytest

from nova_lite.cmd import placement_audit
from nova_lite.conductor import heal
from nova_lite import context as nl_context
from nova_lite.objects import instance as instance_obj
from tests.functional import compute_calls

SMALL = dict(ram=256, vcpus=1, disk=1)


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=3)


def _domain_interfaces(aio, server):
    """The <interface> elements of the server's domain on its test-driver
    host."""
    for service in aio.services:
        manager = service.manager
        if getattr(manager, 'host', None) == server['OS-EXT-SRV-ATTR:host'] \
                and hasattr(manager, 'driver'):
            dom = manager.driver._conn.lookupByUUIDString(server['id'])
            return ET.fromstring(dom.XMLDesc()).findall(
                './devices/interface')
    raise AssertionError('no compute %s' % server['OS-EXT-SRV-ATTR:host'])


def test_auto_gives_one_address_on_the_default_network(aio):
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    server = api.boot(flavor['id'], 'web', version='2.37', networks='auto',
                      accessIPv4='192.0.2.9')
    assert server['status'] == 'ACTIVE', server
    (entry,) = server['addresses']['private']
    assert set(server['addresses']) == {'private'}
    assert entry['version'] == 4
    assert entry['OS-EXT-IPS:type'] == 'fixed'
    assert entry['OS-EXT-IPS-MAC:mac_addr'].startswith('fa:16:3e:')
    assert ipaddress.ip_address(entry['addr']) in ipaddress.ip_network(
        '10.0.0.0/24')
    assert entry['addr'] != '10.0.0.1'  # the gateway is never given
    assert server['accessIPv4'] == '192.0.2.9'  # the user's, untouched
    status, ips = api.get('/servers/%s/ips' % server['id'])
    assert (status, ips) == (200, {'addresses': {'private': [
        {'version': 4, 'addr': entry['addr']}]}})
    status, one = api.get('/servers/%s/ips/private' % server['id'])
    assert (status, one) == (200, {'private': [
        {'version': 4, 'addr': entry['addr']}]})
    status, body = api.get('/servers/%s/ips/backend' % server['id'])
    assert status == 404
    assert body['itemNotFound']['message'] == (
        'Instance is not a member of specified network')
    (interface,) = _domain_interfaces(aio, server)
    assert interface.find('mac').get('address') == \
        entry['OS-EXT-IPS-MAC:mac_addr']
    assert interface.find('source').get('bridge') == 'nlbr-physnet1'
    assert interface.find('bandwidth') is None  # nothing claimed: unshaped


def test_no_networks_before_2_37_is_auto_and_none_gives_none(aio):
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    old = api.boot(flavor['id'], 'old', version='2.36')
    assert list(old['addresses']) == ['private']
    none = api.boot(flavor['id'], 'isolated', version='2.37',
                    networks='none')
    assert none['status'] == 'ACTIVE'
    assert none['addresses'] == {}
    assert api.get('/servers/%s/ips' % none['id'])[1] == {'addresses': {}}
    assert _domain_interfaces(aio, none) == []


def test_vietstack_vnics_are_real_interfaces_with_their_rates(aio):
    api = aio.client
    api.create_flavor('two-nets', ram=512, flavor_id='two-nets', extra_specs={
        'vietstack:vnics': '2',
        'vietstack:vnic0:physical_network': 'physnet1',
        'vietstack:vnic0:outbound:rate': '8000',
        'vietstack:vnic0:inbound:rate': '4000',
        'vietstack:vnic0:outbound:size': '4',
        # no physical network: it takes the network of the NIC it gets
        'vietstack:vnic1:inbound:rate': '1000'})
    server = api.boot('two-nets', 'shaped', version='2.74',
                      host='sim-host-1', networks='auto')
    assert server['status'] == 'ACTIVE', server
    assert set(server['addresses']) == {'private'}
    assert len(server['addresses']['private']) == 2
    first, second = _domain_interfaces(aio, server)
    macs = [a['OS-EXT-IPS-MAC:mac_addr']
            for a in server['addresses']['private']]
    assert [first.find('mac').get('address'),
            second.find('mac').get('address')] == macs
    # kbit/s to libvirt's kilobytes per second: / 8.
    assert {e.tag: e.get('average') for e in first.find('bandwidth')} == {
        'outbound': '1000', 'inbound': '500'}
    assert {e.tag: e.get('average') for e in second.find('bandwidth')} == {
        'inbound': '125'}
    assert first.find('driver').get('queues') == '4'
    assert second.find('driver') is None
    status, view = api.get('/servers/%s/vietstack' % server['id'])
    assert status == 200, view


def test_a_vnic_on_the_second_physnet_gets_the_second_network(aio):
    api = aio.client
    api.create_flavor('p2', ram=512, flavor_id='p2', extra_specs={
        'vietstack:vnics': '1',
        'vietstack:vnic0:physical_network': 'physnet2',
        'vietstack:vnic0:outbound:rate': '1000'})
    server = api.boot('p2', 'backend', version='2.37', networks='auto')
    assert server['status'] == 'ACTIVE', server
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-3'
    (entry,) = server['addresses']['backend']
    assert ipaddress.ip_address(entry['addr']) in ipaddress.ip_network(
        '10.0.1.0/24')
    (interface,) = _domain_interfaces(aio, server)
    assert interface.find('source').get('bridge') == 'nlbr-physnet2'


def test_networks_none_cannot_take_a_flavors_vnics_away(aio):
    api = aio.client
    api.create_flavor('vn', ram=512, flavor_id='vn', extra_specs={
        'vietstack:vnics': '1', 'vietstack:vnic0:outbound:rate': '10'})
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'vn', 'networks': 'none'}},
        headers={'OpenStack-API-Version': 'compute 2.37'})
    assert status == 400
    assert body['badRequest']['message'] == (
        "Flavor vn gives its servers 1 vNIC(s) of its own; networks 'none' "
        'cannot be honoured with it.')
    assert api.get('/servers')[1]['servers'] == []


def test_explicit_networks_still_name_the_missing_network_service(aio):
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': flavor['id'],
        'networks': [{'uuid': '3f0c9a5e-0d5e-4a43-9d0e-6d3f8c1c2b7a'}]}})
    assert status == 400
    assert 'no network service' in body['badRequest']['message']


def test_a_vnic_on_a_physnet_without_network(aio):
    """From 2.86 the extra spec is refused; a flavor that has it anyway
    (set below 2.86) fails its server's build saying why, with no
    reschedule."""
    api = aio.client
    flavor = api.create_flavor('p3', ram=512, flavor_id='p3')
    specs = {'vietstack:vnics': '1',
             'vietstack:vnic0:physical_network': 'physnet3'}
    status, body = api.post('/flavors/p3/os-extra_specs',
                            {'extra_specs': specs},
                            headers={'OpenStack-API-Version':
                                     'compute 2.86'})
    assert status == 400
    assert body['badRequest']['message'] == (
        "Validation failed; extra spec 'vietstack:vnic0:physical_network' "
        "names physical network 'physnet3', where no network is declared "
        '(networks are on: physnet1, physnet2).')
    assert api.get('/flavors/p3/os-extra_specs')[1] == {'extra_specs': {}}
    status, _ = api.post('/flavors/%s/os-extra_specs' % flavor['id'],
                         {'extra_specs': specs},
                         headers={'OpenStack-API-Version': 'compute 2.85'})
    assert status == 200


def _physnet_without_network(all_in_one, overrides):
    """An all-in-one whose flavor p1 asks a vNIC on physnet1, where no
    network is declared: every compute refuses its claim."""
    overrides('network', ['name=only, physical_network=physnet2, '
                          'cidr=10.5.0.0/24'], group='networks')
    api = all_in_one(hosts=3).client
    api.create_flavor('p1', ram=512, flavor_id='p1')
    api.post('/flavors/p1/os-extra_specs', {'extra_specs': {
        'vietstack:vnics': '1',
        'vietstack:vnic0:physical_network': 'physnet1'}},
        headers={'OpenStack-API-Version': 'compute 2.85'})
    return api


def _build_events(api, server_id):
    status, actions = api.get('/servers/%s/os-instance-actions/%s' % (
        server_id, _create_request(api, server_id)),
        headers={'OpenStack-API-Version': 'compute 2.51'})
    return [e for e in actions['instanceAction']['events']
            if e['event'] == 'compute__do_build_and_run_instance']


def test_a_vnic_whose_physnet_has_no_network_fails_its_build(
        all_in_one, overrides):
    api = _physnet_without_network(all_in_one, overrides)
    server = api.boot('p1', 'nowhere')
    assert server['status'] == 'ERROR'
    assert server['fault']['message'] == (
        'vietstack vNIC 0 is on physical network physnet1, where no network '
        'is declared ([networks] network).')
    builds = _build_events(api, server['id'])
    assert len(builds) == 1, builds  # not rescheduled: no host would do
    assert builds[0]['result'] == 'Error'


def test_the_failed_build_shows_in_the_action_before_the_server_is_error(
        all_in_one, overrides, monkeypatch):
    """Read the action as the compute turns the server ERROR (the
    moment a client polling the server may read it): the host's failed
    step is already there."""
    api = _physnet_without_network(all_in_one, overrides)
    seen_at_error = []
    fail = instance_obj.Instance.fail

    def watched_fail(instance, error, **kwargs):
        seen_at_error.append(_build_events(api, instance.uuid))
        return fail(instance, error, **kwargs)

    monkeypatch.setattr(instance_obj.Instance, 'fail', watched_fail)
    server = api.boot('p1', 'nowhere')
    assert server['status'] == 'ERROR'
    assert [[e['result'] for e in events] for events in seen_at_error] == [
        ['Error']]


def _create_request(api, server_id):
    status, body = api.get('/servers/%s/os-instance-actions' % server_id)
    return body['instanceActions'][-1]['request_id']


def test_a_deleted_servers_address_is_given_again(aio):
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    first = api.boot(flavor['id'], 'a')
    address = first['addresses']['private'][0]['addr']
    assert api.delete('/servers/%s' % first['id'])[0] == 204
    api.wait_server(first['id'], ('DELETED',))
    again = api.boot(flavor['id'], 'b')
    assert again['addresses']['private'][0]['addr'] == address


def test_an_exhausted_network_fails_the_boot_saying_so(all_in_one,
                                                       overrides):
    overrides('network', ['name=tiny, physical_network=physnet1, '
                          'cidr=10.9.0.0/29, '
                          'allocation_range=10.9.0.2-10.9.0.3'],
              group='networks')
    aio = all_in_one(hosts=3)
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    servers = [api.boot(flavor['id'], 'n%d' % i) for i in range(3)]
    assert [s['status'] for s in servers] == ['ACTIVE', 'ACTIVE', 'ERROR']
    assert sorted(s['addresses']['tiny'][0]['addr']
                  for s in servers[:2]) == ['10.9.0.2', '10.9.0.3']
    assert servers[2]['fault']['message'] == (
        'No fixed address is left on network tiny.')
    assert servers[2]['addresses'] == {}


def test_32_concurrent_boots_on_a_27_never_share_an_address(all_in_one,
                                                            overrides):
    """A /27 has 29 addresses for servers (30 hosts less the gateway):
    exactly 29 boots get one, each a different one, and the other 3 end
    in ERROR saying the network is exhausted."""
    overrides('network', ['name=crowd, physical_network=physnet1, '
                          'cidr=10.7.0.0/27'], group='networks')
    aio = all_in_one(hosts=3)
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    with concurrent.futures.ThreadPoolExecutor(32) as pool:
        ids = list(pool.map(lambda i: api.boot(flavor['id'], 'c%d' % i,
                                               wait=False), range(32)))
    servers = [api.wait_server(i, timeout=60) for i in ids]
    active = [s for s in servers if s['status'] == 'ACTIVE']
    failed = [s for s in servers if s['status'] == 'ERROR']
    addresses = [s['addresses']['crowd'][0]['addr'] for s in active]
    assert (len(active), len(failed)) == (29, 3), [
        s.get('fault') for s in failed]
    assert len(set(addresses)) == 29
    assert {f['fault']['message'] for f in failed} == {
        'No fixed address is left on network crowd.'}


def test_addresses_no_server_holds_are_found_and_healed(aio):
    """A crash between a failed build's ERROR and the freeing of its
    addresses leaves them held by no server: the audit finds them and
    --heal (or the conductor's periodic heal) frees them."""
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    server = api.boot(flavor['id'], 'leaky')
    context = nl_context.get_admin_context()
    instance = instance_obj.Instance.get_by_uuid(context, server['id'])
    instance.host = None
    instance.vm_state = 'error'
    instance.save()  # as a failed build before it gave its address back
    lines = []
    assert placement_audit.audit(context, False, lines.append) >= 1
    address = server['addresses']['private'][0]['addr']
    assert any(line.startswith('orphaned address %s on private' % address)
               for line in lines), lines
    assert heal.heal(context) >= 1
    lines = []
    placement_audit.audit(context, False, lines.append)
    assert not any('address' in line for line in lines), lines
    assert api.get('/servers/%s' % server['id'])[1]['server'][
        'addresses'] == {}


def test_the_openstack_client_shows_the_networks(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    image = compute_calls.active_image(aio)
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    created = compute_calls.osc(env, 'server', 'create', '--flavor',
                                flavor['id'], '--image', image, '--nic',
                                'auto', '--wait', 'cli', '-f', 'json')
    assert created['status'] == 'ACTIVE'
    listed = compute_calls.osc(env, 'server', 'list', '-f', 'json')
    (row,) = listed
    address = api.get('/servers/%s' % created['id'])[1]['server'][
        'addresses']['private'][0]['addr']
    assert row['Networks'] == {'private': [address]}
    shown = compute_calls.osc(env, 'server', 'show', created['id'],
                              '-f', 'json')
    assert shown['addresses'] == {'private': [address]}


def test_the_ip_filters_match_fixed_addresses_from_their_start(aio):
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    first = api.boot(flavor['id'], 'a', version='2.37', networks='auto')
    api.boot(flavor['id'], 'b', version='2.37', networks='none')
    address = first['addresses']['private'][0]['addr']

    def names(query, version='2.86'):
        status, body = api.get('/servers?' + query, headers={
            'OpenStack-API-Version': 'compute %s' % version})
        assert status == 200, body
        return sorted(s['name'] for s in body['servers'])

    assert names('ip=%s' % address.replace('.', r'\.')) == ['a']
    assert names('ip=10.0.0') == ['a']
    assert names('ip=0.0') == []  # from the start only
    assert names('ip6=fd00') == []
    status, body = api.get('/servers?ip=(')
    assert status == 400
    assert body['badRequest']['message'].startswith(
        'Invalid regular expression in ip:')


def test_an_ipv6_network(all_in_one, overrides):
    """An IPv6 subnet: version 6 addresses from the one after the
    gateway, the ip6 filter finds them, network_data says ipv6."""
    overrides('network', ['name=v6, physical_network=physnet1, '
                          'cidr=fd00:10::/64'], group='networks')
    aio = all_in_one(hosts=1)
    api = aio.client
    flavor = api.create_flavor('small', **SMALL)
    first = api.boot(flavor['id'], 'six')
    second = api.boot(flavor['id'], 'seven')
    assert [s['addresses']['v6'][0]['addr'] for s in (first, second)] == [
        'fd00:10::2', 'fd00:10::3']
    assert first['addresses']['v6'][0]['version'] == 6
    status, body = api.get('/servers?ip6=fd00:10::3', headers={
        'OpenStack-API-Version': 'compute 2.5'})
    assert [s['name'] for s in body['servers']] == ['seven']
    assert api.get('/servers?ip=10')[1]['servers'] == []
