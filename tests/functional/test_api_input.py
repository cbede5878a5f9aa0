# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Bad input gets the right 4xx in Nova's shape, and changes nothing."""
import pytest


@pytest.fixture
def api(all_in_one):
    return all_in_one(hosts=1).client


FLAVOR = {'name': 'm1.tiny', 'ram': 512, 'vcpus': 1, 'disk': 1, 'id': 't'}


def _error(status_body, code, kind):
    status, body = status_body
    assert status == code, body
    assert list(body) == [kind]
    assert body[kind]['code'] == code
    return body[kind]['message']


@pytest.mark.parametrize('body, fragment', [
    ({'flavor': dict(FLAVOR, ram='lots')}, 'field/attribute ram'),
    ({'flavor': dict(FLAVOR, ram=0)}, 'field/attribute ram'),
    ({'flavor': dict(FLAVOR, vcpus=-1)}, 'field/attribute vcpus'),
    ({'flavor': {k: v for k, v in FLAVOR.items() if k != 'ram'}},
     "'ram' is a required property"),
    ({'flavor': dict(FLAVOR, colour='red')}, "'colour' was unexpected"),
    ({'flavor': dict(FLAVOR, name='x' * 256)}, 'field/attribute name'),
    ({'flavor': dict(FLAVOR, name=' padded')}, 'field/attribute name'),
    ({'flavour': FLAVOR}, "'flavor' is a required property"),
])
def test_bad_flavor_is_400_naming_the_field(api, body, fragment):
    message = _error(api.post('/flavors', body), 400, 'badRequest')
    assert fragment in message
    assert api.get('/flavors')[1] == {'flavors': []}


def test_malformed_json_is_400(api):
    message = _error(api.post('/flavors', raw=b'{"flavor": ',
                              headers={'Content-Type': 'application/json'}),
                     400, 'badRequest')
    assert message == 'Malformed request body'


def test_body_that_is_not_json_is_415(api):
    status, body = api.post('/flavors', raw=b'name=m1&ram=512',
                            headers={'Content-Type':
                                     'application/x-www-form-urlencoded'})
    assert status == 415
    assert body == {'badMediaType': {
        'code': 415, 'message': 'Unsupported Content-Type '
                                'application/x-www-form-urlencoded: send '
                                'JSON.'}}
    assert api.get('/flavors')[1] == {'flavors': []}


def test_duplicate_flavor_is_409(api):
    assert api.post('/flavors', {'flavor': FLAVOR})[0] == 200
    message = _error(api.post('/flavors', {'flavor': dict(FLAVOR, id='u')}),
                     409, 'conflictingRequest')
    assert message == 'Flavor with name m1.tiny already exists.'
    assert [f['id'] for f in api.get('/flavors')[1]['flavors']] == ['t']


def test_member_cannot_manage_flavors(api):
    member = api.as_user('alice:demo')
    message = _error(member.post('/flavors', {'flavor': FLAVOR}), 403,
                     'forbidden')
    assert 'os-flavor-manage:create' in message
    assert api.get('/flavors')[1] == {'flavors': []}


def test_unknown_things_are_404(api):
    _error(api.get('/flavors/nope'), 404, 'itemNotFound')
    _error(api.delete('/flavors/nope'), 404, 'itemNotFound')
    _error(api.get('/servers/8f6ad2a8-7bb4-4a7c-9a3d-9c4a5d8a3f10'), 404,
           'itemNotFound')
    _error(api.delete('/servers/8f6ad2a8-7bb4-4a7c-9a3d-9c4a5d8a3f10'), 404,
           'itemNotFound')
    _error(api.get('/no-such-thing'), 404, 'itemNotFound')


@pytest.mark.parametrize('number', ['\u00b9', '\u00b2\u00b3', '\u0663'])
def test_digits_other_than_0_to_9_are_not_numbers(all_in_one, number):
    """'¹' passes str.isdigit() but not int(); '٣' passes both. Neither
    is an id, a count or an amount: 404 or 400, never 500."""
    aio = all_in_one(hosts=1)
    api, placement = aio.client, aio.placement_client
    for path in ('/os-hypervisors/%s', '/os-hypervisors/%s/vietstack'):
        _error(api.get(path % number), 404, 'itemNotFound')
    _error(api.delete('/os-services/%s' % number), 404, 'itemNotFound')
    for path in ('/servers?limit=%s', '/flavors?minRam=%s',
                 '/servers/detail?power_state=%s'):
        _error(api.get(path % number), 400, 'badRequest')
    for query in ('resources=VCPU:%s', 'resources=VCPU:1&limit=%s'):
        status, body = placement.get('/allocation_candidates?' +
                                     query % number)
        assert status == 400, (query, body)


def test_wrong_method_is_405(api):
    _error(api.put('/flavors', {}), 405, 'badMethod')


@pytest.mark.parametrize('server, code, fragment', [
    ({'name': 'a', 'flavorRef': 'missing'}, 400,
     'Flavor missing could not be found.'),
    ({'flavorRef': 't'}, 400, "'name' is a required property"),
    ({'name': 'a', 'flavorRef': 't', 'networks': 'lots'}, 400,
     'field/attribute networks'),
    ({'name': 'a', 'flavorRef': 't', 'color': 1}, 400,
     "'color' was unexpected"),
    ({'name': 'a', 'flavorRef': 't', 'imageRef': 'cirros'}, 400,
     'Image cirros could not be found'),
    ({'name': 'a', 'flavorRef': 't', 'min_count': 3, 'max_count': 2}, 400,
     'min_count (3) must be <= max_count (2)'),
    ({'name': 'a', 'flavorRef': 't', 'max_count': 0}, 400,
     'field/attribute max_count'),
])
def test_bad_server_create_creates_nothing(api, server, code, fragment):
    api.post('/flavors', {'flavor': FLAVOR})
    message = _error(api.post('/servers', {'server': server}), code,
                     'badRequest')
    assert fragment in message
    assert api.get('/servers')[1] == {'servers': []}


def test_extra_specs_lifecycle(api):
    api.post('/flavors', {'flavor': FLAVOR})
    path = '/flavors/t/os-extra_specs'
    status, body = api.post(path, {'extra_specs': {'hw:cpu_policy': 'shared',
                                                   'quota:cpu_shares': 10}})
    assert (status, body) == (200, {'extra_specs': {
        'hw:cpu_policy': 'shared', 'quota:cpu_shares': '10'}})
    assert api.put(path + '/hw:cpu_policy', {'hw:cpu_policy': 'dedicated'}) \
        == (200, {'hw:cpu_policy': 'dedicated'})
    assert api.get(path + '/hw:cpu_policy') == (200, {
        'hw:cpu_policy': 'dedicated'})
    assert api.delete(path + '/quota:cpu_shares')[0] == 200
    assert api.get(path) == (200, {'extra_specs': {
        'hw:cpu_policy': 'dedicated'}})
    _error(api.get(path + '/quota:cpu_shares'), 404, 'itemNotFound')
    _error(api.delete(path + '/quota:cpu_shares'), 404, 'itemNotFound')


@pytest.mark.parametrize('method, suffix, body, fragment', [
    ('post', '', {'extra_specs': {'bad/key': 'x'}}, "'bad/key'"),
    ('post', '', {'extra_specs': {'k': 'x' * 256}}, 'field/attribute k'),
    ('post', '', {'extra_specs': {'k': ['list']}}, 'field/attribute k'),
    ('put', '/a', {'b': 'x'}, 'Request body and URI mismatch'),
    ('put', '/a', {'a': 'x', 'b': 'y'}, 'has too many properties'),
])
def test_bad_extra_specs_are_400_and_change_nothing(api, method, suffix,
                                                    body, fragment):
    api.post('/flavors', {'flavor': FLAVOR})
    path = '/flavors/t/os-extra_specs'
    message = _error(getattr(api, method)(path + suffix, body), 400,
                     'badRequest')
    assert fragment in message
    assert api.get(path)[1] == {'extra_specs': {}}


def test_microversion_headers_answered(api):
    status, _ = api.get('/flavors', headers={
        'OpenStack-API-Version': 'compute 2.1'})
    assert status == 200
    assert api.last.headers['OpenStack-API-Version'] == 'compute 2.1'
    assert api.last.headers['X-OpenStack-Nova-API-Version'] == '2.1'
    assert api.last.headers['x-openstack-request-id'].startswith('req-')
    assert api.last.headers['x-compute-request-id'] == \
        api.last.headers['x-openstack-request-id']
    status, _ = api.get('/flavors', headers={
        'OpenStack-API-Version': 'compute latest'})
    assert status == 200


def test_unsupported_microversion_is_406(api):
    message = _error(api.get('/flavors', headers={
        'X-OpenStack-Nova-API-Version': '9.9'}), 406, 'notAcceptable')
    assert message == ('Version 9.9 is not supported by the API. Minimum is '
                       '2.1 and maximum is 2.104.')
    _error(api.get('/flavors', headers={
        'OpenStack-API-Version': 'compute two'}), 400, 'badRequest')


def test_versions_document(api):
    status, body = api.call('GET', '/')
    assert status == 200
    assert body['versions'][-1]['id'] == 'v2.1'
    status, body = api.get('/')
    assert status == 200
    assert body['version']['min_version'] == '2.1'


def test_member_sees_only_own_servers_and_no_host(all_in_one):
    api = all_in_one(hosts=1).client
    api.post('/flavors', {'flavor': FLAVOR})
    alice = api.as_user('alice:demo')
    status, body = alice.post('/servers', {'server': {'name': 'a',
                                                      'flavorRef': 't'}})
    assert status == 202
    server = alice.wait_server(body['server']['id'])
    assert 'OS-EXT-SRV-ATTR:host' not in server
    assert server['tenant_id'] == 'demo'
    bob = api.as_user('bob:other')
    assert bob.get('/servers')[1] == {'servers': []}
    _error(bob.get('/servers/%s' % server['id']), 404, 'itemNotFound')
    _error(bob.delete('/servers/%s' % server['id']), 404, 'itemNotFound')
    assert api.get('/servers/%s' % server['id'])[1]['server'][
        'OS-EXT-SRV-ATTR:host'] == 'sim-host-1'


def test_services_list_shows_every_daemon(all_in_one):
    api = all_in_one(hosts=2).client
    status, body = api.get('/os-services')
    assert status == 200
    rows = {(s['binary'], s['host'], s['zone'], s['status'], s['state'])
            for s in body['services']}
    assert ('nova-compute', 'sim-host-1', 'nova', 'enabled', 'up') in rows
    assert ('nova-compute', 'sim-host-2', 'nova', 'enabled', 'up') in rows
    # Nova's names, as clients and scripts look them up.
    assert {r[0] for r in rows} == {'nova-compute', 'nova-conductor',
                                    'nova-scheduler'}
    for binary in ('nova-compute', 'nova-lite-compute'):
        status, body = api.get('/os-services?binary=%s&host=sim-host-2'
                               % binary)
        assert [(s['host'], s['binary']) for s in body['services']] == [
            ('sim-host-2', 'nova-compute')]
    assert api.as_user('alice:demo').get('/os-services')[0] == 403


def test_disabled_compute_is_skipped_and_named(all_in_one):
    api = all_in_one(hosts=2).client
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 1, 'disk': 1}})
    status, body = api.put('/os-services/disable-log-reason', {
        'host': 'sim-host-1', 'binary': 'nova-lite-compute',
        'disabled_reason': 'maintenance'})
    assert (status, body) == (200, {'service': {
        'host': 'sim-host-1', 'binary': 'nova-compute',
        'status': 'disabled', 'disabled_reason': 'maintenance'}})
    hosts = set()
    for i in range(4):
        status, created = api.post('/servers', {'server': {
            'name': 'vm%d' % i, 'flavorRef': 'm1'}})
        hosts.add(api.wait_server(created['server']['id'])[
            'OS-EXT-SRV-ATTR:host'])
    assert hosts == {'sim-host-2'}
    api.put('/os-services/disable', {'host': 'sim-host-2',
                                     'binary': 'nova-lite-compute'})
    status, created = api.post('/servers', {'server': {'name': 'none',
                                                       'flavorRef': 'm1'}})
    server = api.wait_server(created['server']['id'])
    assert server['fault']['message'] == (
        'No valid host: ComputeFilter removed 2 of 2 hosts (0 down, '
        '2 disabled)')
    assert api.put('/os-services/enable', {
        'host': 'sim-host-1', 'binary': 'nova-lite-compute'})[1][
        'service']['status'] == 'enabled'
    status, created = api.post('/servers', {'server': {'name': 'back',
                                                       'flavorRef': 'm1'}})
    assert api.wait_server(created['server']['id'])[
        'OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    statuses = {s['host']: s['status'] for s in api.get(
        '/os-services?binary=nova-lite-compute')[1]['services']}
    assert statuses == {'sim-host-1': 'enabled', 'sim-host-2': 'disabled'}
    assert api.put('/os-services/enable', {
        'host': 'nowhere', 'binary': 'nova-lite-compute'})[0] == 404
    assert api.as_user('alice:demo').put('/os-services/enable', {
        'host': 'sim-host-2', 'binary': 'nova-lite-compute'})[0] == 403


_LOCAL_IMAGE = {'source_type': 'image', 'destination_type': 'local',
                'boot_index': 0,
                'uuid': 'aaaaaaaa-0000-4000-8000-000000000000'}


@pytest.mark.parametrize('server, version, fragment', [
    ({'block_device_mapping_v2': [{'source_type': 'volume',
                                   'destination_type': 'volume',
                                   'boot_index': 0,
                                   'uuid': 'bbbb'}]}, '2.1',
     'Block device mapping from volume to volume needs the block-storage'),
    ({'block_device_mapping_v2': [dict(_LOCAL_IMAGE,
                                       destination_type='volume')]}, '2.1',
     'from image to volume needs the block-storage service'),
    ({'block_device_mapping_v2': [{'source_type': 'blank',
                                   'destination_type': 'local',
                                   'boot_index': -1, 'guest_format': 'swap',
                                   'volume_size': 1}]}, '2.1',
     'from blank to local needs the block-storage service'),
    ({'block_device_mapping': [{'volume_id':
                                'cccccccc-0000-4000-8000-000000000000'}]},
     '2.1', 'needs the block-storage service'),
    ({'imageRef': 'dddddddd-0000-4000-8000-000000000000',
      'block_device_mapping_v2': [_LOCAL_IMAGE]}, '2.1',
     'is not imageRef'),
    ({'block_device_mapping_v2': [dict(_LOCAL_IMAGE, tag='t')]}, '2.33',
     "'tag' was unexpected"),
    ({'block_device_mapping_v2': [dict(_LOCAL_IMAGE, colour='red')]},
     '2.86', "'colour' was unexpected"),
    ({'security_groups': [{'name': 'web'}, {'name': 'default'}]}, '2.1',
     'Security group web needs the network service'),
    ({'security_groups': [{'id': 'x'}]}, '2.1', "'id' was unexpected"),
])
def test_boots_this_deployment_cannot_serve_are_400(api, server, version,
                                                    fragment):
    api.post('/flavors', {'flavor': FLAVOR})
    body = {'server': dict({'name': 'vm', 'flavorRef': 't'}, **server)}
    if version == '2.86':
        body['server']['networks'] = 'none'
    answer = api.post('/servers', body, headers={
        'OpenStack-API-Version': 'compute %s' % version})
    assert fragment in _error(answer, 400, 'badRequest')
    assert api.get('/servers')[1] == {'servers': []}


def test_a_created_server_is_answered_as_nova_answers(api):
    """No name in the 202 (Nova sends none), and the default security
    group taken."""
    api.post('/flavors', {'flavor': FLAVOR})
    status, body = api.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 't', 'security_groups': [
            {'name': 'default'}]}})
    assert status == 202, body
    assert sorted(body['server']) == ['OS-DCF:diskConfig', 'adminPass',
                                      'id', 'links', 'security_groups']
    assert len(body['server']['adminPass']) == 12
    assert body['server']['security_groups'] == [{'name': 'default'}]
