# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What changes from one compute API microversion to the next, as a client
sees it through REST: servers, flavors, hypervisors and services."""
import pytest

from tests.functional import compute_calls


at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    status, _ = aio.client.post('/flavors', {'flavor': {
        'name': 'm1', 'id': 'm1', 'ram': 512, 'vcpus': 1, 'disk': 1}})
    assert status == 200
    return aio


def _boot(api, version='2.86', **server):
    return api.boot('m1', version=version, **dict({'networks': 'none'},
                                                  **server))


def _show(api, server_id, version):
    status, body = api.get('/servers/%s' % server_id, **at(version))
    assert status == 200, body
    return body['server']


def test_server_body_grows_with_the_version(aio):
    api = aio.client
    server = _boot(api, description='front end', tags=['web', 'prod'])
    old = _show(api, server['id'], '2.1')
    assert set(old['flavor']) == {'id', 'links'}
    for key in ('locked', 'description', 'tags', 'host_status',
                'OS-EXT-SRV-ATTR:hostname'):
        assert key not in old
    new = _show(api, server['id'], '2.86')
    assert new['flavor'] == {'original_name': 'm1', 'ram': 512, 'vcpus': 1,
                             'disk': 1, 'ephemeral': 0, 'swap': 0,
                             'extra_specs': {}}
    assert new['description'] == 'front end'
    assert new['tags'] == ['prod', 'web']
    assert new['locked'] is False and new['locked_reason'] is None
    assert new['host_status'] == 'UP'
    assert new['server_groups'] == []
    assert new['trusted_image_certificates'] is None
    assert new['OS-EXT-SRV-ATTR:hostname'] == 'vm'
    assert new['OS-EXT-SRV-ATTR:launch_index'] == 0
    assert new['OS-EXT-SRV-ATTR:reservation_id'].startswith('r-')
    assert new['OS-EXT-SRV-ATTR:root_device_name'] == '/dev/vda'
    assert new['progress'] == 0
    # A member sees neither host_status nor the extended attributes.
    member = api.as_user('alice:admin')
    assert 'host_status' not in _show(member, server['id'], '2.86')


def test_networks_required_from_2_37_and_only_none_or_auto(aio):
    api = aio.client
    status, body = api.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'm1'}}, **at('2.37'))
    assert status == 400 and "'networks' is a required" in \
        body['badRequest']['message']
    status, body = api.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'm1', 'networks': 'none'}}, **at('2.36'))
    assert status == 400
    status, body = api.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'm1', 'networks': [
            {'uuid': '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1'}]}},
        **at('2.37'))
    assert status == 400 and 'no network service' in \
        body['badRequest']['message']
    status, body = api.get('/servers')
    assert body['servers'] == []


def test_update_name_and_description(aio):
    api = aio.client
    server = _boot(api)
    status, body = api.put('/servers/%s' % server['id'], {'server': {
        'name': 'renamed', 'description': 'now described'}}, **at('2.19'))
    assert status == 200, body
    assert body['server']['name'] == 'renamed'
    assert _show(api, server['id'], '2.19')['description'] == \
        'now described'
    status, body = api.put('/servers/%s' % server['id'], {'server': {
        'description': 'x'}}, **at('2.18'))
    assert status == 400
    assert _show(api, server['id'], '2.19')['description'] == \
        'now described'


def test_tags_api_and_filters(aio):
    api = aio.client
    one = _boot(api, name='one', tags=['a', 'b'])
    two = _boot(api, name='two', tags=['b'])
    three = _boot(api, name='three')
    tags = '/servers/%s/tags' % three['id']
    assert api.get(tags, **at('2.25'))[0] == 404
    assert api.put(tags + '/c', **at('2.26'))[0] == 201
    assert api.last.headers['Location'].endswith(tags + '/c')
    assert api.put(tags + '/c', **at('2.26'))[0] == 204
    assert api.get(tags + '/c', **at('2.26'))[0] == 204
    assert api.get(tags + '/d', **at('2.26'))[0] == 404
    assert api.put(tags + '/a,b', **at('2.26'))[0] == 400
    status, body = api.put(tags, {'tags': ['x%d' % i for i in range(51)]},
                           **at('2.26'))
    assert status == 400
    assert api.get(tags, **at('2.26'))[1] == {'tags': ['c']}

    def names(query):
        status, body = api.get('/servers?' + query, **at('2.26'))
        assert status == 200, body
        return sorted(s['name'] for s in body['servers'])
    assert names('tags=a,b') == ['one']
    assert names('tags-any=a,c') == ['one', 'three']
    assert names('not-tags=a,b') == ['three', 'two']
    assert names('not-tags-any=b') == ['three']
    assert api.put(tags, {'tags': ['z']}, **at('2.26')) == (200, {
        'tags': ['z']})
    assert api.delete(tags, **at('2.26'))[0] == 204
    assert _show(api, three['id'], '2.26')['tags'] == []
    assert api.delete('/servers/%s/tags/a' % one['id'],
                      **at('2.26'))[0] == 204
    assert _show(api, one['id'], '2.26')['tags'] == ['b']
    assert _show(api, two['id'], '2.26')['tags'] == ['b']


def test_list_filters_by_version(aio):
    api = aio.client
    _boot(api, name='one')
    status, body = api.get('/servers?status=BOGUS', **at('2.37'))
    assert (status, body['servers']) == (200, [])
    status, body = api.get('/servers?status=BOGUS', **at('2.38'))
    assert status == 400 and 'BOGUS' in body['badRequest']['message']
    assert api.get('/servers?color=red', **at('2.74'))[0] == 200
    status, body = api.get('/servers?color=red', **at('2.75'))
    assert status == 400 and 'color' in body['badRequest']['message']
    member = api.as_user('alice:p1')
    _boot(member, name='mine')
    # vm_state is for admins before 2.83, dropped (not applied) for others.
    status, body = member.get('/servers?vm_state=building', **at('2.82'))
    assert [s['name'] for s in body['servers']] == ['mine']
    status, body = member.get('/servers?vm_state=building', **at('2.83'))
    assert body['servers'] == []
    status, body = member.get('/servers?vm_state=active', **at('2.83'))
    assert [s['name'] for s in body['servers']] == ['mine']
    status, body = api.get('/servers?changes-before=2000-01-01T00:00:00Z',
                           **at('2.66'))
    assert (status, body['servers']) == (200, [])


def test_lock_keeps_members_from_deleting(aio):
    api = aio.client
    member = api.as_user('alice:p1')
    server = _boot(member)
    action = '/servers/%s/action' % server['id']
    status, body = member.post(action, {'lock': {'locked_reason': 'prod'}},
                               **at('2.73'))
    assert status == 202, body
    shown = _show(member, server['id'], '2.73')
    assert (shown['locked'], shown['locked_reason']) == (True, 'prod')
    status, body = member.get('/servers?locked=true', **at('2.73'))
    assert [s['id'] for s in body['servers']] == [server['id']]
    status, body = member.delete('/servers/%s' % server['id'])
    assert status == 409 and 'locked' in body['conflictingRequest'][
        'message']
    assert member.post(action, {'unlock': None})[0] == 202
    assert member.delete('/servers/%s' % server['id'])[0] == 204
    member.wait_server(server['id'], states=('DELETED',))


def test_admin_locks_and_only_admin_unlocks(aio):
    api = aio.client
    member = api.as_user('alice:p1')
    server = _boot(member)
    action = '/servers/%s/action' % server['id']
    assert api.post(action, {'lock': None})[0] == 202
    assert member.post(action, {'unlock': None})[0] == 403
    assert api.post(action, {'unlock': None})[0] == 202


def test_boot_on_a_named_host_from_2_74(aio):
    api = aio.client
    for _ in range(3):
        server = _boot(api, host='sim-host-2')
        assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'm1', 'networks': 'none',
        'host': 'nowhere'}}, **at('2.74'))
    assert status == 400 and 'nowhere' in body['badRequest']['message']
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'm1', 'networks': 'none',
        'host': 'sim-host-1'}}, **at('2.73'))
    assert status == 400
    member = api.as_user('alice:p1')
    status, body = member.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'm1', 'networks': 'none',
        'host': 'sim-host-1'}}, **at('2.74'))
    assert status == 403


def test_multiple_create_returns_a_reservation(aio):
    api = aio.client
    status, body = api.post('/servers', {'server': {
        'name': 'many', 'flavorRef': 'm1', 'networks': 'none',
        'min_count': 2, 'max_count': 2, 'return_reservation_id': True}},
        **at('2.86'))
    assert status == 202 and set(body) == {'reservation_id'}
    status, listed = api.get('/servers/detail?reservation_id=%s'
                             % body['reservation_id'], **at('2.86'))
    assert sorted((s['name'], s['OS-EXT-SRV-ATTR:launch_index'])
                  for s in listed['servers']) == [('many-1', 0),
                                                  ('many-2', 1)]


def test_flavor_description_extra_specs_and_swap(aio):
    api = aio.client
    status, body = api.post('/flavors', {'flavor': {
        'name': 'd', 'id': 'd', 'ram': 1, 'vcpus': 1, 'disk': 0,
        'description': 'small'}}, **at('2.54'))
    assert status == 400
    status, body = api.post('/flavors', {'flavor': {
        'name': 'd', 'id': 'd', 'ram': 1, 'vcpus': 1, 'disk': 0,
        'description': 'small'}}, **at('2.55'))
    assert status == 200 and body['flavor']['description'] == 'small'
    assert api.put('/flavors/d', {'flavor': {'description': 'x'}},
                   **at('2.54'))[0] == 404
    status, body = api.put('/flavors/d', {'flavor': {
        'description': 'tiny'}}, **at('2.55'))
    assert (status, body['flavor']['description']) == (200, 'tiny')
    api.post('/flavors/d/os-extra_specs', {'extra_specs': {
        'hw:cpu_policy': 'dedicated'}})
    old = api.get('/flavors/d', **at('2.60'))[1]['flavor']
    assert 'extra_specs' not in old and old['swap'] == ''
    new = api.get('/flavors/d', **at('2.75'))[1]['flavor']
    assert new['extra_specs'] == {'hw:cpu_policy': 'dedicated'}
    assert new['swap'] == 0
    listed = api.get('/flavors', **at('2.55'))[1]['flavors']
    assert {f['id']: f['description'] for f in listed} == {
        'd': 'tiny', 'm1': None}
    assert api.as_user('alice:p1').put('/flavors/d', {'flavor': {
        'description': 'mine'}}, **at('2.55'))[0] == 403


def test_flavor_access_to_a_public_flavor_conflicts_from_2_7(aio):
    api = aio.client
    body = {'addTenantAccess': {'tenant': 'p1'}}
    assert api.post('/flavors/m1/action', body, **at('2.7'))[0] == 409


def test_hypervisors_by_version(aio):
    api = aio.client
    server = _boot(api, host='sim-host-1')
    old = api.get('/os-hypervisors/detail', **at('2.27'))[1]['hypervisors']
    assert isinstance(old[0]['id'], int)
    assert isinstance(old[0]['cpu_info'], str)
    assert api.get('/os-hypervisors/detail', **at('2.28'))[1][
        'hypervisors'][0]['cpu_info']['arch'] == 'x86_64'
    status, body = api.get('/os-hypervisors?limit=1', **at('2.33'))
    assert len(body['hypervisors']) == 1 and body['hypervisors_links']
    status, body = api.get('/os-hypervisors/sim-host-1/servers',
                           **at('2.52'))
    assert body['hypervisors'][0]['servers'] == [
        {'uuid': server['id'], 'name': 'vm'}]
    assert api.get('/os-hypervisors/sim-host-1/servers',
                   **at('2.53'))[0] == 404
    status, body = api.get('/os-hypervisors?with_servers=true&'
                           'hypervisor_hostname_pattern=sim-host',
                           **at('2.75'))
    by_name = {h['hypervisor_hostname']: h for h in body['hypervisors']}
    assert by_name['sim-host-1']['servers'] == [
        {'uuid': server['id'], 'name': 'vm'}]
    assert by_name['sim-host-2']['servers'] == []
    uuid = by_name['sim-host-2']['id']
    assert len(uuid) == 36
    assert api.get('/os-hypervisors/%s' % uuid, **at('2.53'))[0] == 200
    assert api.get('/os-hypervisors/%s' % uuid, **at('2.52'))[0] == 404
    status, body = api.get('/os-hypervisors?with_servers=true',
                           **at('2.74'))
    assert [h.get('servers') for h in body['hypervisors']
            if h['hypervisor_hostname'] == 'sim-host-2'] == [None]


_FIGURES = {'vcpus', 'vcpus_used', 'memory_mb', 'memory_mb_used', 'local_gb',
            'local_gb_used', 'free_ram_mb', 'free_disk_gb',
            'current_workload', 'running_vms', 'disk_available_least',
            'cpu_info'}


def test_hypervisors_drop_their_figures_from_2_88(aio, tmp_path):
    """Capacity and usage are placement's to say from 2.88: gone from the
    hypervisor bodies, with the statistics and uptime routes; a single
    hypervisor tells its uptime, which the openstack client parses."""
    api = aio.client
    before = api.get('/os-hypervisors/detail', **at('2.87'))[1]
    assert _FIGURES <= set(before['hypervisors'][0])
    listed = api.get('/os-hypervisors/detail', **at('2.88'))[1][
        'hypervisors']
    assert not _FIGURES & set(listed[0])
    assert listed[0]['service']['host'] == listed[0]['hypervisor_hostname']
    assert 'uptime' not in listed[0]
    uuid = listed[0]['id']
    one = api.get('/os-hypervisors/%s' % uuid, **at('2.88'))[1]['hypervisor']
    assert not _FIGURES & set(one)
    assert ' up ' in one['uptime'] and 'load average' in one['uptime']
    for path in ('/os-hypervisors/statistics',
                 '/os-hypervisors/%s/uptime' % uuid):
        assert api.get(path, **at('2.87'))[0] == 200
        status, body = api.get(path, **at('2.88'))
        assert status == 404, body
    env = compute_calls.cloud_env(tmp_path, aio)
    shown = compute_calls.osc(env, 'hypervisor', 'show', uuid, '-f', 'json',
                              version='2.88')
    assert shown['state'] == 'up' and shown['load_average']
    assert 'vcpus' not in shown


def test_services_by_uuid_from_2_53(aio):
    api = aio.client
    services = api.get('/os-services?binary=nova-lite-compute',
                       **at('2.53'))[1]['services']
    target = [s for s in services if s['host'] == 'sim-host-2'][0]
    assert target['forced_down'] is False and len(target['id']) == 36
    path = '/os-services/%s' % target['id']
    assert api.put('/os-services/disable', {
        'host': 'sim-host-2', 'binary': 'nova-lite-compute'},
        **at('2.53'))[0] == 404
    status, body = api.put(path, {'status': 'disabled',
                                  'disabled_reason': 'maintenance'},
                           **at('2.53'))
    assert status == 200, body
    assert (body['service']['status'],
            body['service']['disabled_reason']) == ('disabled',
                                                    'maintenance')
    for _ in range(3):
        assert _boot(api)['OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    status, body = api.put(path, {'forced_down': True}, **at('2.53'))
    assert body['service']['state'] == 'down'
    assert api.put(path, {}, **at('2.53'))[0] == 400
    status, body = api.put(path, {'status': 'enabled', 'forced_down': False},
                           **at('2.53'))
    assert (body['service']['status'], body['service']['state']) == (
        'enabled', 'up')
    # A compute with servers cannot be deleted; one without can, and its
    # placement provider goes with it.
    one = [s for s in services if s['host'] == 'sim-host-1'][0]
    assert api.delete('/os-services/%s' % one['id'],
                      **at('2.53'))[0] == 409
    assert api.delete(path, **at('2.53'))[0] == 204
    names = [p['name'] for p in aio.placement_client.get(
        '/resource_providers')[1]['resource_providers']]
    # The host, its VietStack NICs ('sim-host-1:eth0') and its PCI
    # devices ('sim-host-1_0000:81:00.0').
    assert {n.split('_')[0].split(':')[0] for n in names} == {'sim-host-1'}


def test_force_down_from_2_11(aio):
    api = aio.client
    body = {'host': 'sim-host-2', 'binary': 'nova-lite-compute',
            'forced_down': True}
    assert api.put('/os-services/force-down', body, **at('2.10'))[0] == 404
    status, answer = api.put('/os-services/force-down', body, **at('2.11'))
    assert status == 200 and answer['service']['forced_down'] is True
    services = api.get('/os-services', **at('2.11'))[1]['services']
    state = {s['host']: s['state'] for s in services}
    assert state['sim-host-2'] == 'down'
    assert isinstance(services[0]['id'], int)


def test_project_id_in_the_url_is_accepted_when_it_is_yours(aio):
    api = aio.client
    member = api.as_user('alice:0123456789abcdef0123456789abcdef')
    server = _boot(member)
    status, body = member.get('/0123456789abcdef0123456789abcdef/servers')
    assert status == 200, body
    assert [s['id'] for s in body['servers']] == [server['id']]
    status, body = member.get('/fedcba98765432100123456789abcdef/servers')
    assert status == 400 and "doesn't match" in body['badRequest'][
        'message']
