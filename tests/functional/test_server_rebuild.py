# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""rebuild: a server booted anew from an image, as ``openstack server
rebuild`` asks; what each version lets it change; and its refusals."""
import pytest

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _rebuild(aio, sid, body, version='2.86'):
    return aio.client.post('/servers/%s/action' % sid, {'rebuild': body},
                           headers={'OpenStack-API-Version':
                                    'compute %s' % version})


def test_the_openstack_client_rebuilds_onto_another_image(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    first = compute_calls.active_image(aio, 'first')
    second = compute_calls.active_image(aio, 'second')
    server = compute_calls.osc(env, 'server', 'create', '--image', 'first',
                               '--flavor', 'm1', '--nic', 'none', '--wait',
                               'web', '-f', 'json')
    assert first in server['image']
    compute_calls.osc(env, 'server', 'rebuild', '--image', 'second',
                      '--wait', 'web')
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['status'] == 'ACTIVE'
    assert shown['image']['id'] == second
    events = aio.client.get('/servers/%s/os-instance-actions' % server[
        'id'])[1]['instanceActions']
    assert [e['action'] for e in events] == ['rebuild', 'create']


def test_what_a_rebuild_changes_per_version(aio):
    image = compute_calls.active_image(aio)
    aio.client.post('/os-keypairs', {'keypair': {'name': 'k'}})
    sid = aio.client.boot('m1', metadata={'old': '1'}, key_name='k')['id']
    code, body = _rebuild(aio, sid, {
        'imageRef': image, 'name': 'renamed', 'metadata': {'new': '2'},
        'accessIPv4': '192.0.2.9', 'adminPass': 'secret',
        'key_name': None, 'user_data': 'IyEK', 'description': 'again'})
    assert code == 202, body
    server = body['server']
    assert server['adminPass'] == 'secret'
    assert (server['name'], server['metadata'], server['accessIPv4']) == (
        'renamed', {'new': '2'}, '192.0.2.9')
    assert (server['key_name'], server['description']) == (None, 'again')
    assert server['OS-EXT-STS:task_state'] == 'rebuilding'
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    shown = aio.client.get('/servers/%s' % sid, headers={
        'OpenStack-API-Version': 'compute 2.86'})[1]['server']
    assert shown['OS-EXT-SRV-ATTR:user_data'] == 'IyEK'
    for field, version in (('key_name', '2.53'), ('user_data', '2.56'),
                           ('description', '2.18')):
        code, body = _rebuild(aio, sid, {'imageRef': image, field: None},
                              version)
        assert code == 400
        assert "('%s' was unexpected)" % field in body['badRequest'][
            'message']


def test_a_stopped_server_is_rebuilt_stopped(aio):
    image = compute_calls.active_image(aio)
    sid = aio.client.boot('m1')['id']
    aio.client.post('/servers/%s/action' % sid, {'os-stop': None})
    aio.client.wait_server(sid, ('SHUTOFF',), settled=True)
    assert _rebuild(aio, sid, {'imageRef': image})[0] == 202
    shown = aio.client.wait_server(sid, ('SHUTOFF',), settled=True)
    assert shown['image']['id'] == image


@pytest.mark.parametrize('body, words', [
    ({}, "'imageRef' is a required property"),
    ({'imageRef': 'c0ffee00-0000-4000-8000-000000000000'},
     'Image c0ffee00-0000-4000-8000-000000000000 could not be found.'),
    ({'imageRef': 'IMAGE', 'key_name': 'nobody'},
     'Invalid key_name provided.'),
    ({'imageRef': 'IMAGE', 'accessIPv6': 'nope'}, "is not a 'ipv6'"),
])
def test_bad_rebuilds_change_nothing(aio, body, words):
    image = compute_calls.active_image(aio)
    sid = aio.client.boot('m1', name='kept')['id']
    body = {k: (image if v == 'IMAGE' else v) for k, v in body.items()}
    code, answer = _rebuild(aio, sid, body)
    assert code == 400
    assert words in answer['badRequest']['message']
    shown = aio.client.get('/servers/%s' % sid)[1]['server']
    assert (shown['name'], shown['image'], shown['OS-EXT-STS:task_state']) \
        == ('kept', '', None)


def test_a_paused_server_is_not_rebuilt(aio):
    image = compute_calls.active_image(aio)
    sid = aio.client.boot('m1')['id']
    aio.client.post('/servers/%s/action' % sid, {'pause': None})
    aio.client.wait_server(sid, ('PAUSED',), settled=True)
    code, body = _rebuild(aio, sid, {'imageRef': image})
    assert (code, body['conflictingRequest']['message']) == (
        409, "Cannot 'rebuild' instance %s while it is in vm_state paused"
        % sid)


_REDUCED_AWAY = ('OS-EXT-AZ:availability_zone', 'config_drive', 'key_name',
                 'security_groups', 'OS-EXT-STS:vm_state',
                 'OS-SRV-USG:launched_at',
                 'os-extended-volumes:volumes_attached',
                 'OS-EXT-SRV-ATTR:host', 'host_status')


def test_update_and_rebuild_answer_nova_s_reduced_view_below_2_75(aio):
    """Below 2.75 PUT /servers/{id} and rebuild answer without the zone,
    config drive, key, security groups, extended status, usage, volumes,
    host status and extended attributes, addresses without their type and
    MAC; from 2.75 in full. A rebuild tells its user data as ``user_data``
    from 2.57."""
    image = compute_calls.active_image(aio)
    sid = aio.client.boot('m1', imageRef=image)['id']
    path = '/servers/%s' % sid

    def at(version):
        return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}
    for version, reduced in (('2.74', True), ('2.75', False)):
        updated = aio.client.put(path, {'server': {'name': 'x' + version}},
                                 **at(version))[1]['server']
        assert updated['name'] == 'x' + version
        assert bool(set(_REDUCED_AWAY) & set(updated)) is not reduced, (
            version, sorted(updated))
        address = updated['addresses']['private'][0]
        assert ('OS-EXT-IPS:type' in address) is not reduced
        assert set(address) >= {'addr', 'version'}
    code, body = _rebuild(aio, sid, {'imageRef': image}, '2.56')
    assert code == 202 and 'user_data' not in body['server']
    assert not set(_REDUCED_AWAY) & set(body['server'])
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    code, body = _rebuild(aio, sid, {'imageRef': image, 'user_data': 'IyEK'},
                          '2.57')
    assert body['server']['user_data'] == 'IyEK'
    assert 'OS-EXT-SRV-ATTR:host' not in body['server']
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
    code, body = _rebuild(aio, sid, {'imageRef': image}, '2.75')
    server = body['server']
    assert server['user_data'] == 'IyEK'
    assert 'OS-EXT-SRV-ATTR:user_data' not in server
    assert server['OS-EXT-SRV-ATTR:host'] and server['security_groups']
    aio.client.wait_server(sid, ('ACTIVE',), settled=True)
