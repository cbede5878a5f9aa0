# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's guest hostname (2.90): named at create, update and rebuild
with the openstack client, readable by the server's owner, one DNS label
(a name with dots is refused before 2.94), one server only."""
import pytest

from tests.functional import compute_calls

OWNER = 'alice:demo'
_FIELD = 'Invalid input for field/attribute hostname.'


at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _hostname_shown(env, server_id):
    return compute_calls.osc(env, 'server', 'show', server_id, '-f', 'json',
                             version='2.90')['OS-EXT-SRV-ATTR:hostname']


def test_the_openstack_client_names_the_hostname(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    image = compute_calls.active_image(aio)
    created = compute_calls.osc(
        env, 'server', 'create', '--flavor', 'm1', '--image', image,
        '--no-network', '--hostname', 'web-1', '--wait', '-f', 'json',
        'My Web Server', version='2.90')
    assert _hostname_shown(env, created['id']) == 'web-1'
    compute_calls.osc(env, 'server', 'set', '--hostname', 'web-2',
                      created['id'], version='2.90')
    assert _hostname_shown(env, created['id']) == 'web-2'
    compute_calls.osc(env, 'server', 'rebuild', '--image', image,
                      '--hostname', 'web-3', '--wait', created['id'],
                      version='2.90')
    assert _hostname_shown(env, created['id']) == 'web-3'
    # Below 2.90 the client itself says which version it needs.
    refused = compute_calls.osc(env, 'server', 'set', '--hostname', 'web-4',
                                created['id'], fails=True, version='2.89')
    assert '2.90' in refused
    assert _hostname_shown(env, created['id']) == 'web-3'


def test_the_owner_reads_the_hostname_from_2_90_only(aio):
    owner = aio.client.as_user(OWNER)
    server = owner.boot('m1', name='Build Box', version='2.90',
                        networks='none', hostname='builder')
    shown = owner.get('/servers/%s' % server['id'], **at('2.90'))[1]
    assert shown['server']['OS-EXT-SRV-ATTR:hostname'] == 'builder'
    assert [k for k in shown['server'] if k.startswith('OS-EXT-SRV-ATTR')
            ] == ['OS-EXT-SRV-ATTR:hostname']
    older = owner.get('/servers/%s' % server['id'], **at('2.89'))[1]
    assert not [k for k in older['server']
                if k.startswith('OS-EXT-SRV-ATTR')]
    listed = owner.get('/servers/detail', **at('2.90'))[1]['servers']
    assert listed[0]['OS-EXT-SRV-ATTR:hostname'] == 'builder'
    # Without a hostname asked for, it comes from the server's name.
    derived = owner.boot('m1', name='Build Box', version='2.90',
                         networks='none')
    assert owner.get('/servers/%s' % derived['id'], **at('2.90'))[1][
        'server']['OS-EXT-SRV-ATTR:hostname'] == 'build-box'


@pytest.mark.parametrize('server, version, words', [
    ({'hostname': 'web.example.com'}, '2.90', _FIELD),
    ({'hostname': 'w'}, '2.90', _FIELD),
    ({'hostname': '-web'}, '2.90', _FIELD),
    ({'hostname': 'x' * 64}, '2.90', _FIELD),
    ({'hostname': 'web'}, '2.89', "'hostname' was unexpected"),
    ({'hostname': 'web', 'max_count': 2}, '2.90',
     'Unable to specify a hostname when creating multiple instances.'),
])
def test_a_bad_hostname_is_refused_and_nothing_is_made(aio, server,
                                                       version, words):
    api = aio.client
    status, body = api.post('/servers', {'server': dict(
        {'name': 'vm', 'flavorRef': 'm1', 'networks': 'none'}, **server)},
        **at(version))
    assert status == 400, body
    assert words in body['badRequest']['message']
    assert api.get('/servers')[1]['servers'] == []


def test_a_bad_hostname_on_update_and_rebuild_changes_nothing(aio):
    api = aio.client
    server = api.boot('m1', version='2.90', networks='none',
                      hostname='keep')
    path = '/servers/%s' % server['id']
    status, body = api.put(path, {'server': {'hostname': 'a.b'}},
                           **at('2.90'))
    assert status == 400 and _FIELD in body['badRequest']['message']
    status, body = api.put(path, {'server': {'hostname': 'other'}},
                           **at('2.89'))
    assert status == 400, body
    status, body = api.post(path + '/action', {'rebuild': {
        'imageRef': 'x', 'hostname': 'a_b'}}, **at('2.90'))
    assert status == 400 and _FIELD in body['badRequest']['message']
    assert api.get(path, **at('2.90'))[1]['server'][
        'OS-EXT-SRV-ATTR:hostname'] == 'keep'


def test_from_2_94_a_hostname_may_be_fully_qualified(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    fqdn = 'db-1.' + 'rack-7.' * 20 + 'example.org'
    assert 63 < len(fqdn) <= 255
    created = compute_calls.osc(
        env, 'server', 'create', '--flavor', 'm1', '--no-network',
        '--image', compute_calls.active_image(aio), '--hostname', fqdn,
        '--wait', '-f', 'json', 'db', version='2.94')
    assert compute_calls.osc(env, 'server', 'show', created['id'], '-f',
                             'json', version='2.94')[
        'OS-EXT-SRV-ATTR:hostname'] == fqdn
    api = aio.client
    path = '/servers/%s' % created['id']
    status, body = api.put(path, {'server': {'hostname': 'web.example'}},
                           **at('2.93'))
    assert status == 400 and _FIELD in body['badRequest']['message']
    status, body = api.put(path, {'server': {'hostname': 'x' * 256}},
                           **at('2.94'))
    assert status == 400 and _FIELD in body['badRequest']['message']
    assert api.put(path, {'server': {'hostname': 'web.example'}},
                   **at('2.94'))[0] == 200
    assert api.get(path, **at('2.94'))[1]['server'][
        'OS-EXT-SRV-ATTR:hostname'] == 'web.example'
