# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/images (to 2.35): the image API seen through the compute API with
the caller's own token, as openstacksdk's compute image calls use it."""
import openstack
import pytest

from tests.functional import compute_calls
from tests.functional import image_calls

at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def _sdk(aio, token, version='2.35'):
    return openstack.connect(
        auth_type='admin_token',
        auth={'endpoint': 'http://127.0.0.1:%d/v2.1' % aio.api.port,
              'token': token},
        compute_api_version=version)


def _image(aio, headers=image_calls.ALICE, **attributes):
    answer = image_calls.create(aio, headers, disk_format='raw',
                                container_format='bare', **attributes)
    assert answer.status_code == 201, answer.text
    return answer.json()['id']


def test_openstacksdk_lists_shows_and_deletes_images(aio):
    alice = _sdk(aio, 'alice:teamA')
    active = _image(aio, name='active', min_ram=64, kernel='k1')
    assert image_calls.upload(aio, active, b'bits').status_code == 204
    queued = _image(aio, name='queued', instance_uuid='s1')
    hidden = _image(aio, headers=image_calls.BOB, name='bobs')
    listed = {i.name: i for i in alice.compute.images()}
    assert set(listed) == {'active', 'queued'}
    assert (listed['active'].status, listed['active'].progress,
            listed['active'].min_ram, listed['active'].size) == (
        'ACTIVE', 100, 64, 4)
    assert listed['active'].metadata == {'kernel': 'k1'}
    assert (listed['queued'].status, listed['queued'].progress) == (
        'SAVING', 25)
    shown = aio.client.as_user('alice:teamA').get(
        '/images/%s' % queued, **at('2.35'))[1]['image']
    assert shown['server']['id'] == 's1'
    assert [link['rel'] for link in shown['links']] == [
        'self', 'bookmark', 'alternate']
    api = aio.client.as_user('alice:teamA')
    assert [i['name'] for i in api.get('/images?name=active',
                                       **at('2.35'))[1]['images']] == [
        'active']
    assert [i['name'] for i in api.get('/images/detail?minRam=32',
                                       **at('2.35'))[1]['images']] == [
        'active']
    assert [i['name'] for i in api.get('/images/detail?server=s1',
                                       **at('2.35'))[1]['images']] == [
        'queued']
    assert api.get('/images/%s' % hidden, **at('2.35'))[0] == 404
    status, body = api.get('/images/detail?minRam=lots', **at('2.35'))
    assert (status, body['badRequest']['message']) == (
        400, 'Invalid minRam filter [lots]')
    # The image API's refusal, in its words.
    status, body = api.get('/images?marker=nothing', **at('2.35'))
    assert status == 400, body
    assert 'marker' in body['badRequest']['message'].lower()
    assert api.get('/images', **at('2.36'))[0] == 404
    alice.compute.delete_image(queued)
    assert api.get('/images/%s' % queued, **at('2.35'))[0] == 404
    status, body = api.delete('/images/%s' % hidden, **at('2.35'))
    assert status == 404, body


def test_image_metadata_through_the_compute_api(aio):
    alice = _sdk(aio, 'alice:teamA')
    image_id = _image(aio, name='meta', os_distro='debian')
    alice.compute.set_image_metadata(image_id, purpose='web', tier='1')
    assert alice.compute.get_image_metadata(image_id).metadata == {
        'os_distro': 'debian', 'purpose': 'web', 'tier': '1'}
    alice.compute.delete_image_metadata(image_id, ['tier'])
    api = aio.client.as_user('alice:teamA')
    path = '/images/%s/metadata' % image_id
    assert api.get(path, **at('2.35'))[1]['metadata'] == {
        'os_distro': 'debian', 'purpose': 'web'}
    status, body = api.put(path, {'metadata': {'only': 'this'}},
                           **at('2.35'))
    assert (status, body['metadata']) == (200, {'only': 'this'})
    assert api.put(path + '/only', {'meta': {'only': 'that'}},
                   **at('2.35')) == (200, {'meta': {'only': 'that'}})
    status, body = api.put(path + '/only', {'meta': {'other': 'x'}},
                           **at('2.35'))
    assert (status, body['badRequest']['message']) == (
        400, 'Request body and URI mismatch')
    assert api.get(path + '/nothing', **at('2.35'))[0] == 404
    assert api.delete(path + '/nothing', **at('2.35'))[0] == 404
    assert api.get(path + '/only', **at('2.35'))[1] == {
        'meta': {'only': 'that'}}
    bob = aio.client.as_user('bob:teamB')
    assert bob.post(path, {'metadata': {'x': 'y'}},
                    **at('2.35'))[0] in (403, 404)
    assert api.get(path, **at('2.36'))[0] == 404


def test_image_metadata_stays_within_the_projects_limit(aio, overrides):
    """No more properties than ``[quota] metadata_items`` through the
    compute API: 403 in Nova's words, and the image unchanged."""
    overrides('metadata_items', 2, group='quota')
    image = _image(aio, os_distro='cirros')
    alice = aio.client.as_user('alice:teamA')
    path = '/images/%s/metadata' % image
    status, body = alice.post(path, {'metadata': {'a': '1', 'b': '2'}})
    assert status == 403, body
    assert body['forbidden']['message'] == 'Image metadata limit exceeded'
    status, body = alice.put(path + '/a', {'meta': {'a': '1'}})
    assert status == 200, body
    assert alice.get(path)[1]['metadata'] == {'os_distro': 'cirros',
                                              'a': '1'}
    status, body = alice.put(path, {'metadata': {'x': '1', 'y': '2'}})
    assert status == 200, body
    assert alice.get(path)[1]['metadata'] == {'x': '1', 'y': '2'}


def test_another_projects_public_image_cannot_be_changed(aio):
    image = _image(aio, headers=image_calls.ADMIN, visibility='public')
    bob = aio.client.as_user('bob:teamB')
    status, body = bob.post('/images/%s/metadata' % image,
                            {'metadata': {'x': 'y'}})
    assert (status, body['forbidden']['message']) == (
        403, 'Not authorized for image %s.' % image)
    assert bob.get('/images/%s/metadata' % image)[1]['metadata'] == {}
