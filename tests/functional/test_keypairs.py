# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""os-keypairs as the openstack client and the REST API use it: import,
generate, list, show, delete, per microversion, and bad input refused."""
import subprocess

import pytest

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def _ssh_keygen(tmp_path, name='id'):
    path = tmp_path / name
    subprocess.run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f',
                    str(path)], check=True)
    md5 = subprocess.run(['ssh-keygen', '-l', '-E', 'md5', '-f',
                          str(path) + '.pub'], capture_output=True,
                         text=True, check=True).stdout.split()[1]
    return str(path) + '.pub', md5[len('MD5:'):]


def test_the_openstack_client_imports_generates_lists_and_deletes(
        aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)

    def _osc(aio, *args, fails=False):
        return compute_calls.osc(env, *args, fails=fails)
    public, fingerprint = _ssh_keygen(tmp_path)
    made = _osc(aio, 'keypair', 'create', '--public-key', public, 'mine',
                '-f', 'json')
    assert (made['name'], made['fingerprint'], made['type']) == (
        'mine', fingerprint, 'ssh')
    private = tmp_path / 'new.pem'
    _osc(aio, 'keypair', 'create', '--private-key', str(private), 'made')
    private.chmod(0o600)  # as ssh asks of a private key
    derived = subprocess.run(['ssh-keygen', '-y', '-f', str(private)],
                             capture_output=True, text=True, check=True)
    shown = _osc(aio, 'keypair', 'show', 'made', '-f', 'json')
    assert shown['user_id'] == 'admin'
    # The private key the create answered belongs to the public key kept.
    kept = aio.client.get('/os-keypairs/made')[1]['keypair']
    assert kept['fingerprint'] == shown['fingerprint']
    assert kept['public_key'].split()[:2] == derived.stdout.split()[:2]
    assert kept['user_id'] == 'admin'
    listed = _osc(aio, 'keypair', 'list', '-f', 'json')
    assert sorted(k['Name'] for k in listed) == ['made', 'mine']
    refused = _osc(aio, 'keypair', 'create', '--public-key', public, 'mine',
                   fails=True)
    assert "Key pair 'mine' already exists." in refused
    _osc(aio, 'keypair', 'delete', 'mine')
    assert [k['Name'] for k in _osc(aio, 'keypair', 'list', '-f',
                                    'json')] == ['made']
    assert 'mine' in _osc(aio, 'keypair', 'delete', 'mine', fails=True)


def _at(aio, version):
    return {'OpenStack-API-Version': 'compute %s' % version}


@pytest.mark.parametrize('version, status, has_type', [
    ('2.1', 200, False), ('2.2', 201, True), ('2.86', 201, True)])
def test_create_answers_per_version(aio, version, status, has_type):
    code, body = aio.client.post('/os-keypairs', {'keypair': {'name': 'k'}},
                                 headers=_at(aio, version))
    assert code == status, body
    keypair = body['keypair']
    assert ('type' in keypair) == has_type
    assert keypair['private_key'].startswith('-----BEGIN RSA PRIVATE KEY')
    assert keypair['public_key'].startswith('ssh-rsa ')
    assert len(keypair['fingerprint'].split(':')) == 16
    assert keypair['user_id'] == 'admin'
    shown = aio.client.get('/os-keypairs/k', headers=_at(aio, version))[1]
    assert 'private_key' not in shown['keypair']
    assert set(shown['keypair']) >= {'id', 'created_at', 'deleted',
                                     'deleted_at', 'updated_at', 'user_id'}
    code, _ = aio.client.delete('/os-keypairs/k', headers=_at(aio, version))
    assert code == (202 if version == '2.1' else 204)
    code, body = aio.client.get('/os-keypairs/k')
    assert code == 404
    assert body['itemNotFound']['message'] == (
        'Keypair k not found for user admin')


@pytest.mark.parametrize('keypair, version, words', [
    ({'name': 'k', 'public_key': 'ssh-rsa not-a-key'}, '2.86',
     'Keypair data is invalid: failed to generate fingerprint'),
    ({'name': 'k', 'public_key': 'junk', 'type': 'x509'}, '2.86',
     'Keypair data is invalid: failed to generate X509 fingerprint'),
    ({'name': 'bad/name'}, '2.86',
     'Keypair data is invalid: Keypair name contains unsafe characters'),
    ({'name': ''}, '2.86', 'Invalid input for field/attribute name'),
    ({'name': 'k', 'type': 'pgp'}, '2.86',
     "Invalid input for field/attribute type"),
    ({'name': 'k', 'type': 'ssh'}, '2.1',
     "Additional properties are not allowed ('type' was unexpected)"),
    ({'name': 'k', 'user_id': 'bob'}, '2.9',
     "Additional properties are not allowed ('user_id' was unexpected)"),
    # 2.92: the client brings the key; '@' and '.' are taken in names.
    ({'name': 'k'}, '2.92', "'public_key' is a required property"),
    ({'name': 'a@b', 'public_key': 'x'}, '2.91',
     'Keypair data is invalid: Keypair name contains unsafe characters'),
    ({'name': 'a/b', 'public_key': 'x'}, '2.92',
     'Keypair data is invalid: Keypair name contains unsafe characters'),
])
def test_bad_keypairs_are_refused_naming_why(aio, keypair, version, words):
    code, body = aio.client.post('/os-keypairs', {'keypair': keypair},
                                 headers=_at(aio, version))
    assert code == 400, body
    assert words in body['badRequest']['message']
    assert aio.client.get('/os-keypairs')[1] == {'keypairs': []}


def _latest(api):
    api.session.headers['OpenStack-API-Version'] = 'compute 2.86'
    return api


def test_a_user_sees_only_their_own_and_an_admin_acts_for_others(aio):
    alice = _latest(aio.client.as_user('alice:demo'))
    admin = _latest(aio.client.as_user('admin:admin'))
    assert alice.post('/os-keypairs', {'keypair': {'name': 'a'}})[0] == 201
    assert admin.get('/os-keypairs')[1] == {'keypairs': []}
    assert [k['keypair']['name'] for k in admin.get(
        '/os-keypairs?user_id=alice')[1]['keypairs']] == ['a']
    code, body = alice.get('/os-keypairs?user_id=admin')
    assert code == 403
    assert 'os_compute_api:os-keypairs:index' in body['forbidden'][
        'message']
    code, _ = admin.post('/os-keypairs', {'keypair': {
        'name': 'for-alice', 'user_id': 'alice'}})
    assert code == 201
    assert sorted(k['keypair']['name'] for k in alice.get(
        '/os-keypairs')[1]['keypairs']) == ['a', 'for-alice']
    assert alice.delete('/os-keypairs/a?user_id=admin')[0] == 403
    assert admin.delete('/os-keypairs/a?user_id=alice')[0] == 204
    # A generated certificate names its user: one longer than a common
    # name may be still gets one.
    code, body = admin.post('/os-keypairs', {'keypair': {
        'name': 'cert', 'type': 'x509', 'user_id': 'u' * 80}})
    assert code == 201, body
    assert body['keypair']['public_key'].startswith(
        '-----BEGIN CERTIFICATE-----')
    code, body = admin.post('/os-keypairs', {'keypair': {
        'name': 'long', 'user_id': 'u' * 256}})
    assert code == 400
    assert 'user_id' in body['badRequest']['message']


def test_the_list_pages_by_name_from_2_35(aio):
    for name in ('c', 'a', 'b'):
        aio.client.post('/os-keypairs', {'keypair': {'name': name}})
    code, body = aio.client.get('/os-keypairs?limit=2',
                                headers=_at(aio, '2.35'))
    assert [k['keypair']['name'] for k in body['keypairs']] == ['a', 'b']
    next_link = body['keypairs_links'][0]['href']
    assert 'marker=b' in next_link and '/os-keypairs?' in next_link
    code, body = aio.client.get('/os-keypairs?limit=2&marker=b',
                                headers=_at(aio, '2.35'))
    assert [k['keypair']['name'] for k in body['keypairs']] == ['c']
    assert 'keypairs_links' not in body
    code, body = aio.client.get('/os-keypairs?marker=zz',
                                headers=_at(aio, '2.35'))
    assert code == 400
    assert body['badRequest']['message'] == 'marker [zz] not found'
    # Before 2.35 the whole list, whatever the query says.
    code, body = aio.client.get('/os-keypairs?limit=1',
                                headers=_at(aio, '2.34'))
    assert len(body['keypairs']) == 3


def test_from_2_92_the_client_brings_the_key_and_names_take_at_and_dot(
        aio, tmp_path):
    """The API no longer makes key pairs: the openstack client makes one
    itself and sends its public key; a name may be an e-mail address or
    a host name."""
    env = compute_calls.cloud_env(tmp_path, aio)
    private = tmp_path / 'made.pem'
    compute_calls.osc(env, 'keypair', 'create', '--private-key',
                      str(private), 'alice@laptop.home', version='2.92')
    private.chmod(0o600)
    derived = subprocess.run(['ssh-keygen', '-y', '-f', str(private)],
                             capture_output=True, text=True, check=True)
    kept = compute_calls.osc(env, 'keypair', 'show', 'alice@laptop.home',
                             '--public-key', version='2.92')
    assert kept.split()[:2] == derived.stdout.split()[:2]
    public, fingerprint = _ssh_keygen(tmp_path)
    made = compute_calls.osc(env, 'keypair', 'create', '--public-key',
                             public, 'ci.example', '-f', 'json',
                             version='2.92')
    assert made['fingerprint'] == fingerprint
    compute_calls.osc(env, 'keypair', 'delete', 'alice@laptop.home',
                      version='2.92')
    assert [k['Name'] for k in compute_calls.osc(
        env, 'keypair', 'list', '-f', 'json', version='2.92')] == [
            'ci.example']
