# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's metadata and addresses: the openstack client's server
set/unset --property, and the REST routes with their refusals."""
import pytest

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


@pytest.fixture
def server(aio):
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio.client.boot('m1', metadata={'keep': 'me'})


def _meta(aio, server):
    return '/servers/%s/metadata' % server['id']


def test_the_openstack_client_sets_and_unsets_properties(aio, server,
                                                         tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    compute_calls.osc(env, 'server', 'set', '--property', 'a=1',
                      '--property', 'b=2', server['id'])
    compute_calls.osc(env, 'server', 'unset', '--property', 'a',
                      server['id'])
    shown = compute_calls.osc(env, 'server', 'show', server['id'], '-f',
                              'json')
    assert shown['properties'] == {'keep': 'me', 'b': '2'}


def test_the_metadata_routes(aio, server):
    path = _meta(aio, server)
    assert aio.client.get(path)[1] == {'metadata': {'keep': 'me'}}
    assert aio.client.post(path, {'metadata': {'a': '1', 'keep': 'new'}}) \
        == (200, {'metadata': {'a': '1', 'keep': 'new'}})
    assert aio.client.put(path + '/b', {'meta': {'b': '2'}}) == (
        200, {'meta': {'b': '2'}})
    assert aio.client.get(path + '/b') == (200, {'meta': {'b': '2'}})
    assert aio.client.put(path, {'metadata': {'only': 'this'}}) == (
        200, {'metadata': {'only': 'this'}})
    assert aio.client.delete(path + '/only')[0] == 204
    assert aio.client.get(path)[1] == {'metadata': {}}
    code, body = aio.client.get(path + '/only')
    assert (code, body['itemNotFound']['message']) == (
        404, 'Metadata item was not found')
    assert aio.client.delete(path + '/only')[0] == 404


@pytest.mark.parametrize('method, suffix, body, words', [
    ('put', '/a', {'meta': {'b': '1'}}, 'Request body and URI mismatch'),
    ('put', '/a', {'meta': {'a': '1', 'b': '2'}}, 'has too many properties'),
    ('post', '', {'metadata': {'a': 1}}, 'field/attribute a'),
    ('post', '', {'metadata': {'a/b': '1'}}, 'field/attribute metadata'),
    ('put', '', {'meta': {'a': '1'}}, "'metadata' is a required property"),
])
def test_bad_metadata_is_refused_and_changes_nothing(aio, server, method,
                                                     suffix, body, words):
    code, answer = getattr(aio.client, method)(_meta(aio, server) + suffix,
                                               body)
    assert code == 400
    assert words in answer['badRequest']['message']
    assert aio.client.get(_meta(aio, server))[1] == {
        'metadata': {'keep': 'me'}}


def test_metadata_changes_only_when_the_server_may(aio, server, overrides):
    path = _meta(aio, server)
    alice = aio.client.as_user('alice:demo')
    assert alice.get(path)[0] == 404  # another project's server
    aio.client.post('/servers/%s/action' % server['id'], {'lock': None})
    code, body = aio.client.as_user('bob:admin').post(
        path, {'metadata': {'a': '1'}})
    assert (code, body['conflictingRequest']['message']) == (
        409, 'Instance %s is locked' % server['id'])
    assert aio.client.post('/servers/%s/action' % server['id'],
                           {'unlock': None})[0] == 202
    overrides('metadata_items', 2, group='quota')
    code, body = aio.client.post(path, {'metadata': {'a': '1', 'b': '2'}})
    assert code == 403
    assert body['forbidden']['message'] == (
        'Maximum number of metadata items exceeds 2')
    assert aio.client.get(path)[1] == {'metadata': {'keep': 'me'}}


def test_a_building_server_refuses_a_change(aio):
    aio.client.create_flavor('m1', flavor_id='m1')
    hosts = aio.client.get('/os-services')[1]['services']
    compute = [s for s in hosts if s['binary'] == 'nova-compute'][0]
    aio.client.put('/os-services/disable', {'host': compute['host'],
                                            'binary': 'nova-compute'})
    server = aio.client.boot('m1')  # ERROR: no host would take it
    assert server['status'] == 'ERROR'
    code, body = aio.client.post(_meta(aio, server),
                                 {'metadata': {'a': '1'}})
    assert code == 409
    assert body['conflictingRequest']['message'] == (
        "Cannot 'update metadata' instance %s while it is in vm_state "
        'error' % server['id'])


def test_addresses(aio, server):
    path = '/servers/%s/ips' % server['id']
    (address,) = server['addresses']['private']
    assert aio.client.get(path) == (200, {'addresses': {'private': [
        {'version': 4, 'addr': address['addr']}]}})
    code, body = aio.client.get(path + '/backend')
    assert (code, body['itemNotFound']['message']) == (
        404, 'Instance is not a member of specified network')
