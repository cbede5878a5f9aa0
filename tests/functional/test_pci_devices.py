# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI passthrough end to end on the all-in-one's default simulated
devices: sim-host-1 has two 8086:0443 devices, sim-host-2 one, sim-host-3
none; ``[pci] device_spec`` lets guests have them and the alias ``qat``
names them."""
import json
import time

from oslo_utils import uuidutils
import pytest

from nova_lite.cmd import clouds_file
from nova_lite.conf import CONF
from nova_lite import context as nl_context
from nova_lite.objects import compute_node
from nova_lite.objects import placement
from nova_lite import resources
from nova_lite.resources.pci import placement as pci_placement
from nova_lite.virt.libvirt import domain_xml
from tests.functional import compute_calls

QAT = 'CUSTOM_PCI_8086_0443'
ALIAS = json.dumps({'name': 'qat', 'vendor_id': '8086',
                    'product_id': '0443', 'device_type': 'type-PCI'})
SPEC = json.dumps({'vendor_id': '8086', 'product_id': '0443'})


@pytest.fixture
def pci(overrides):
    """Devices given to guests by [pci] device_spec, asked for as qat."""
    resources.enabled(CONF)  # the plugins' options, to set
    overrides('device_spec', [SPEC], group='pci')
    overrides('alias', [ALIAS], group='pci')


@pytest.fixture
def aio(pci, all_in_one):
    return all_in_one(hosts=3)


def _flavor(api, name, count, alias='qat'):
    api.create_flavor(name, ram=256, flavor_id=name, extra_specs={
        'pci_passthrough:alias': '%s:%d' % (alias, count)})


def _device_allocations(placement_api, server_id):
    """{device provider name: resources} of the server."""
    names = {p['uuid']: p['name'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    allocations = placement_api.get('/allocations/%s' % server_id)[1][
        'allocations']
    return {names[uuid]: entry['resources']
            for uuid, entry in allocations.items() if QAT in
            entry['resources']}


def _compute(aio, host):
    return next(s.manager for s in aio.services
                if getattr(s.manager, 'host', None) == host and
                hasattr(s.manager, 'rt'))


def _guest_devices(aio, host, server_id):
    """The host PCI addresses the server's guest has (its domain XML)."""
    dom = _compute(aio, host).driver._connection().lookupByUUIDString(
        server_id)
    return domain_xml.pci_addresses_of(dom.XMLDesc())


def test_a_flavor_asking_two_devices_gets_both_of_the_host_with_two(aio):
    api = aio.client
    _flavor(api, 'qat2', 2)
    server = api.boot('qat2')
    assert server['status'] == 'ACTIVE', server
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    assert _device_allocations(aio.placement_client, server['id']) == {
        'sim-host-1_0000:81:00.0': {QAT: 1},
        'sim-host-1_0000:81:00.1': {QAT: 1}}
    assert sorted(_guest_devices(aio, 'sim-host-1', server['id'])) == [
        '0000:81:00.0', '0000:81:00.1']
    status, view = api.get('/servers/%s/pci' % server['id'])
    assert status == 200, view
    assert [d['address'] for d in view['pci']['pci_devices']] == [
        '0000:81:00.0', '0000:81:00.1']


def test_the_device_providers_are_the_hosts_children(aio):
    placement_api = aio.placement_client
    providers = {p['name']: p for p in placement_api.get(
        '/resource_providers', headers={
            'OpenStack-API-Version': 'placement 1.14'})[1][
        'resource_providers']}
    host = providers['sim-host-1']
    device = providers['sim-host-1_0000:81:00.0']
    assert device['parent_provider_uuid'] == host['uuid']
    assert device['uuid'] == pci_placement.provider_uuid(
        host['uuid'], '0000:81:00.0')
    inventory = placement_api.get('/resource_providers/%s/inventories' %
                                  device['uuid'])[1]['inventories']
    assert inventory[QAT]['total'] == 1
    traits = placement_api.get('/resource_providers/%s/traits' %
                               device['uuid'])[1]['traits']
    assert 'COMPUTE_MANAGED_PCI_DEVICE' in traits
    assert not [name for name in providers if name.startswith(
        'sim-host-3_')]


def test_no_device_is_given_twice(aio):
    api = aio.client
    _flavor(api, 'qat1', 1)
    servers = [api.boot('qat1', name='vm%d' % i) for i in range(4)]
    active = [s for s in servers if s['status'] == 'ACTIVE']
    assert len(active) == 3, servers
    given = [(s['OS-EXT-SRV-ATTR:host'], address) for s in active
             for address in _guest_devices(
                 aio, s['OS-EXT-SRV-ATTR:host'], s['id'])]
    assert len(given) == len(set(given)) == 3
    refused = [s for s in servers if s['status'] == 'ERROR']
    assert 'PciPassthroughFilter' in refused[0]['fault']['message'], \
        refused[0]['fault']


def test_more_devices_than_any_host_has_is_no_valid_host(aio):
    api = aio.client
    _flavor(api, 'qat3', 3)
    server = api.boot('qat3')
    assert server['status'] == 'ERROR'
    message = server['fault']['message']
    assert 'PciPassthroughFilter removed 3 of 3 hosts' in message, message
    assert '2 free of PCI alias qat' in message, message


def test_an_alias_the_api_does_not_define_is_a_400(aio):
    api = aio.client
    status, body = api.post('/flavors', {'flavor': {
        'name': 'gpu', 'ram': 256, 'vcpus': 1, 'disk': 1, 'id': 'gpu'}})
    assert status == 200, body
    status, body = api.post('/flavors/gpu/os-extra_specs', {
        'extra_specs': {'pci_passthrough:alias': 'gpu:1'}},
        **compute_calls.at('2.86'))
    assert status == 400
    assert body['badRequest']['message'] == 'PCI alias gpu is not defined'
    # Before 2.86 nothing checks a flavor's specs: the server's create
    # does, at any version.
    status, body = api.post('/flavors/gpu/os-extra_specs', {
        'extra_specs': {'pci_passthrough:alias': 'gpu:1'}})
    assert status == 200, body
    status, body = api.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'gpu'}})
    assert status == 400
    assert body['badRequest']['message'] == 'PCI alias gpu is not defined'
    assert api.get('/servers')[1]['servers'] == []


@pytest.mark.parametrize('value', ['qat', 'qat:', ':1', 'qat:one',
                                   'qat:1,', 'qat:1;x:2'])
def test_a_malformed_alias_spec_is_a_400_naming_the_key(aio, value):
    api = aio.client
    api.create_flavor('f', flavor_id='f')
    status, body = api.post('/flavors/f/os-extra_specs', {
        'extra_specs': {'pci_passthrough:alias': value}},
        **compute_calls.at('2.86'))
    assert status == 400, body
    assert "extra spec 'pci_passthrough:alias'" in \
        body['badRequest']['message']
    assert api.get('/flavors/f/os-extra_specs')[1]['extra_specs'] == {}


def test_the_hosts_use_of_its_devices(aio, run_cli):
    api = aio.client
    _flavor(api, 'qat1', 1)
    server = api.boot('qat1', version='2.74', host='sim-host-2',
                      networks='auto')
    assert server['status'] == 'ACTIVE', server
    hypervisors = api.get('/os-hypervisors')[1]['hypervisors']
    host = next(h for h in hypervisors
                if h['hypervisor_hostname'] == 'sim-host-2')
    status, view = api.get('/os-hypervisors/%s/pci' % host['id'])
    assert status == 200, view
    assert view['pci'] == {'hypervisor_hostname': 'sim-host-2',
                           'pci_devices': [{
                               'address': '0000:81:00.0',
                               'vendor_id': '8086', 'product_id': '0443',
                               'dev_type': 'type-PCI',
                               'resource_class': QAT, 'numa_node': 0,
                               'status': 'allocated',
                               'instance_uuid': server['id']}]}
    code, out, _err = run_cli(aio, 'host', 'show', 'sim-host-2')
    assert code == 0
    assert '0000:81:00.0 8086:0443 type-PCI %s: allocated to %s' % (
        QAT, server['id']) in out
    assert api.delete('/servers/%s' % server['id'])[0] == 204
    api.wait_server(server['id'], states=('DELETED',))
    view = api.get('/os-hypervisors/%s/pci' % host['id'])[1]
    assert view['pci']['pci_devices'][0]['status'] == 'available'
    assert view['pci']['pci_devices'][0]['instance_uuid'] is None


def _host_devices(api, hostname):
    """{address: instance uuid or None} of a host's devices."""
    host = next(h for h in api.get('/os-hypervisors')[1]['hypervisors']
                if h['hypervisor_hostname'] == hostname)
    view = api.get('/os-hypervisors/%s/pci' % host['id'])[1]['pci']
    return {d['address']: d['instance_uuid'] for d in view['pci_devices']}


def _on_sim_host_2(api, flavor='qat1'):
    _flavor(api, flavor, 1)
    server = api.boot(flavor, version='2.74', host='sim-host-2',
                      networks='auto')
    assert server['status'] == 'ACTIVE', server
    return server['id']


def _migrated_to_sim_host_1(api, server_id):
    status, body = api.post('/servers/%s/action' % server_id,
                            {'migrate': {'host': 'sim-host-1'}},
                            **compute_calls.at('2.56'))
    assert status == 202, body
    server = api.wait_server(server_id, ('VERIFY_RESIZE',), timeout=60)
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    return server


def test_a_migration_holds_a_device_on_both_hosts_until_confirmed(aio):
    api = aio.client
    sid = _on_sim_host_2(api)
    _migrated_to_sim_host_1(api, sid)
    # Both ends held: the source's under the migration, for a revert.
    assert _host_devices(api, 'sim-host-2') == {'0000:81:00.0': sid}
    assert _host_devices(api, 'sim-host-1') == {
        '0000:81:00.0': sid, '0000:81:00.1': None}
    assert _guest_devices(aio, 'sim-host-1', sid) == ['0000:81:00.0']
    assert api.post('/servers/%s/action' % sid,
                    {'confirmResize': None})[0] == 204
    api.wait_server(sid, ('ACTIVE',), settled=True)
    assert _host_devices(api, 'sim-host-2') == {'0000:81:00.0': None}
    assert _host_devices(api, 'sim-host-1')['0000:81:00.0'] == sid
    assert _device_allocations(aio.placement_client, sid) == {
        'sim-host-1_0000:81:00.0': {QAT: 1}}
    assert api.get('/servers/%s/pci' % sid)[1]['pci']['pci_devices'][0][
        'address'] == '0000:81:00.0'


def test_a_reverted_migration_gives_the_destinations_device_back(aio):
    api = aio.client
    sid = _on_sim_host_2(api)
    _migrated_to_sim_host_1(api, sid)
    assert api.post('/servers/%s/action' % sid,
                    {'revertResize': None})[0] == 202
    server = api.wait_server(sid, ('ACTIVE',), settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    assert _host_devices(api, 'sim-host-1') == {
        '0000:81:00.0': None, '0000:81:00.1': None}
    assert _host_devices(api, 'sim-host-2') == {'0000:81:00.0': sid}
    assert _guest_devices(aio, 'sim-host-2', sid) == ['0000:81:00.0']
    assert _device_allocations(aio.placement_client, sid) == {
        'sim-host-2_0000:81:00.0': {QAT: 1}}


def test_a_resize_to_more_devices_moves_to_the_host_that_has_them(aio):
    api = aio.client
    sid = _on_sim_host_2(api)
    _flavor(api, 'qat2', 2)
    server = compute_calls.resized(api, sid, 'qat2')
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    assert sorted(_guest_devices(aio, 'sim-host-1', sid)) == [
        '0000:81:00.0', '0000:81:00.1']
    assert _host_devices(api, 'sim-host-2') == {'0000:81:00.0': None}


def test_a_server_with_devices_is_not_moved_live(aio):
    api = aio.client
    sid = _on_sim_host_2(api)
    status, body = api.post('/servers/%s/action' % sid, {
        'os-migrateLive': {'host': None, 'block_migration': False}},
        **compute_calls.at('2.30'))
    assert status == 400, body
    assert body['badRequest']['message'] == (
        'Migration pre-check error: non-VIF related PCI requests for '
        'instance are not allowed for live migration.')
    server = api.wait_server(sid, ('ACTIVE',), settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    assert _host_devices(api, 'sim-host-2') == {'0000:81:00.0': sid}
    assert _device_allocations(aio.placement_client, sid) == {
        'sim-host-2_0000:81:00.0': {QAT: 1}}


def test_from_2_34_the_live_move_refused_ends_in_its_migration(aio):
    api = aio.client
    sid = _on_sim_host_2(api)
    status, body = api.post('/servers/%s/action' % sid, {
        'os-migrateLive': {'host': None, 'block_migration': 'auto'}},
        **compute_calls.at('2.34'))
    assert status == 202, body
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        migrations = api.get('/os-migrations', **compute_calls.at(
            '2.59'))[1]['migrations']
        if migrations and migrations[0]['status'] == 'error':
            break
        time.sleep(0.1)
    assert migrations[0]['status'] == 'error', migrations
    server = api.wait_server(sid, ('ACTIVE',), settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    assert _device_allocations(aio.placement_client, sid) == {
        'sim-host-2_0000:81:00.0': {QAT: 1}}


def test_the_openstack_client_asks_for_devices_and_sees_them(
        aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    osc = compute_calls.osc
    osc(env, 'flavor', 'create', '--ram', '256', '--disk', '1', '--vcpus',
        '1', 'qat-small', '-f', 'json')
    osc(env, 'flavor', 'set', '--property', 'pci_passthrough:alias=qat:1',
        'qat-small')
    assert osc(env, 'flavor', 'show', 'qat-small', '-f', 'json')[
        'properties'] == {'pci_passthrough:alias': 'qat:1'}
    refused = osc(env, 'flavor', 'set', '--property',
                  'pci_passthrough:alias=nic:1', 'qat-small', fails=True)
    assert 'PCI alias nic is not defined' in refused
    image = compute_calls.active_image(aio)
    created = osc(env, 'server', 'create', '--flavor', 'qat-small',
                  '--image', image, '--nic', 'auto', '--wait', 'vm1', '-f',
                  'json')
    assert created['status'] == 'ACTIVE', created
    host = created['OS-EXT-SRV-ATTR:hypervisor_hostname']
    hypervisor = osc(env, 'hypervisor', 'show', host, '-f', 'json')
    assert hypervisor['running_vms'] == 1
    root = next(p for p in aio.placement_client.get(
        '/resource_providers')[1]['resource_providers']
        if p['name'] == host)
    device = pci_placement.provider_uuid(root['uuid'], '0000:81:00.0')
    clouds = clouds_file.write(
        str(tmp_path / 'placement'), 'aio',
        'http://127.0.0.1:%d/v2.1' % aio.api.port,
        placement_url='http://127.0.0.1:%d' % aio.placement.port)
    placement_env = dict(env, OS_CLOUD='aio-placement',
                         OS_CLIENT_CONFIG_FILE=clouds,
                         OS_PLACEMENT_API_VERSION='1.39')
    inventory = osc(placement_env, 'resource', 'provider', 'inventory',
                    'list', device, '-f', 'json')
    assert [(row['resource_class'], row['total'], row['used'])
            for row in inventory] == [(QAT, 1, 1)]
    usages = osc(placement_env, 'resource', 'provider', 'usage', 'show',
                 device, '-f', 'json')
    assert usages == [{'resource_class': QAT, 'usage': 1}]


def test_the_audit_sees_a_device_held_by_no_server(aio, tmp_path):
    """A consumer that holds a device and nothing on the host itself
    (another client of placement, a leftover) is found on the host's
    tree, and the device is free again once it is healed."""
    context = nl_context.get_admin_context()
    node = next(n for n in compute_node.ComputeNodeList.get_all(context)
                if n.host == 'sim-host-2')
    stray = uuidutils.generate_uuid()
    placement.Placement.claim(context, stray, pci_placement.provider_uuid(
        node.uuid, '0000:81:00.0'), {QAT: 1}, 'p', 'u')
    api = aio.client
    _flavor(api, 'qat1', 1)
    server = api.boot('qat1', version='2.74', host='sim-host-2',
                      networks='auto')
    assert server['status'] == 'ERROR', server  # its only device is held
    result = compute_calls.placement_audit(tmp_path)
    assert 'orphaned %s on sim-host-2 (no such server)' % stray in \
        result.stdout.splitlines(), result.stdout
    compute_calls.placement_audit(tmp_path, '--heal')
    server = api.boot('qat1', name='vm2', version='2.74',
                      host='sim-host-2', networks='auto')
    assert server['status'] == 'ACTIVE', server


def test_a_device_spec_that_matches_nothing_gives_nothing(
        all_in_one, overrides):
    resources.enabled(CONF)
    overrides('device_spec', [json.dumps({'vendor_id': '10de'})],
              group='pci')
    overrides('alias', [ALIAS], group='pci')
    aio = all_in_one(hosts=2)
    api = aio.client
    names = [p['name'] for p in aio.placement_client.get(
        '/resource_providers')[1]['resource_providers']]
    assert [name for name in names if '_' in name] == []  # no device
    _flavor(api, 'qat1', 1)
    server = api.boot('qat1')
    assert server['status'] == 'ERROR'
    assert 'PciPassthroughFilter removed 2 of 2 hosts (sim-host-1, ' \
        'sim-host-2: 0 free of PCI alias qat' in server['fault']['message']
    assert aio.placement_client.get('/allocations/%s' % server['id'])[1][
        'allocations'] == {}


def test_the_all_in_ones_own_devices_need_no_config(all_in_one):
    """Without [pci] options, the simulated devices are guests' as qat."""
    aio = all_in_one(hosts=3)
    _flavor(aio.client, 'qat1', 1)
    server = aio.client.boot('qat1', version='2.74', host='sim-host-2',
                             networks='auto')
    assert server['status'] == 'ACTIVE', server
    assert _guest_devices(aio, 'sim-host-2', server['id']) == [
        '0000:81:00.0']
