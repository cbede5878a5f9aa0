# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""createImage: a server's disk as a new image, as ``openstack server
image create`` asks for it; per version; and a failed snapshot leaves no
image behind and the server as it was."""
import time

import pytest
import requests

from nova_lite.virt import image_client
from tests.functional import compute_calls

ADMIN = {'X-Auth-Token': 'admin:admin'}


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _image(aio, image_id):
    return requests.get(aio.image_url + '/v2/images/%s' % image_id,
                        headers=ADMIN)


def test_the_openstack_client_snapshots_a_server(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    base = compute_calls.active_image(aio)
    server = compute_calls.osc(env, 'server', 'create', '--image', 'disk',
                               '--flavor', 'm1', '--nic', 'none', '--wait',
                               'web', '-f', 'json')
    made = compute_calls.osc(env, 'server', 'image', 'create', '--name',
                             'web-snap', '--wait', 'web', '-f', 'json')
    image = _image(aio, made['id']).json()
    assert (image['name'], image['status'], image['visibility']) == (
        'web-snap', 'active', 'private')
    assert image['image_type'] == 'snapshot'
    assert image['instance_uuid'] == server['id']
    assert image['base_image_ref'] == base
    assert image['min_disk'] == 1
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
        'ACTIVE', None)
    # The snapshot boots.
    again = compute_calls.osc(env, 'server', 'create', '--image', 'web-snap',
                              '--flavor', 'm1', '--nic', 'none', '--wait',
                              'again', '-f', 'json')
    assert again['status'] == 'ACTIVE'
    actions = [a['action'] for a in aio.client.get(
        '/servers/%s/os-instance-actions' % server['id'])[1][
            'instanceActions']]
    assert actions == ['createImage', 'create']


def test_the_answer_per_version(aio):
    server = aio.client.boot('m1')
    path = '/servers/%s/action' % server['id']
    code, body = aio.client.post(path, {'createImage': {
        'name': 'old', 'metadata': {'purpose': 'backup'}}})
    assert (code, body) == (202, None)
    location = aio.client.last.headers['Location']
    image_id = location.rsplit('/', 1)[1]
    assert location.endswith('/images/%s' % image_id)
    aio.client.wait_server(server['id'], settled=True)
    assert _image(aio, image_id).json()['purpose'] == 'backup'
    code, body = aio.client.post(path, {'createImage': {'name': 'new'}},
                                 headers={'OpenStack-API-Version':
                                          'compute 2.45'})
    assert code == 202 and 'Location' not in aio.client.last.headers
    assert _image(aio, body['image_id']).status_code == 200


@pytest.mark.parametrize('body, words', [
    ({}, "'name' is a required property"),
    ({'name': ''}, 'field/attribute name'),
    ({'name': 'x', 'metadata': {'k': 1}}, 'field/attribute k'),
    ({'name': 'x', 'extra': 1}, 'Additional properties'),
])
def test_bad_bodies_are_refused_and_make_no_image(aio, body, words):
    server = aio.client.boot('m1')
    code, answer = aio.client.post('/servers/%s/action' % server['id'],
                                   {'createImage': body})
    assert code == 400
    assert words in answer['badRequest']['message']
    listed = requests.get(aio.image_url + '/v2/images', headers=ADMIN)
    assert listed.json()['images'] == []


def test_a_busy_server_is_409_and_makes_no_image(aio):
    server = aio.client.boot('m1')
    aio.client.post('/servers/%s/action' % server['id'], {'pause': None})
    aio.client.wait_server(server['id'], ('PAUSED',), settled=True)
    aio.client.post('/servers/%s/action' % server['id'],
                    {'os-resetState': {'state': 'error'}})
    code, body = aio.client.post('/servers/%s/action' % server['id'],
                                 {'createImage': {'name': 'x'}})
    assert (code, body['conflictingRequest']['message']) == (
        409, "Cannot 'createImage' instance %s while it is in vm_state "
        'error' % server['id'])
    listed = requests.get(aio.image_url + '/v2/images', headers=ADMIN)
    assert listed.json()['images'] == []


def test_a_failed_snapshot_removes_its_image(aio):
    """The guest vanished behind the compute's back: the upload fails,
    the image goes, the server keeps its state, the event says why."""
    server = aio.client.boot('m1')
    driver = [s.manager for s in aio.services
              if hasattr(s.manager, 'driver')][0].driver
    domain = driver._lookup(type('I', (), {'uuid': server['id']}))
    domain.destroy()
    domain.undefine()
    code, body = aio.client.post('/servers/%s/action' % server['id'],
                                 {'createImage': {'name': 'lost'}},
                                 headers={'OpenStack-API-Version':
                                          'compute 2.84'})
    assert code == 202
    shown = aio.client.wait_server(server['id'], settled=True)
    assert shown['status'] == 'ACTIVE'
    assert _image(aio, body['image_id']).status_code == 404
    action = aio.client.get('/servers/%s/os-instance-actions' % server[
        'id'])[1]['instanceActions'][0]
    assert (action['action'], action['message']) == ('createImage', 'Error')


def _backups(aio):
    listed = requests.get(aio.image_url + '/v2/images', headers=ADMIN)
    return sorted((i['name'], i['backup_type']) for i in listed.json()[
        'images'] if i.get('image_type') == 'backup')


def test_backups_rotate(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    server = aio.client.boot('m1', name='db')
    for name in ('one', 'two', 'three'):
        compute_calls.osc(env, 'server', 'backup', 'create', '--name', name,
                          '--type', 'daily', '--rotate', '2', '--wait',
                          server['id'])
        aio.client.wait_server(server['id'], settled=True)
    assert _backups(aio) == [('three', 'daily'), ('two', 'daily')]
    code, body = aio.client.post(
        '/servers/%s/action' % server['id'], {'createBackup': {
            'name': 'weekly', 'backup_type': 'weekly', 'rotation': 0}})
    assert (code, body) == (202, None)
    assert 'Location' not in aio.client.last.headers
    aio.client.wait_server(server['id'], settled=True)
    assert _backups(aio) == [('three', 'daily'), ('two', 'daily')]


def test_a_backup_is_rotated_before_its_task_ends(aio, monkeypatch):
    """A server that shows no task has had its old backups rotated out:
    the compute's removal of an image is slowed down, and the server
    still shows its backup task until the old backup is gone."""
    server = aio.client.boot('m1', name='db')
    discard = image_client.ImageClient.discard

    def slow(client, image_id):
        time.sleep(0.5)
        return discard(client, image_id)

    monkeypatch.setattr(image_client.ImageClient, 'discard', slow)
    for name in ('one', 'two'):
        code, _body = aio.client.post(
            '/servers/%s/action' % server['id'], {'createBackup': {
                'name': name, 'backup_type': 'daily', 'rotation': 1}})
        assert code == 202
        aio.client.wait_server(server['id'], settled=True)
        assert [b for b, _type in _backups(aio)] == [name]


@pytest.mark.parametrize('body, words', [
    ({'name': 'b', 'backup_type': 'daily'},
     "'rotation' is a required property"),
    ({'name': 'b', 'backup_type': 'daily', 'rotation': -1},
     'field/attribute rotation'),
])
def test_bad_backups_are_refused(aio, body, words):
    server = aio.client.boot('m1')
    code, answer = aio.client.post('/servers/%s/action' % server['id'],
                                   {'createBackup': body})
    assert code == 400
    assert words in answer['badRequest']['message']
