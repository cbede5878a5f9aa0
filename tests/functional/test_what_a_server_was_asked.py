# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a server shows of what it was made from and asked for: the
properties of its image as they were then (2.98), the zone it is pinned
to (2.96's ``pinned_availability_zone``: the one its create or an
unshelve asked for, none otherwise) and the scheduler hints it was
created with (2.100), as the openstack client and openstacksdk show
them."""
import openstack
import pytest
import requests

from tests.functional import compute_calls


at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    hosts = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])
    status, body = aio.client.post('/os-aggregates', {'aggregate': {
        'name': 'a', 'availability_zone': 'zone-a'}})
    assert status == 200, body
    aio.client.post('/os-aggregates/%s/action' % body['aggregate']['id'],
                    {'add_host': {'host': hosts[0]}})
    return aio


def test_the_client_shows_the_zone_a_server_is_pinned_to(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    pinned = aio.client.boot('m1', name='pinned',
                             availability_zone='zone-a')
    free = aio.client.boot('m1', name='free')
    shown = compute_calls.osc(env, 'server', 'show', pinned['id'], '-f',
                              'json', version='2.96')
    assert (shown['pinned_availability_zone'],
            shown['OS-EXT-AZ:availability_zone']) == ('zone-a', 'zone-a')
    shown = compute_calls.osc(env, 'server', 'show', free['id'], '-f',
                              'json', version='2.96')
    assert shown['pinned_availability_zone'] is None
    listed = compute_calls.osc(env, 'server', 'list', '--long', '-f',
                               'json', version='2.96')
    assert {s['Name']: s['Pinned Availability Zone'] for s in listed} == {
        'pinned': 'zone-a', 'free': None}


def test_the_field_comes_with_2_96_in_every_server_body(aio):
    api = aio.client
    server = api.boot('m1', availability_zone='zone-a')
    path = '/servers/%s' % server['id']
    assert 'pinned_availability_zone' not in api.get(path, **at('2.95'))[1][
        'server']
    assert api.get(path, **at('2.96'))[1]['server'][
        'pinned_availability_zone'] == 'zone-a'
    assert api.get('/servers/detail', **at('2.96'))[1]['servers'][0][
        'pinned_availability_zone'] == 'zone-a'
    assert 'pinned_availability_zone' not in api.get(
        '/servers', **at('2.96'))[1]['servers'][0]
    assert api.put(path, {'server': {'name': 'renamed'}}, **at('2.96'))[1][
        'server']['pinned_availability_zone'] == 'zone-a'


def test_an_unshelve_pins_and_unpins(aio):
    api = aio.client
    server = api.boot('m1')
    path = '/servers/%s' % server['id']

    def offload():
        api.post(path + '/action', {'shelve': None})
        api.wait_server(server['id'], ('SHELVED_OFFLOADED',), settled=True)

    def unshelve(body, version):
        status, answer = api.post(path + '/action', {'unshelve': body},
                                  **at(version))
        assert status == 202, answer
        return api.wait_server(server['id'], ('ACTIVE',), settled=True)

    def pinned():
        return api.get(path, **at('2.96'))[1]['server'][
            'pinned_availability_zone']
    offload()
    assert unshelve({'availability_zone': 'zone-a'}, '2.77')[
        'OS-EXT-AZ:availability_zone'] == 'zone-a'
    assert pinned() == 'zone-a'
    offload()
    unshelve({'availability_zone': None}, '2.91')
    assert pinned() is None


def test_the_client_unpins_and_pins_again_from_2_104(aio, tmp_path):
    """``server unset/set --pinned-availability-zone``: unpinned, a
    server moves out of its zone; it can be pinned only to the zone it is
    in."""
    env = compute_calls.cloud_env(tmp_path, aio)
    api = aio.client
    server = api.boot('m1', name='pinned', availability_zone='zone-a')
    path = '/servers/%s' % server['id']

    def pinned():
        return api.get(path, **at('2.104'))[1]['server'][
            'pinned_availability_zone']
    assert api.post(path + '/action', {'migrate': None})[0] == 400
    compute_calls.osc(env, 'server', 'unset', '--pinned-availability-zone',
                      server['id'], version='2.104')
    assert pinned() is None
    status, body = api.post(path + '/action', {'migrate': None})
    assert status == 202, body
    moved = api.wait_server(server['id'], ('VERIFY_RESIZE',), settled=True)
    assert moved['OS-EXT-AZ:availability_zone'] == 'nova'
    api.post(path + '/action', {'confirmResize': None})
    api.wait_server(server['id'], ('ACTIVE',), settled=True)
    error = compute_calls.osc(env, 'server', 'set',
                              '--pinned-availability-zone', 'zone-a',
                              server['id'], version='2.104', fails=True)
    assert 'availability zone it is in, nova, not zone-a' in error
    assert pinned() is None
    compute_calls.osc(env, 'server', 'set', '--pinned-availability-zone',
                      'nova', server['id'], version='2.104')
    assert pinned() == 'nova'


def test_the_pinned_zone_is_refused_in_an_update_below_2_104(aio):
    api = aio.client
    server = api.boot('m1', availability_zone='zone-a')
    path = '/servers/%s' % server['id']
    status, body = api.put(path, {'server': {
        'pinned_availability_zone': None}}, **at('2.103'))
    assert status == 400
    assert "'pinned_availability_zone' was unexpected" in body[
        'badRequest']['message']
    for zone in ('', 'a' * 256, 'zone-a:host'):
        assert api.put(path, {'server': {
            'pinned_availability_zone': zone}}, **at('2.104'))[0] == 400
    status, body = api.put(path, {'server': {
        'name': 'renamed', 'pinned_availability_zone': 'nova'}},
        **at('2.104'))
    assert status == 400
    assert body['badRequest']['message'] == (
        'Server %s can only be pinned to the availability zone it is in, '
        'zone-a, not nova.' % server['id'])
    shown = api.get(path, **at('2.104'))[1]['server']
    assert (shown['name'], shown['pinned_availability_zone']) == (
        server['name'], 'zone-a')


def test_the_scheduler_hints_a_server_was_created_with_from_2_100(
        aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    first = aio.client.boot('m1', name='first')
    status, body = aio.client.post('/servers', {
        'server': {'name': 'second', 'flavorRef': 'm1'},
        'os:scheduler_hints': {'different_host': first['id'],
                               'build_near_host_ip': '10.0.0.1',
                               'cidr': '/24'}})
    assert status == 202, body
    second = aio.client.wait_server(body['server']['id'])
    assert second['OS-EXT-SRV-ATTR:host'] != first['OS-EXT-SRV-ATTR:host']
    shown = compute_calls.osc(env, 'server', 'show', second['id'], '-f',
                              'json', version='2.100')
    assert shown['scheduler_hints'] == {
        'different_host': [first['id']], 'build_near_host_ip': ['10.0.0.1'],
        'cidr': ['/24']}
    api = aio.client
    path = '/servers/%s' % first['id']
    assert api.get(path, **at('2.100'))[1]['server'][
        'scheduler_hints'] == {}
    assert 'scheduler_hints' not in api.get(path, **at('2.99'))[1]['server']
    listed = api.get('/servers/detail', **at('2.100'))[1]['servers']
    assert {s['name']: sorted(s['scheduler_hints']) for s in listed} == {
        'first': [], 'second': ['build_near_host_ip', 'cidr',
                                'different_host']}


def _image(aio, name, **fields):
    image_id = compute_calls.active_image(aio, name)
    if fields:
        status = requests.patch(
            aio.image_url + '/v2/images/%s' % image_id, headers={
                'X-Auth-Token': 'admin:admin', 'Content-Type':
                'application/openstack-images-v2.1-json-patch'},
            json=[{'op': 'add', 'path': '/' + k, 'value': v}
                  for k, v in fields.items()]).status_code
        assert status == 200
    return image_id


def test_the_image_properties_a_server_was_built_with_from_2_98(
        aio, tmp_path, monkeypatch):
    """openstacksdk reads them under the server's image; they are kept as
    they were when the server took the image, and a rebuild takes the new
    image's."""
    env = compute_calls.cloud_env(tmp_path, aio)
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', env['OS_CLIENT_CONFIG_FILE'])
    conn = openstack.connect(cloud='aio', compute_api_version='2.98')
    cirros = _image(aio, 'cirros', os_distro='cirros', min_ram=64)
    server = aio.client.boot('m1', imageRef=cirros)
    expected = {'os_distro': 'cirros', 'min_ram': '64', 'min_disk': '1',
                'disk_format': 'raw', 'container_format': 'bare',
                'base_image_ref': cirros}
    # (The SDK's image resource adds the image's links to them.)
    properties = conn.compute.get_server(server['id']).image['properties']
    assert expected.items() <= properties.items()
    path = '/servers/%s' % server['id']
    assert aio.client.get(path, **at('2.98'))[1]['server']['image'][
        'properties'] == expected
    requests.patch(aio.image_url + '/v2/images/%s' % cirros, headers={
        'X-Auth-Token': 'admin:admin', 'Content-Type':
        'application/openstack-images-v2.1-json-patch'},
        json=[{'op': 'replace', 'path': '/os_distro', 'value': 'other'}])
    assert aio.client.get(path, **at('2.98'))[1]['server']['image'][
        'properties']['os_distro'] == 'cirros'
    assert 'properties' not in aio.client.get(path, **at('2.97'))[1][
        'server']['image']
    debian = _image(aio, 'debian', os_distro='debian')
    status, body = aio.client.post(path + '/action', {'rebuild': {
        'imageRef': debian}}, **at('2.98'))
    assert status == 202, body
    assert body['server']['image']['properties']['os_distro'] == 'debian'
    aio.client.wait_server(server['id'], ('ACTIVE',), settled=True)
    listed = aio.client.get('/servers/detail', **at('2.98'))[1]['servers']
    assert listed[0]['image']['properties']['base_image_ref'] == debian
