# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API driven the way its users drive it: the openstack client's
image commands, python-glanceclient's (members, metadata definitions) and
openstacksdk's image calls, each as the project it acts for."""
import hashlib
import os

import openstack
import pytest
import requests

from tests.functional.image_calls import ALICE
from tests.functional.image_calls import BOB
from tests.functional.image_calls import glance
from tests.functional.image_calls import osc

ALICE_TOKEN, BOB_TOKEN = 'alice:teamA', 'bob:teamB'


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def _source(tmp_path, size=1536):
    path = tmp_path / 'disk.qcow2'
    path.write_bytes(os.urandom(size))
    return path


def test_openstack_client_image_workflow(aio, tmp_path):
    source = _source(tmp_path)
    created = osc(aio, 'image', 'create', '--file', str(source),
                  '--disk-format', 'qcow2', '--container-format', 'bare',
                  '--property', 'hw_disk_bus=virtio', '--min-ram', '64',
                  '--min-disk', '1', '--protected', '--shared', 'golden',
                  '-f', 'json', token=ALICE_TOKEN)
    assert (created['min_ram'], created['min_disk'], created['protected'],
            created['visibility'], created['status']) == (
        64, 1, True, 'shared', 'active')
    assert created['properties']['hw_disk_bus'] == 'virtio'
    assert created['owner'] == 'teamA'

    osc(aio, 'image', 'set', '--tag', 'gold', '--tag', 'base', '--property',
        'os_distro=debian', '--min-ram', '128', 'golden', token=ALICE_TOKEN)
    shown = osc(aio, 'image', 'show', '--human-readable', 'golden', '-f',
                'json', token=ALICE_TOKEN)
    assert shown['size'] == '1.5K'
    assert sorted(shown['tags']) == ['base', 'gold']
    assert (shown['min_ram'], shown['properties']['os_distro']) == (
        128, 'debian')
    osc(aio, 'image', 'unset', '--tag', 'base', '--property', 'os_distro',
        'golden', token=ALICE_TOKEN)
    shown = osc(aio, 'image', 'show', 'golden', '-f', 'json',
                token=ALICE_TOKEN)
    assert shown['tags'] == ['gold'] and 'os_distro' not in shown[
        'properties']

    saved = tmp_path / 'saved'
    osc(aio, 'image', 'save', '--file', str(saved), 'golden',
        token=ALICE_TOKEN)
    assert saved.read_bytes() == source.read_bytes()

    # Shared with teamB (the member id given as it is: no identity
    # service here to look a name up), accepted by teamB, listed to it.
    glance(aio, 'member-create', created['id'], 'teamB', token=ALICE_TOKEN)
    pending = osc(aio, 'image', 'list', '--shared', '--member-status',
                  'pending', '-f', 'json', token=BOB_TOKEN)
    assert [i['ID'] for i in pending] == [created['id']]
    assert osc(aio, 'image', 'list', '-f', 'json', token=BOB_TOKEN) == []
    osc(aio, 'image', 'set', '--accept', '--project', 'teamB', 'golden',
        token=BOB_TOKEN, fails=True)  # names the project: needs Keystone
    glance(aio, 'member-update', created['id'], 'teamB', 'accepted',
           token=BOB_TOKEN)
    accepted = osc(aio, 'image', 'list', '--shared', '--member-status',
                   'accepted', '-f', 'json', token=BOB_TOKEN)
    assert [i['Name'] for i in accepted] == ['golden']
    members = osc(aio, 'image', 'member', 'list', 'golden', '-f', 'json',
                  token=ALICE_TOKEN)
    assert [(m['Member ID'], m['Status']) for m in members] == [
        ('teamB', 'accepted')]

    error = osc(aio, 'image', 'delete', 'golden', token=ALICE_TOKEN,
                fails=True)
    assert '403' in error
    osc(aio, 'image', 'set', '--unprotected', 'golden', token=ALICE_TOKEN)
    osc(aio, 'image', 'delete', 'golden', token=ALICE_TOKEN)
    assert osc(aio, 'image', 'list', '-f', 'json', token=ALICE_TOKEN) == []


def test_glanceclient_lists_shows_and_shares(aio, tmp_path):
    source = _source(tmp_path)
    out = glance(aio, 'image-create', '--name', 'cirros', '--disk-format',
                 'qcow2', '--container-format', 'bare', '--visibility',
                 'shared', '--file', str(source), token=ALICE_TOKEN)
    image_id = [line.split('|')[2].strip() for line in out.splitlines()
                if line.startswith('| id ')][0]
    assert 'cirros' in glance(aio, 'image-list', token=ALICE_TOKEN)
    shown = glance(aio, 'image-show', image_id, token=ALICE_TOKEN)
    assert hashlib.md5(source.read_bytes()).hexdigest() in shown
    glance(aio, 'member-create', image_id, 'teamB', token=ALICE_TOKEN)
    members = glance(aio, 'member-list', '--image-id', image_id,
                     token=ALICE_TOKEN)
    assert 'teamB' in members and 'pending' in members
    # Not listed to teamB until it accepts; shown to it all the same.
    assert image_id not in glance(aio, 'image-list', token=BOB_TOKEN)
    assert 'cirros' in glance(aio, 'image-show', image_id, token=BOB_TOKEN)
    glance(aio, 'member-update', image_id, 'teamB', 'accepted',
           token=BOB_TOKEN)
    assert image_id in glance(aio, 'image-list', token=BOB_TOKEN)
    glance(aio, 'member-delete', image_id, 'teamB', token=ALICE_TOKEN)
    assert requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers=BOB).status_code == 404


def test_glanceclient_reads_the_metadata_definitions(aio):
    """What a dashboard's metadata dialogs read, through the client that
    validates each answer against the schema documents."""
    namespaces = glance(aio, 'md-namespace-list', '--resource-types',
                        'OS::Glance::Image', token=BOB_TOKEN)
    assert 'NovaLite::Image::KernelBoot' in namespaces
    shown = glance(aio, 'md-namespace-show', 'NovaLite::Image::KernelBoot',
                   token=BOB_TOKEN)
    assert 'kernel_id' in shown and 'OS::Glance::Image' in shown
    properties = glance(aio, 'md-property-list',
                        'NovaLite::Image::KernelBoot', token=BOB_TOKEN)
    assert 'os_command_line' in properties
    types = glance(aio, 'md-resource-type-list', token=BOB_TOKEN)
    assert 'OS::Nova::Flavor' in types


def _sdk(aio, token):
    return openstack.connect(auth_type='admin_token',
                             auth={'endpoint': aio.image_url,
                                   'token': token},
                             image_endpoint_override=aio.image_url)


def test_openstacksdk_image_calls(aio, tmp_path):
    alice, bob = _sdk(aio, ALICE_TOKEN), _sdk(aio, BOB_TOKEN)
    source = _source(tmp_path, 4096)
    image = alice.image.create_image(
        name='sdk', filename=str(source), disk_format='raw',
        container_format='bare', visibility='shared', min_ram=32,
        properties={'os_type': 'linux'})
    image = alice.image.get_image(image)
    assert (image.status, image.size, image.min_ram) == ('active', 4096, 32)
    image = alice.image.update_image(image, min_disk=2, os_type='other')
    assert (image.min_disk, image.os_type) == (2, 'other')
    alice.image.add_tag(image, 'sdk-tag')
    assert alice.image.get_image(image).tags == ['sdk-tag']
    alice.image.remove_tag(image, 'sdk-tag')
    assert alice.image.get_image(image).tags == []
    assert [i.name for i in alice.image.images()] == ['sdk']
    assert [i.name for i in alice.image.images(visibility='shared')] == [
        'sdk']

    member = alice.image.add_member(image, member_id='teamB')
    assert member.status == 'pending'
    assert list(bob.image.images()) == []
    bob.image.update_member(member, image, status='accepted')
    assert [i.id for i in bob.image.images()] == [image.id]
    assert [m.member_id for m in alice.image.members(image)] == ['teamB']
    downloaded = bob.image.download_image(image)
    assert downloaded.content == source.read_bytes()
    alice.image.remove_member(member, image)
    assert list(bob.image.images()) == []

    schema = alice.image.get_images_schema()
    assert 'images' in schema.properties
    alice.image.delete_image(image)
    assert list(alice.image.images()) == []
    assert requests.get(aio.image_url + '/v2/images/' + image.id,
                        headers=ALICE).status_code == 404
