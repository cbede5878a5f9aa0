# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API, through the OpenStack client and over plain HTTP, and
servers booted from its images on the simulated hosts."""
import hashlib
import os

import jsonschema
import pytest
import requests

from tests.functional.image_calls import active_image as _active_image
from tests.functional.image_calls import ADMIN
from tests.functional.image_calls import ALICE
from tests.functional.image_calls import BOB
from tests.functional.image_calls import create as _create
from tests.functional.image_calls import glance as _glance
from tests.functional.image_calls import osc as _osc
from tests.functional.image_calls import upload as _upload


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def test_openstack_client_uploads_lists_shows_and_deletes(aio, tmp_path):
    data = os.urandom(3 * 1024 * 1024 + 5)
    source = tmp_path / 'disk.qcow2'
    source.write_bytes(data)
    created = _osc(aio, 'image', 'create', '--file', str(source),
                   '--disk-format', 'qcow2', '--container-format', 'bare',
                   '--property', 'os_command_line=console=ttyS0', 'disk1',
                   '-f', 'json')
    assert created['status'] == 'active'
    assert created['size'] == len(data)
    assert created['checksum'] == hashlib.md5(data).hexdigest()
    assert created['properties']['os_hash_value'] == (
        hashlib.sha512(data).hexdigest())
    _create(aio, name='empty', disk_format='raw', container_format='bare')
    listed = _osc(aio, 'image', 'list', '-f', 'json')
    assert sorted((i['Name'], i['Status']) for i in listed) == [
        ('disk1', 'active'), ('empty', 'queued')]
    named = _osc(aio, 'image', 'list', '--name', 'disk1', '-f', 'json')
    assert [i['ID'] for i in named] == [created['id']]

    _osc(aio, 'image', 'set', '--property', 'kernel_id=abc', 'disk1')
    shown = _osc(aio, 'image', 'show', 'disk1', '-f', 'json')
    assert shown['properties']['kernel_id'] == 'abc'
    assert shown['properties']['os_command_line'] == 'console=ttyS0'

    saved = tmp_path / 'saved'
    _osc(aio, 'image', 'save', '--file', str(saved), 'disk1')
    assert saved.read_bytes() == data

    stored = os.path.join(aio.conf.image.store_path, created['id'])
    assert os.path.exists(stored)
    _osc(aio, 'image', 'delete', 'disk1')
    assert not os.path.exists(stored)
    assert [i['Name'] for i in _osc(aio, 'image', 'list', '-f',
                                    'json')] == ['empty']


def test_typed_attributes_take_their_types(aio):
    """min_ram and min_disk are integers, protected a boolean: not caught
    by the rule for free-form (string) properties."""
    created = _create(aio, name='typed', min_ram=513, min_disk=2,
                      protected=True, hw_disk_bus='virtio')
    assert created.status_code == 201, created.text
    image = created.json()
    assert (image['min_ram'], image['min_disk'], image['protected'],
            image['hw_disk_bus']) == (513, 2, True, 'virtio')
    patched = requests.patch(
        aio.image_url + '/v2/images/' + image['id'], headers=dict(
            ADMIN, **{'Content-Type':
                      'application/openstack-images-v2.1-json-patch'}),
        json=[{'op': 'replace', 'path': '/min_ram', 'value': 1024}])
    assert patched.status_code == 200, patched.text
    assert patched.json()['min_ram'] == 1024
    for body in ({'name': 'x', 'min_ram': '513'},
                 {'name': 'x', 'protected': 'yes'}):
        assert _create(aio, body=body).status_code == 400


@pytest.mark.parametrize('body, code, fragment', [
    ({'name': 'x', 'disk_format': 'floppy'}, 400, 'floppy'),
    ({'name': 'x', 'status': 'active'}, 403,
     "Attribute 'status' is read-only."),
    ({'name': 'x', 'size': 10}, 403, "Attribute 'size' is read-only."),
    ({'name': 'x', 'min_ram': -1}, 400, 'min_ram'),
    (['not', 'an', 'object'], 400, 'is not of type'),
    ({'name': 'x', 'kernel_id': 5}, 400, 'kernel_id'),
    ({'name': 'x', 'visibility': 'everyone'}, 400, 'everyone'),
    ({'name': 'x', 'tags': ['t' * 256]}, 400, 'tags'),
    ({'name': 'x', 'owner': 'x' * 256}, 400, 'owner'),
])
def test_bad_image_bodies_are_refused_and_create_nothing(aio, body, code,
                                                         fragment):
    response = _create(aio, body=body)
    assert response.status_code == code
    assert fragment in response.text
    listed = requests.get(aio.image_url + '/v2/images', headers=ADMIN)
    assert listed.json()['images'] == []


def test_uploads_go_to_queued_images_with_formats_only(aio):
    no_format = _create(aio, name='x').json()
    response = _upload(aio, no_format['id'], b'bits')
    assert response.status_code == 400
    assert 'disk_format and container_format' in response.text
    image_id = _active_image(aio, name='y')
    again = _upload(aio, image_id, b'other bits')
    assert again.status_code == 409
    shown = requests.get(aio.image_url + '/v2/images/' + image_id,
                         headers=ADMIN).json()
    assert shown['checksum'] == hashlib.md5(b'bits').hexdigest()
    missing = requests.get(aio.image_url + '/v2/images/'
                           '00000000-0000-0000-0000-000000000000',
                           headers=ADMIN)
    assert missing.status_code == 404
    assert 'could not be found' in missing.text


def test_another_projects_image_is_hidden_unless_public(aio):
    mine = _active_image(aio, ALICE, name='mine')
    public = _active_image(aio, ADMIN, name='public', visibility='public')
    refused = _create(aio, ALICE, name='p', visibility='public')
    assert refused.status_code == 403
    seen = requests.get(aio.image_url + '/v2/images', headers=BOB).json()
    assert [i['id'] for i in seen['images']] == [public]
    assert requests.get(aio.image_url + '/v2/images/' + mine,
                        headers=BOB).status_code == 404
    assert requests.delete(aio.image_url + '/v2/images/' + public,
                           headers=BOB).status_code == 403


def _server(aio, image_ref, headers=None):
    return aio.client.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'f', 'imageRef': image_ref}})


def test_a_server_boots_from_an_active_image_only(aio):
    aio.client.create_flavor('f', flavor_id='f')
    queued = _create(aio, name='q', disk_format='raw',
                     container_format='bare').json()['id']
    status, body = _server(aio, queued)
    assert status == 400
    assert body['badRequest']['message'] == 'Image %s is not active.' % (
        queued)
    status, body = _server(aio, 'no-such-image')
    assert status == 400
    assert 'Image no-such-image could not be found.' in (
        body['badRequest']['message'])
    assert aio.client.get('/servers')[1]['servers'] == []

    image_id = _active_image(aio, name='disk')
    status, body = _server(aio, image_id)
    assert status == 202
    server = aio.client.wait_server(body['server']['id'],
                                    ('ACTIVE',), timeout=30,
                                    settled=True)
    assert server['image']['id'] == image_id


def test_an_upload_past_the_size_cap_is_refused_and_kept_nowhere(
        all_in_one, overrides):
    """The cap holds for a declared length and for a chunked body (no
    length): 413, the image stays queued, the store holds nothing of it;
    an upload within the cap still works."""
    overrides('image_size_cap', 1000, group='image')
    aio = all_in_one(hosts=1)
    for data in (b'x' * 1001, iter([b'x' * 600, b'x' * 600])):
        image = _create(aio, name='big', disk_format='raw',
                        container_format='bare').json()
        response = _upload(aio, image['id'], data)
        assert response.status_code == 413, response.text
        assert 'too large' in response.text.lower()
        shown = requests.get(aio.image_url + '/v2/images/' + image['id'],
                             headers=ADMIN).json()
        assert (shown['status'], shown['size']) == ('queued', None)
    store = os.path.join(str(aio.conf.image.store_path))
    assert not os.path.exists(store) or os.listdir(store) == []
    assert _active_image(aio, name='small')


def test_glanceclient_lists_shows_and_tags(aio):
    """python-glanceclient (what dashboards list images with) reads the
    schema documents first, then lists, shows (checking the image against
    the schema) and tags."""
    image_id = _active_image(aio, name='cirros', min_ram=64,
                             hw_disk_bus='virtio')
    listed = _glance(aio, 'image-list')
    assert image_id in listed and 'cirros' in listed
    _glance(aio, 'image-tag-update', image_id, 'golden')
    _glance(aio, 'image-tag-update', image_id, 'golden')  # added once
    shown = _glance(aio, 'image-show', image_id)
    assert 'golden' in shown and 'virtio' in shown and '64' in shown
    _glance(aio, 'image-tag-delete', image_id, 'golden')
    image = requests.get(aio.image_url + '/v2/images/' + image_id,
                         headers=ADMIN).json()
    assert image['tags'] == []


def test_schema_documents_accept_what_the_api_shows(aio):
    """Every image the API shows is valid against /v2/schemas/image, and
    the list against /v2/schemas/images (the same check glanceclient
    makes)."""
    _active_image(aio, name='a', min_ram=64, hw_disk_bus='virtio',
                  tags=['t'])
    _create(aio, name='b', protected=True, kernel_id=None)
    image_doc = requests.get(aio.image_url + '/v2/schemas/image',
                             headers=ADMIN).json()
    images_doc = requests.get(aio.image_url + '/v2/schemas/images',
                              headers=ADMIN).json()
    listed = requests.get(aio.image_url + '/v2/images',
                          headers=ADMIN).json()
    assert len(listed['images']) == 2
    jsonschema.validate(listed, images_doc)
    for image in listed['images']:
        jsonschema.validate(image, image_doc)
    assert image_doc['properties']['status']['readOnly'] is True
    assert image_doc['properties']['min_ram']['type'] == 'integer'


def test_tags_one_by_one(aio):
    image = _create(aio, name='x').json()
    url = aio.image_url + '/v2/images/%s/tags/' % image['id']
    assert requests.put(url + 'a', headers=ADMIN).status_code == 204
    too_long = requests.put(url + 'x' * 256, headers=ADMIN)
    assert too_long.status_code == 400
    missing = requests.delete(url + 'nope', headers=ADMIN)
    assert missing.status_code == 404
    assert 'Tag nope not found' in missing.text
    other = requests.put(url + 'b', headers=ALICE)
    assert other.status_code in (403, 404)
    shown = requests.get(aio.image_url + '/v2/images/' + image['id'],
                         headers=ADMIN).json()
    assert shown['tags'] == ['a']
    for n in range(127):
        assert requests.put(url + 't%d' % n,
                            headers=ADMIN).status_code == 204
    over = requests.put(url + 'one-too-many', headers=ADMIN)
    assert over.status_code == 413
    assert 'Maximum number of tags exceeded' in over.text


def _members(aio, image_id, headers, method='GET', member=None, body=None):
    url = aio.image_url + '/v2/images/%s/members' % image_id
    if member:
        url += '/' + member
    return requests.request(method, url, json=body, headers=headers)


def _listed(aio, headers, query=''):
    return [i['id'] for i in requests.get(
        aio.image_url + '/v2/images' + query, headers=headers).json()[
            'images']]


def test_a_shared_image_reaches_a_member_once_accepted(aio):
    """alice (teamA) shares an image with teamB: bob sees it at once,
    lists it and boots from it only after accepting; only he answers; a
    private image has no members; alice ends the sharing."""
    aio.client.create_flavor('f', flavor_id='f')
    image_id = _active_image(aio, ALICE, name='shared')
    assert requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers=BOB).status_code == 404
    added = _members(aio, image_id, ALICE, 'POST',
                     body={'member': 'teamB'})
    assert added.status_code == 200, added.text
    assert (added.json()['member_id'], added.json()['status']) == (
        'teamB', 'pending')
    again = _members(aio, image_id, ALICE, 'POST', body={'member': 'teamB'})
    assert again.status_code == 409
    for body in ({}, {'member': 5}, {'member': ''}, {'member': ['teamC']},
                 ['teamC']):
        assert _members(aio, image_id, ALICE, 'POST',
                        body=body).status_code == 400
    assert _members(aio, image_id, BOB, 'PUT', 'teamB',
                    {}).status_code == 400
    assert [m['member_id'] for m in _members(
        aio, image_id, ALICE).json()['members']] == ['teamB']
    # Pending: shown, not listed (unless asked), not bootable.
    assert requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers=BOB).status_code == 200
    assert image_id not in _listed(aio, BOB)
    assert image_id in _listed(aio, BOB, '?member_status=pending')
    bob = aio.client.as_user('bob:teamB')
    status, body = bob.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'f', 'imageRef': image_id}})
    assert status == 400, body
    # Only the member answers; the owner cannot for it.
    refused = _members(aio, image_id, ALICE, 'PUT', 'teamB',
                       {'status': 'accepted'})
    assert refused.status_code == 403
    bad = _members(aio, image_id, BOB, 'PUT', 'teamB', {'status': 'maybe'})
    assert bad.status_code == 400
    accepted = _members(aio, image_id, BOB, 'PUT', 'teamB',
                        {'status': 'accepted'})
    assert accepted.json()['status'] == 'accepted'
    assert image_id in _listed(aio, BOB)
    status, body = bob.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'f', 'imageRef': image_id}})
    assert status == 202, body
    # A member sees its own entry; the owner every one.
    assert [m['member_id'] for m in _members(
        aio, image_id, BOB).json()['members']] == ['teamB']
    assert _members(aio, image_id, BOB, 'POST',
                    body={'member': 'teamC'}).status_code == 403
    private = _active_image(aio, ALICE, name='mine', visibility='private')
    only_shared = _members(aio, private, ALICE, 'POST',
                           body={'member': 'teamB'})
    assert only_shared.status_code == 403
    assert 'Only shared images have members.' in only_shared.text
    assert _members(aio, image_id, ALICE, 'DELETE',
                    'teamB').status_code == 204
    assert requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers=BOB).status_code == 404


def test_glanceclient_shares_an_image(aio):
    image_id = _active_image(aio, ALICE, name='for-b')
    alice, bob = 'alice:teamA', 'bob:teamB'
    assert 'pending' in _glance(aio, 'member-create', image_id, 'teamB',
                                token=alice)
    assert 'accepted' in _glance(aio, 'member-update', image_id, 'teamB',
                                 'accepted', token=bob)
    listed = _glance(aio, 'member-list', '--image-id', image_id,
                     token=alice)
    assert 'teamB' in listed and 'accepted' in listed
    assert image_id in _glance(aio, 'image-list', token=bob)


def test_owner_hidden_and_community_images(aio):
    """An admin creates an image owned by another project (nobody else
    may); a hidden image is listed only when asked for; a community image
    is listed to others only when they ask for community images, and
    shown to anyone by id."""
    given = _create(aio, name='theirs', owner='teamA')
    assert given.status_code == 201, given.text
    assert given.json()['owner'] == 'teamA'
    assert given.json()['id'] in _listed(aio, ALICE)
    refused = _create(aio, ALICE, name='x', owner='teamB')
    assert refused.status_code == 403
    assert "not permitted to create images owned by 'teamB'" in refused.text
    assert _create(aio, ALICE, name='y', owner='teamA').status_code == 201

    hidden = _create(aio, ALICE, name='h', os_hidden=True).json()
    assert hidden['os_hidden'] is True
    assert hidden['id'] not in _listed(aio, ALICE)
    assert _listed(aio, ALICE, '?os_hidden=true') == [hidden['id']]
    assert requests.get(aio.image_url + '/v2/images?os_hidden=maybe',
                        headers=ALICE).status_code == 400

    community = _create(aio, ALICE, name='c',
                        visibility='community').json()['id']
    assert community in _listed(aio, ALICE)
    assert community not in _listed(aio, BOB)
    assert _listed(aio, BOB, '?visibility=community') == [community]
    assert community in _listed(aio, BOB, '?visibility=all')
    for query in ('?visibility=everyone', '?changes-since=2026-01-01'):
        assert requests.get(aio.image_url + '/v2/images' + query,
                            headers=BOB).status_code == 400
    assert requests.get(aio.image_url + '/v2/images/' + community,
                        headers=BOB).status_code == 200


def test_only_admins_give_an_image_to_another_project(aio):
    image = _create(aio, ALICE, name='mine').json()
    url = aio.image_url + '/v2/images/' + image['id']
    patch_type = {
        'Content-Type': 'application/openstack-images-v2.1-json-patch'}
    give = [{'op': 'replace', 'path': '/owner', 'value': 'teamB'}]
    refused = requests.patch(url, json=give, headers=dict(ALICE,
                                                          **patch_type))
    assert refused.status_code == 403
    assert "Owner can't be updated by non admin." in refused.text
    assert requests.get(url, headers=ALICE).json()['owner'] == 'teamA'
    too_long = [{'op': 'replace', 'path': '/owner', 'value': 'x' * 256}]
    assert requests.patch(url, json=too_long, headers=dict(
        ADMIN, **patch_type)).status_code == 400
    given = requests.patch(url, json=give, headers=dict(ADMIN, **patch_type))
    assert given.status_code == 200, given.text
    assert given.json()['owner'] == 'teamB'
    assert requests.get(url, headers=ALICE).status_code == 404
    assert requests.get(url, headers=BOB).json()['owner'] == 'teamB'


def test_list_pages_keep_the_query(aio):
    for n in range(3):
        _create(aio, name='paged', disk_format='raw')
    _create(aio, name='other')
    first = requests.get(aio.image_url + '/v2/images?name=paged&limit=2',
                         headers=ADMIN).json()
    assert first['first'] == '/v2/images?name=paged&limit=2'
    assert len(first['images']) == 2
    assert 'name=paged' in first['next'] and 'marker=' in first['next']
    rest = requests.get(aio.image_url + first['next'], headers=ADMIN).json()
    assert [i['name'] for i in rest['images']] == ['paged']
    assert 'next' not in rest
    default = requests.get(aio.image_url + '/v2/images', headers=ADMIN)
    assert len(default.json()['images']) == 4


def test_both_patch_media_types_are_taken(aio):
    """Glance takes the draft-4 patch (v2.0: the operation named by its
    key) as well as v2.1's; a malformed one is 400, changing nothing."""
    image = _create(aio, ALICE, name='old').json()
    url = aio.image_url + '/v2/images/' + image['id']
    v2_0 = dict(ALICE, **{
        'Content-Type': 'application/openstack-images-v2.0-json-patch'})
    changed = requests.patch(url, headers=v2_0, json=[
        {'replace': '/name', 'value': 'new'},
        {'add': '/os_distro', 'value': 'cirros'}])
    assert changed.status_code == 200, changed.text
    assert (changed.json()['name'], changed.json()['os_distro']) == (
        'new', 'cirros')
    removed = requests.patch(url, headers=v2_0, json=[
        {'remove': '/os_distro'}])
    assert removed.status_code == 200 and 'os_distro' not in removed.json()
    for bad in ([{'op': 'replace', 'path': '/name', 'value': 'x'}],
                [{'replace': '/name', 'add': '/x', 'value': 'y'}],
                [{'move': '/name'}]):
        refused = requests.patch(url, headers=v2_0, json=bad)
        assert refused.status_code == 400, (bad, refused.text)
    assert requests.get(url, headers=ALICE).json()['name'] == 'new'
    other = requests.patch(url, json=[], headers=dict(
        ALICE, **{'Content-Type': 'application/json-patch+json'}))
    assert other.status_code == 415


def test_glanceclient_deactivates_and_reactivates_an_image(aio):
    """A deactivated image keeps its bits: only an admin downloads them,
    no server boots from it, and it comes back when reactivated."""
    aio.client.create_flavor('f', flavor_id='f')
    image_id = _create(aio, ALICE, name='img', disk_format='raw',
                       container_format='bare').json()['id']
    url = aio.image_url + '/v2/images/' + image_id
    assert _upload(aio, image_id, b'bits', ALICE).status_code == 204
    refused = requests.post(url + '/actions/deactivate', headers=ALICE)
    assert refused.status_code == 403
    _glance(aio, 'image-deactivate', image_id)
    assert requests.get(url, headers=ALICE).json()['status'] == (
        'deactivated')
    download = requests.get(url + '/file', headers=ALICE)
    assert download.status_code == 403
    assert ('The requested image has been deactivated. Image data '
            'download is forbidden.') in download.text
    assert requests.get(url + '/file', headers=ADMIN).content == b'bits'
    status, body = _server(aio, image_id)
    assert (status, body['badRequest']['message']) == (
        400, 'Image %s is not active.' % image_id)
    # Again: nothing changes.
    assert requests.post(url + '/actions/deactivate',
                         headers=ADMIN).status_code == 204
    _glance(aio, 'image-reactivate', image_id)
    assert requests.get(url + '/file', headers=ALICE).content == b'bits'
    assert requests.post(url + '/actions/reactivate',
                         headers=ADMIN).status_code == 204
    assert _server(aio, image_id)[0] == 202
    queued = _create(aio, name='q').json()['id']
    refused = requests.post(aio.image_url + '/v2/images/%s/actions/'
                            'deactivate' % queued, headers=ADMIN)
    assert refused.status_code == 403
    assert "Not allowed to deactivate image in status 'queued'" in (
        refused.text)
    assert requests.post(aio.image_url + '/v2/images/%s/actions/'
                         'deactivate' % 'no-such', headers=ADMIN
                         ).status_code == 404
