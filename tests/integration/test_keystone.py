# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The keystone auth strategy against a real Keystone."""
import json
import os
import subprocess
import sys
import time

from keystoneauth1 import loading
from keystonemiddleware import auth_token
import pytest
import requests

from nova_lite import conf as nl_conf
from tests.integration import keystone as keystone_fixture

pytestmark = pytest.mark.integration
CONF = nl_conf.CONF
GROUP = 'keystone_authtoken'


@pytest.fixture(scope='module')
def keystone(tmp_path_factory):
    server = keystone_fixture.Keystone(tmp_path_factory.mktemp('keystone'))
    server.start()
    yield server
    server.stop()


def _register_authtoken_options():
    for group, opts in auth_token.list_opts():
        CONF.register_opts(opts, group=group)
    loading.register_auth_conf_options(CONF, GROUP)
    CONF.register_opts(loading.get_auth_plugin_conf_options('password'),
                       group=GROUP)
    # The password plugin's options where the services' image calls read
    # them (keystoneauth registers them itself when it reads a file).
    CONF.register_opts(loading.get_auth_plugin_conf_options('password'),
                       group='glance')


@pytest.fixture
def api(keystone, all_in_one, overrides):
    _register_authtoken_options()
    overrides('auth_strategy', 'keystone', group='api')
    for name, value in (('www_authenticate_uri', keystone.url),
                        ('auth_url', keystone.url), ('auth_type', 'password'),
                        ('username', 'admin'),
                        ('password', keystone_fixture.ADMIN_PASSWORD),
                        ('project_name', 'admin'),
                        ('user_domain_id', 'default'),
                        ('project_domain_id', 'default')):
        overrides(name, value, group=GROUP)
        if name != 'www_authenticate_uri':
            # The services' own credentials for the image API.
            overrides(name, value, group='glance')
    aio = all_in_one(hosts=1)
    aio.client.image_url = aio.image_url
    aio.client.placement_url = 'http://127.0.0.1:%d' % aio.placement.port
    return aio.client


def test_real_tokens_drive_the_api(keystone, api):
    demo = keystone.project('demo')
    keystone.user('alice', 'alice-pw', demo, 'member')
    keystone.user('rita', 'rita-pw', demo, 'reader')
    other = keystone.project('other')
    keystone.user('bob', 'bob-pw', other, 'member')
    admin = api.as_user(keystone.admin_token)
    alice = api.as_user(keystone.token('alice', 'alice-pw', 'demo'))
    rita = api.as_user(keystone.token('rita', 'rita-pw', 'demo'))
    bob = api.as_user(keystone.token('bob', 'bob-pw', 'other'))

    assert api.as_user('not-a-token').get('/flavors')[0] == 401
    assert api.as_user('').get('/flavors')[0] == 401
    assert api.call('GET', '/')[0] == 200  # versions need no token
    # Nor does the version document at /v2.1 (keystoneauth's discovery
    # asks without one): the same body as with a token.
    for path in ('/v2.1', '/v2.1/'):
        status, body = api.as_user('not-a-token').call('GET', path)
        assert status == 200, body
        assert body == admin.call('GET', path)[1]
        assert body['version']['id'] == 'v2.1'

    flavor = {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512, 'vcpus': 1,
                         'disk': 1}}
    assert alice.post('/flavors', flavor)[0] == 403
    assert admin.post('/flavors', flavor)[0] == 200
    assert alice.get('/os-hypervisors')[0] == 403
    assert admin.get('/os-hypervisors')[0] == 200

    status, body = alice.post('/servers', {'server': {'name': 'web',
                                                      'flavorRef': 'm1'}})
    assert status == 202, body
    server = alice.wait_server(body['server']['id'])
    assert server['status'] == 'ACTIVE'
    assert server['tenant_id'] == demo
    assert 'OS-EXT-SRV-ATTR:host' not in server

    assert [s['id'] for s in rita.get('/servers')[1]['servers']] == [
        server['id']]
    assert rita.delete('/servers/%s' % server['id'])[0] == 403
    assert bob.get('/servers/%s' % server['id'])[0] == 404
    assert bob.get('/servers')[1] == {'servers': []}
    assert admin.get('/servers/%s' % server['id'])[1]['server'][
        'OS-EXT-SRV-ATTR:host'] == 'sim-host-1'
    assert alice.delete('/servers/%s' % server['id'])[0] == 204


def _osc(keystone, user, password, project, *args):
    command = [os.path.join(os.path.dirname(sys.executable), 'openstack'),
               '--os-auth-url', keystone.url,
               '--os-identity-api-version', '3',
               '--os-username', user, '--os-password', password,
               '--os-project-name', project,
               '--os-user-domain-id', 'default',
               '--os-project-domain-id', 'default',
               '--os-region-name', 'RegionOne'] + list(args)
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=120)
    return result.returncode, result.stdout, result.stderr


def test_openstack_cli_with_keystone_tokens(keystone, api):
    keystone.register_endpoint('compute', api.base + '/v2.1')
    demo = keystone.project('osc-demo')
    keystone.user('carol', 'carol-pw', demo, 'member')
    admin = ('admin', keystone_fixture.ADMIN_PASSWORD, 'admin')
    carol = ('carol', 'carol-pw', 'osc-demo')

    code, out, err = _osc(keystone, *admin, 'flavor', 'create', '--ram',
                          '512', '--vcpus', '1', '--disk', '1', '--id',
                          'tiny', 'm1.tiny', '-f', 'json')
    assert code == 0, err
    assert json.loads(out)['name'] == 'm1.tiny'
    code, out, err = _osc(keystone, *carol, 'flavor', 'create', '--ram',
                          '1', '--vcpus', '1', 'nope')
    assert code != 0 and '403' in err
    code, out, err = _osc(keystone, *admin, '--os-compute-api-version',
                          '2.86', 'flavor', 'set', '--property',
                          'hw:cpu_policy=sometimes', 'm1.tiny')
    assert code != 0 and 'hw:cpu_policy' in err
    code, out, err = _osc(keystone, *admin, '--os-compute-api-version',
                          '2.86', 'flavor', 'set', '--property',
                          'hw:cpu_policy=dedicated', 'm1.tiny')
    assert code == 0, err
    code, out, err = _osc(keystone, *carol, 'flavor', 'list', '-f', 'json')
    assert [f['Name'] for f in json.loads(out)] == ['m1.tiny']
    code, out, err = _osc(keystone, *carol, 'server', 'list', '-f', 'json')
    assert (code, json.loads(out)) == (0, [])


def test_openstack_cli_shares_images_between_keystone_projects(
        keystone, api, tmp_path):
    """What needs an identity service: `image add project` (the member
    project looked up in Keystone) and `image set --accept` (the member's
    own project, from its token)."""
    keystone.register_endpoint('image', api.image_url)
    owner = keystone.project('img-owner')
    member = keystone.project('img-member')
    keystone.user('olga', 'olga-pw', owner, 'member')
    keystone.user('mike', 'mike-pw', member, 'member')
    olga = ('olga', 'olga-pw', 'img-owner')
    mike = ('mike', 'mike-pw', 'img-member')
    source = tmp_path / 'disk.raw'
    source.write_bytes(b'shared-bits' * 100)

    code, out, err = _osc(keystone, *olga, 'image', 'create', '--file',
                          str(source), '--disk-format', 'raw',
                          '--container-format', 'bare', '--shared',
                          'team-image', '-f', 'json')
    assert code == 0, err
    image = json.loads(out)
    assert image['owner'] == owner
    code, out, err = _osc(keystone, *olga, 'image', 'add', 'project',
                          'team-image', member, '-f', 'json')
    assert code == 0, err
    assert json.loads(out)['status'] == 'pending'
    code, out, err = _osc(keystone, *mike, 'image', 'list', '--shared',
                          '--member-status', 'pending', '-f', 'json')
    assert [i['Name'] for i in json.loads(out)] == ['team-image'], err
    code, out, err = _osc(keystone, *mike, 'image', 'set', '--accept',
                          image['id'])
    assert code == 0, err
    code, out, err = _osc(keystone, *mike, 'image', 'list', '-f', 'json')
    assert [i['Name'] for i in json.loads(out)] == ['team-image'], err
    code, out, err = _osc(keystone, *mike, 'image', 'set', '--tag', 'x',
                          image['id'])
    assert code != 0  # a member may not change the image
    code, out, err = _osc(keystone, *olga, 'image', 'remove', 'project',
                          'team-image', member)
    assert code == 0, err
    code, out, err = _osc(keystone, *mike, 'image', 'list', '--shared',
                          '--member-status', 'all', '-f', 'json')
    assert json.loads(out) == [], err


def test_placement_wants_a_token_and_an_admin(keystone, api):
    demo = keystone.project('placement-demo')
    keystone.user('pat', 'pat-pw', demo, 'member')
    member = keystone.token('pat', 'pat-pw', 'placement-demo')
    url = api.placement_url + '/resource_providers'
    headers = {'OpenStack-API-Version': 'placement 1.39'}
    assert requests.get(url, headers=headers).status_code == 401
    refused = requests.get(url, headers=dict(headers,
                                             **{'X-Auth-Token': member}))
    assert refused.status_code == 403
    assert refused.json()['errors'][0]['code'] == 'placement.undefined_code'
    allowed = requests.get(url, headers=dict(
        headers, **{'X-Auth-Token': keystone.admin_token}))
    assert allowed.status_code == 200
    # The root (versions) needs no token.
    assert requests.get(api.placement_url + '/').status_code == 200


def test_openstack_cli_quotas_with_keystone_projects(keystone, api):
    """`openstack quota show/set` look the project up in Keystone, so
    they need one: an admin sets a project's quotas, its member reads
    them (by the project's id: Keystone lets a member look up its own
    project, not list projects by name) with what is in use, and is held
    to them."""
    keystone.register_endpoint('compute', api.base + '/v2.1')
    project = keystone.project('quota-demo')
    keystone.user('quinn', 'quinn-pw', project, 'member')
    admin = ('admin', keystone_fixture.ADMIN_PASSWORD, 'admin')
    quinn = ('quinn', 'quinn-pw', 'quota-demo')
    code, out, err = _osc(keystone, *admin, 'flavor', 'create', '--ram',
                          '512', '--vcpus', '2', '--disk', '1', '--id',
                          'q1', 'q1')
    assert code == 0, err
    code, out, err = _osc(keystone, *admin, 'quota', 'set', '--instances',
                          '1', '--cores', '8', 'quota-demo')
    assert code == 0, err
    code, out, err = _osc(keystone, *quinn, 'quota', 'show', '--compute',
                          project, '-f', 'json')
    assert code == 0, err
    shown = {row['Resource']: row['Limit'] for row in json.loads(out)}
    assert (shown['instances'], shown['cores']) == (1, 8), shown
    code, out, err = _osc(keystone, *quinn, 'quota', 'set', '--instances',
                          '5', project)
    assert code != 0 and '403' in err
    member = api.as_user(keystone.token('quinn', 'quinn-pw', 'quota-demo'))
    member.boot('q1', name='one', networks='none', version='2.37')
    status, body = member.post('/servers', {'server': {
        'name': 'two', 'flavorRef': 'q1', 'networks': 'none'}},
        headers={'OpenStack-API-Version': 'compute 2.37'})
    assert status == 403
    assert body['forbidden']['message'] == (
        'Quota exceeded for instances: Requested 1, but already used 1 of '
        '1 instances')
    code, out, err = _osc(keystone, *quinn, 'quota', 'show', '--usage',
                          '--compute', project, '-f', 'json')
    assert code == 0, err
    used = {row['Resource']: row['In Use'] for row in json.loads(out)}
    assert (used['instances'], used['cores']) == (1, 2), used
    code, out, err = _osc(keystone, *quinn, 'limits', 'show', '--absolute',
                          '-f', 'json')
    absolute = {row['Name']: row['Value'] for row in json.loads(out)}
    assert (absolute['instances'], absolute['instances_used']) == (1, 1)


def test_a_snapshot_completes_behind_keystone(keystone, api):
    """The compute uploads a user's snapshot to the image API with its
    own Keystone credentials ([glance]): the image goes active (with the
    lab's token the image API answered 401 and it stayed queued)."""
    demo = keystone.project('snap-demo')
    keystone.user('sam', 'sam-pw', demo, 'member')
    token = keystone.token('sam', 'sam-pw', 'snap-demo')
    sam = api.as_user(token)
    admin = api.as_user(keystone.admin_token)
    admin.post('/flavors', {'flavor': {'name': 's1', 'id': 's1', 'ram': 256,
                                       'vcpus': 1, 'disk': 1}})
    headers = {'X-Auth-Token': token}
    image = requests.post(api.image_url + '/v2/images', headers=headers,
                          json={'name': 'base', 'disk_format': 'raw',
                                'container_format': 'bare'}).json()
    assert requests.put(
        api.image_url + '/v2/images/%s/file' % image['id'], data=b'bits',
        headers=dict(headers, **{'Content-Type': 'application/octet-stream'})
    ).status_code == 204
    status, body = sam.post('/servers', {'server': {
        'name': 'snapme', 'flavorRef': 's1', 'imageRef': image['id']}})
    assert status == 202, body
    server = sam.wait_server(body['server']['id'])
    assert server['status'] == 'ACTIVE', server
    status, body = sam.post('/servers/%s/action' % server['id'], {
        'createImage': {'name': 'snap'}}, headers={
            'OpenStack-API-Version': 'compute 2.45'})
    assert status == 202, body
    url = api.image_url + '/v2/images/%s' % body['image_id']
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        snapshot = requests.get(url, headers=headers).json()
        if snapshot['status'] in ('active', 'killed'):
            break
        time.sleep(0.5)
    assert (snapshot['status'], snapshot['owner']) == ('active', demo)
    assert sam.wait_server(server['id'], ('ACTIVE',), settled=True)
