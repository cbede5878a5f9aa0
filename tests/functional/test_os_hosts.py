# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/os-hosts (to 2.42), as the openstack client's host commands use it:
the hosts of the services and their zones, a compute host's capacity and
what each project uses of it, and the actions a libvirt host cannot take
(501, once the host is known and up)."""
import pytest

from tests.functional import compute_calls

at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', ram=256, vcpus=1, disk=1, flavor_id='m1')
    aio.client.create_flavor('m2', ram=512, vcpus=2, disk=2, flavor_id='m2')
    return aio


def _computes(aio):
    return sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])


def test_the_client_lists_and_shows_hosts(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    api = aio.client
    computes = _computes(aio)
    status, body = api.post('/os-aggregates', {'aggregate': {
        'name': 'a', 'availability_zone': 'zone-a'}})
    api.post('/os-aggregates/%s/action' % body['aggregate']['id'],
             {'add_host': {'host': computes[0]}})
    listed = compute_calls.osc(env, 'host', 'list', '-f', 'json')
    assert {(h['Host Name'], h['Service'], h['Zone']) for h in listed} >= {
        (computes[0], 'compute', 'zone-a'), (computes[1], 'compute', 'nova')}
    assert {h['Service'] for h in listed} >= {'conductor', 'scheduler'}
    assert {h['Zone'] for h in listed if h['Service'] != 'compute'} == {
        'internal'}
    # os-services shows the same zones.
    assert {s['host']: s['zone'] for s in api.get('/os-services')[1][
        'services'] if s['binary'] == 'nova-compute'} == {
        computes[0]: 'zone-a', computes[1]: 'nova'}
    zoned = api.get('/os-hosts?zone=zone-a')[1]['hosts']
    assert [h['host_name'] for h in zoned] == [computes[0]]
    alice = api.as_user('alice:demo')
    for flavor, client in (('m1', api), ('m2', alice), ('m2', alice)):
        client.boot(flavor, availability_zone='zone-a')
    shown = compute_calls.osc(env, 'host', 'show', computes[0], '-f', 'json')
    rows = {r['Project']: (r['CPU'], r['Memory MB'], r['Disk GB'])
            for r in shown}
    assert rows['(used_max)'] == (5, 1280, 5)
    assert rows['admin'] == (1, 256, 1)
    assert rows['demo'] == (4, 1024, 4)
    assert rows['(total)'][0] >= rows['(used_now)'][0] >= 5
    assert api.get('/os-hosts/nowhere')[0] == 404


def test_what_a_libvirt_host_cannot_do(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    api = aio.client
    host = _computes(aio)[0]
    error = compute_calls.osc(env, 'host', 'set', '--disable', host,
                              fails=True)
    assert 'HTTP 501' in error or 'not supported' in error
    status, body = api.put('/os-hosts/%s' % host, {'status': 'disable'})
    assert (status, body) == (501, {'notImplemented': {
        'code': 501,
        'message': 'The requested functionality is not supported.'}})
    for action in ('startup', 'shutdown', 'reboot'):
        assert api.get('/os-hosts/%s/%s' % (host, action))[0] == 501
    status, body = api.get('/os-hosts/nowhere/reboot')
    assert (status, body['itemNotFound']['message']) == (
        404, 'Host nowhere could not be found.')
    for bad in ({}, {'status': 'on'}, {'status': 'enable', 'x': 1}):
        assert api.put('/os-hosts/%s' % host, bad)[0] == 400
    assert api.as_user('alice:demo').get('/os-hosts')[0] == 403
    # Gone with 2.43, as the rest of os-hosts.
    assert api.get('/os-hosts', **at('2.43'))[0] == 404
    assert api.get('/os-hosts/%s' % host, **at('2.43'))[0] == 404
    assert api.get('/os-hosts', **at('2.42'))[0] == 200
