# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a create takes beyond name and flavor, as the openstack client
sends it, and what it refuses (each refusal names the field and creates
nothing)."""
import base64
import subprocess
import threading

import openstack
import pytest
import sqlalchemy

from nova_lite.db import engine
from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _latest(api):
    api.session.headers['OpenStack-API-Version'] = 'compute 2.86'
    return api


def test_the_openstack_client_boots_with_key_properties_user_data_and_drive(
        aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    compute_calls.active_image(aio)
    subprocess.run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f',
                    str(tmp_path / 'id')], check=True)
    compute_calls.osc(env, 'keypair', 'create', '--public-key',
                      str(tmp_path / 'id.pub'), 'k')
    user_data = tmp_path / 'user-data'
    user_data.write_text('#!/bin/sh\necho hello\n')
    server = compute_calls.osc(
        env, 'server', 'create', '--image', 'disk', '--flavor', 'm1',
        '--nic', 'none', '--key-name', 'k', '--property', 'a=b',
        '--user-data', str(user_data), '--config-drive', 'true', '--wait',
        's1', '-f', 'json')
    assert server['status'] == 'ACTIVE'
    assert server['key_name'] == 'k'
    assert server['properties'] == {'a': 'b'}
    assert server['config_drive'] == 'True'
    assert server['OS-EXT-SRV-ATTR:user_data'] == base64.b64encode(
        user_data.read_bytes()).decode()
    public_key = (tmp_path / 'id.pub').read_text().split()[:2]
    assert aio.client.get('/os-keypairs/k')[1]['keypair'][
        'public_key'].split()[:2] == public_key


def test_the_create_answer_and_body_carry_what_was_asked(aio, overrides):
    api = _latest(aio.client.as_user('admin:admin'))
    code, body = api.post('/servers', {'server': {
        'name': 'v', 'flavorRef': 'm1', 'networks': 'none',
        'adminPass': 'sesame', 'accessIPv4': '192.0.2.7',
        'accessIPv6': '2001:db8::7', 'OS-DCF:diskConfig': 'AUTO',
        'availability_zone': 'nova', 'metadata': {'role': 'web'}}})
    assert code == 202, body
    assert body['server']['adminPass'] == 'sesame'
    assert body['server']['OS-DCF:diskConfig'] == 'AUTO'
    shown = aio.client.wait_server(body['server']['id'])
    assert (shown['accessIPv4'], shown['accessIPv6']) == ('192.0.2.7',
                                                          '2001:db8::7')
    assert shown['OS-DCF:diskConfig'] == 'AUTO'
    assert shown['OS-EXT-AZ:availability_zone'] == 'nova'
    assert shown['metadata'] == {'role': 'web'}
    assert shown['config_drive'] == ''
    overrides('enable_instance_password', False, group='api')
    code, body = api.post('/servers', {'server': {
        'name': 'w', 'flavorRef': 'm1', 'networks': 'none'}})
    assert 'adminPass' not in body['server']


def test_access_addresses_and_disk_config_are_updated_as_sent_by_the_sdk(
        aio, tmp_path, monkeypatch):
    """openstacksdk's update_server changes the access addresses and the
    disk configuration (at every version, as Nova); an IPv6 address is
    kept and shown in its canonical form, on create and update;
    a bad one is refused naming the field, changing nothing."""
    env = compute_calls.cloud_env(tmp_path, aio)
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', env['OS_CLIENT_CONFIG_FILE'])
    conn = openstack.connect(cloud='aio', compute_api_version='2.1')
    api = _latest(aio.client.as_user('admin:admin'))
    code, body = api.post('/servers', {'server': {
        'name': 'v', 'flavorRef': 'm1', 'networks': 'none',
        'accessIPv6': '0000:0000:0000:0000:0000:babe:220.12.22.2'}})
    assert code == 202, body
    sid = body['server']['id']
    assert aio.client.wait_server(sid)['accessIPv6'] == '::babe:dc0c:1602'
    server = conn.compute.update_server(
        sid, access_ipv4='192.0.2.70', access_ipv6='2001:0db8:0:0::70',
        disk_config='AUTO')
    assert (server.access_ipv4, server.access_ipv6, server.disk_config) == (
        '192.0.2.70', '2001:db8::70', 'AUTO')
    # A scoped address (taken by the validation) keeps its scope.
    code, answer = api.put('/servers/%s' % sid, {'server': {
        'accessIPv6': 'fe80:0::1%a/b'}})
    assert (code, answer['server']['accessIPv6']) == (200, 'fe80::1%a/b')
    code, answer = api.put('/servers/%s' % sid, {'server': {
        'accessIPv6': '2001:db8::70'}})
    assert code == 200, answer
    shown = aio.client.get('/servers/%s' % sid)[1]['server']
    assert (shown['accessIPv4'], shown['accessIPv6'],
            shown['OS-DCF:diskConfig']) == ('192.0.2.70', '2001:db8::70',
                                            'AUTO')
    for bad, words in (({'accessIPv4': '300.1.1.1'}, "is not a 'ipv4'"),
                       ({'accessIPv6': 'nope'}, "is not a 'ipv6'"),
                       ({'OS-DCF:diskConfig': 'SOMETIMES'},
                        'OS-DCF:diskConfig')):
        code, answer = api.put('/servers/%s' % sid, {'server': bad})
        assert code == 400 and words in answer['badRequest']['message'], \
            answer
    assert aio.client.get('/servers/%s' % sid)[1]['server'] == shown


def test_a_flavor_too_small_for_its_image_is_refused(aio, tmp_path):
    """The image's min_ram and min_disk (set with ``openstack image set``)
    hold a create, a rebuild and a resize to a flavor that can carry it,
    as Nova: 400 in Nova's words, nothing made or changed."""
    env = compute_calls.cloud_env(tmp_path, aio)
    small = compute_calls.active_image(aio, 'small')
    compute_calls.active_image(aio, 'needy')
    osc = compute_calls.osc
    aio.client.create_flavor('big', flavor_id='big', ram=4096, disk=20)
    aio.client.create_flavor('lean', flavor_id='lean', ram=512, disk=20)
    osc(env, 'image', 'set', '--min-ram', '2048', '--min-disk', '10',
        'needy')
    m1 = aio.client.get('/flavors/m1')[1]['flavor']
    assert m1['ram'] < 2048 and m1['disk'] < 10, m1
    refused = osc(env, 'server', 'create', '--image', 'needy', '--flavor',
                  'm1', '--nic', 'none', 'x', fails=True)
    assert "400: Client Error" in refused and \
        "Flavor's memory is too small for requested image." \
        in refused, refused
    assert aio.client.get('/servers')[1]['servers'] == []
    osc(env, 'image', 'set', '--min-ram', '0', 'needy')
    refused = osc(env, 'server', 'create', '--image', 'needy', '--flavor',
                  'm1', '--nic', 'none', 'x', fails=True)
    assert ("Flavor's disk is smaller than the minimum size specified in "
            "image metadata. Flavor disk is %d bytes, minimum size is "
            "10737418240 bytes." % (m1['disk'] * 1024 ** 3)) in refused, \
        refused
    osc(env, 'image', 'set', '--min-ram', '2048', 'needy')
    server = osc(env, 'server', 'create', '--image', 'small', '--flavor',
                 'm1', '--nic', 'none', '--wait', 'ok', '-f', 'json')
    refused = osc(env, 'server', 'rebuild', '--image', 'needy',
                  server['id'], fails=True)
    assert "Flavor's memory is too small" in refused, refused
    osc(env, 'server', 'create', '--image', 'needy', '--flavor', 'big',
        '--nic', 'none', '--wait', 'roomy', '-f', 'json')
    roomy = osc(env, 'server', 'show', 'roomy', '-f', 'json')
    code, body = aio.client.post('/servers/%s/action' % roomy['id'], {
        'resize': {'flavorRef': 'lean'}})
    assert (code, body['badRequest']['message']) == (
        400, "Flavor's memory is too small for requested image."), body
    for sid, image in ((server['id'], small), (roomy['id'], None)):
        shown = aio.client.get('/servers/%s' % sid)[1]['server']
        assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
            'ACTIVE', None), shown
        if image:
            assert shown['image']['id'] == image
    assert aio.client.get('/servers/%s' % roomy['id'])[1]['server'][
        'flavor']['id'] == 'big'


def _refused(aio, server, words, status=400, hints=None, version='2.86'):
    body = {'server': dict({'name': 'x', 'flavorRef': 'm1',
                            'networks': 'none'}, **server)}
    if hints is not None:
        body['os:scheduler_hints'] = hints
    code, answer = aio.client.post('/servers', body, headers={
        'OpenStack-API-Version': 'compute %s' % version})
    assert code == status, answer
    assert words in next(iter(answer.values()))['message']
    assert aio.client.get('/servers')[1]['servers'] == []


@pytest.mark.parametrize('server, words', [
    ({'user_data': 'not base64!'}, 'field/attribute user_data'),
    ({'user_data': 'QQ' * 40000}, 'field/attribute user_data'),
    ({'accessIPv4': '300.1.1.1'}, "'300.1.1.1' is not a 'ipv4'"),
    ({'accessIPv6': '192.0.2.1'}, "is not a 'ipv6'"),
    ({'OS-DCF:diskConfig': 'SOMETIMES'}, 'OS-DCF:diskConfig'),
    ({'metadata': {'k': 'v' * 256}}, 'field/attribute k'),
    ({'metadata': {'': 'v'}}, 'field/attribute metadata'),
    ({'config_drive': 'perhaps'}, 'field/attribute config_drive'),
    ({'key_name': 'nobody'}, 'Invalid key_name provided.'),
    ({'availability_zone': 'elsewhere'},
     'The requested availability zone is not available'),
    ({'adminPass': 5}, 'field/attribute adminPass'),
])
def test_bad_create_fields_are_refused(aio, server, words):
    _refused(aio, server, words)


def test_too_much_metadata_is_forbidden(aio, overrides):
    overrides('metadata_items', 2, group='quota')
    _refused(aio, {'metadata': {'a': '1', 'b': '2', 'c': '3'}},
             'Maximum number of metadata items exceeds 2', status=403)


@pytest.mark.parametrize('hints, words', [
    ({'same_host': 'not-a-uuid'}, "is not valid under any of the given"),
    ({'group': '4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1'},
     'Instance group 4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1 could not be '
     'found.'),
])
def test_bad_scheduler_hints_are_refused(aio, hints, words):
    _refused(aio, {}, words, hints=hints)


def test_same_host_and_different_host_place_servers(aio):
    first = aio.client.boot('m1')
    host = first['OS-EXT-SRV-ATTR:host']
    for hint, same in (('same_host', True), ('different_host', False)):
        code, body = aio.client.post('/servers', {
            'server': {'name': hint, 'flavorRef': 'm1'},
            'os:scheduler_hints': {hint: [first['id']]}})
        assert code == 202, body
        placed = aio.client.wait_server(body['server']['id'])
        assert placed['status'] == 'ACTIVE'
        assert (placed['OS-EXT-SRV-ATTR:host'] == host) is same


def test_a_host_in_the_zone_is_for_admins(aio):
    hosts = sorted(h['hypervisor_hostname'] for h in aio.client.get(
        '/os-hypervisors')[1]['hypervisors'])
    alice = aio.client.as_user('alice:demo')
    code, body = alice.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'm1',
        'availability_zone': 'nova:%s' % hosts[1]}})
    assert code == 403
    code, body = aio.client.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'm1',
        'availability_zone': 'nova:%s' % hosts[1]}})
    assert code == 202
    placed = aio.client.wait_server(body['server']['id'])
    assert placed['OS-EXT-SRV-ATTR:hypervisor_hostname'] == hosts[1]


def _personality(path='/etc/motd', contents=b'hello'):
    return [{'path': path,
             'contents': base64.b64encode(contents).decode()}]


def test_personality_is_taken_to_2_56(aio, tmp_path):
    _refused(aio, {'personality': _personality()},
             "('personality' was unexpected)", version='2.57')
    code, body = aio.client.post('/servers', {'server': {
        'name': 'p', 'flavorRef': 'm1', 'networks': 'none',
        'personality': _personality()}},
        headers={'OpenStack-API-Version': 'compute 2.56'})
    assert code == 202, body


@pytest.mark.parametrize('files, words', [
    ([_personality()[0]] * 6, 'Personality file limit exceeded'),
    (_personality(path='/' + 'p' * 300),
     'Personality file path exceeds maximum 255'),
    (_personality(contents=b'x' * 10241),
     'Personality file content exceeds maximum 10240'),
])
def test_personality_beyond_its_limits_is_forbidden(aio, files, words):
    _refused(aio, {'personality': files}, words, status=403,
             version='2.56')


def test_force_config_drive(aio, overrides):
    overrides('force_config_drive', True, group='compute')
    server = aio.client.boot('m1')
    assert server['config_drive'] == 'True'


def test_a_create_reads_what_it_names_in_one_transaction(aio):
    """Flavor, key pair, zone, group and the limits of metadata and group
    members: one reader transaction of the API's, not one each; the
    project's and the user's usage: one more."""
    aio.client.put('/os-quota-sets/demo', {'quota_set': {'instances': 5}})
    api = _latest(aio.client.as_user('demo:demo'))
    api.post('/os-keypairs', {'keypair': {'name': 'k'}})
    group = api.post('/os-server-groups', {'server_group': {
        'name': 'g', 'policy': 'anti-affinity'}})[1]['server_group']
    api_readers = []

    def checked_out(*args):
        if threading.current_thread().name.startswith('waitress'):
            api_readers.append(args)
    pool = engine.reader.get_engine().pool
    sqlalchemy.event.listen(pool, 'checkout', checked_out)
    try:
        code, body = api.post('/servers', {
            'server': {'name': 'named', 'flavorRef': 'm1',
                       'networks': 'none', 'key_name': 'k',
                       'availability_zone': 'nova',
                       'metadata': {'role': 'web'}},
            'os:scheduler_hints': {'group': group['id']}})
    finally:
        sqlalchemy.event.remove(pool, 'checkout', checked_out)
    assert code == 202, body
    assert api.wait_server(body['server']['id'])['status'] == 'ACTIVE'
    # The named things; the quota guard's limits (apart: the project's
    # lock may be made after them, a write); the usage. Twelve before.
    assert len(api_readers) == 3, len(api_readers)
