# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's shares (2.97) without a shared-file-system service, as the
openstack client and openstacksdk see them: none listed, none found, an
attach refused naming the missing service, nothing changed."""
import uuid

import openstack
import pytest

from tests.functional import compute_calls


at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def test_the_clients_see_no_share_and_cannot_attach_one(aio, tmp_path,
                                                        monkeypatch):
    env = compute_calls.cloud_env(tmp_path, aio)
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', env['OS_CLIENT_CONFIG_FILE'])
    server = aio.client.boot('m1')
    assert compute_calls.osc(env, 'server', 'share', 'list', server['id'],
                             '-f', 'json', version='2.97') == []
    assert '2.97' in compute_calls.osc(env, 'server', 'share', 'list',
                                       server['id'], fails=True,
                                       version='2.96')
    conn = openstack.connect(cloud='aio', compute_api_version='2.97')
    share = str(uuid.uuid4())
    with pytest.raises(openstack.exceptions.ConflictException) as refused:
        conn.compute.create_share_attachment(server['id'], share)
    assert "Cannot 'attach share'" in str(refused.value)
    aio.client.post('/servers/%s/action' % server['id'], {'os-stop': None})
    aio.client.wait_server(server['id'], ('SHUTOFF',), settled=True)
    with pytest.raises(openstack.exceptions.BadRequestException) as refused:
        conn.compute.create_share_attachment(server['id'], share)
    assert ('Attaching share %s needs the shared-file-system service'
            % share) in str(refused.value)
    assert list(conn.compute.share_attachments(server['id'])) == []


def test_share_routes_come_with_2_97_and_check_their_input(aio):
    api = aio.client
    server = api.boot('m1')
    path = '/servers/%s/shares' % server['id']
    assert api.get(path, **at('2.96'))[0] == 404
    assert api.get(path, **at('2.97')) == (200, {'shares': []})
    share = str(uuid.uuid4())
    status, body = api.get(path + '/' + share, **at('2.97'))
    assert status == 404
    assert body['itemNotFound']['message'] == (
        'Share %s is not attached to server %s.' % (share, server['id']))
    assert api.delete(path + '/' + share, **at('2.97'))[0] == 404
    for bad in ({'share': {'share_id': 'not-a-uuid'}},
                {'share': {'share_id': share, 'tag': 'a b'}},
                {'share': {}}, {}):
        status, body = api.post(path, bad, **at('2.97'))
        assert status == 400, (bad, body)
    status, body = api.get('/servers/%s/shares' % uuid.uuid4(),
                           **at('2.97'))
    assert status == 404
