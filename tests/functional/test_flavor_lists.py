# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /flavors: filters, pagination, and private flavors with access."""
import urllib.parse

import pytest

from tests.functional import compute_calls

at = compute_calls.at


def _create(api, name, ram=512, disk=1, public=True):
    status, body = api.post('/flavors', {'flavor': {
        'name': name, 'id': name, 'ram': ram, 'vcpus': 1, 'disk': disk,
        'os-flavor-access:is_public': public}})
    assert status == 200, body


@pytest.fixture
def api(all_in_one):
    api = all_in_one(hosts=1).client
    for i, ram in enumerate((512, 1024, 2048, 4096)):
        _create(api, 'f%d' % i, ram=ram, disk=10 * i)
    _create(api, 'secret', ram=8192, public=False)
    return api


def _ids(api, query=''):
    status, body = api.get('/flavors?' + query)
    assert status == 200, body
    return [f['id'] for f in body['flavors']]


def test_filters_and_sorting(api):
    assert _ids(api) == ['f0', 'f1', 'f2', 'f3']
    assert _ids(api, 'minRam=1024') == ['f1', 'f2', 'f3']
    assert _ids(api, 'minDisk=20') == ['f2', 'f3']
    assert _ids(api, 'sort_key=memory_mb&sort_dir=desc') == [
        'f3', 'f2', 'f1', 'f0']
    assert _ids(api, 'is_public=false') == ['secret']
    assert _ids(api, 'is_public=none') == ['f0', 'f1', 'f2', 'f3', 'secret']
    for query, fragment in (('minRam=lots', 'Invalid minRam filter [lots]'),
                            ('is_public=maybe', 'Invalid is_public filter'),
                            ('sort_key=secret_sauce', 'Invalid sort_key'),
                            ('marker=nope', 'marker [nope] not found')):
        status, body = api.get('/flavors?' + query)
        assert status == 400
        assert fragment in body['badRequest']['message']


def test_pages_with_next_links(api):
    status, body = api.get('/flavors/detail?limit=3')
    ids = [f['id'] for f in body['flavors']]
    link = urllib.parse.urlsplit(body['flavors_links'][0]['href'])
    status, body = api.get('/flavors/detail?' + link.query)
    ids += [f['id'] for f in body['flavors']]
    assert 'flavors_links' not in body
    assert ids == ['f0', 'f1', 'f2', 'f3']


def test_private_flavor_is_shared_per_project(api):
    alice = api.as_user('alice:demo')
    assert 'secret' not in _ids(alice, 'is_public=none')
    assert alice.get('/flavors/secret')[0] == 404
    status, body = alice.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'secret'}})
    assert status == 400
    assert body['badRequest']['message'] == \
        'Flavor secret could not be found.'

    status, body = api.post('/flavors/secret/action', {
        'addTenantAccess': {'tenant': 'demo'}})
    assert (status, body) == (200, {'flavor_access': [
        {'flavor_id': 'secret', 'tenant_id': 'demo'}]})
    assert api.post('/flavors/secret/action', {
        'addTenantAccess': {'tenant': 'demo'}})[0] == 409
    assert api.get('/flavors/secret/os-flavor-access')[1] == body
    assert _ids(alice) == ['f0', 'f1', 'f2', 'f3', 'secret']
    assert alice.get('/flavors/secret')[0] == 200
    status, body = alice.post('/servers', {'server': {
        'name': 'a', 'flavorRef': 'secret'}})
    assert status == 202
    assert api.as_user('bob:other').get('/flavors/secret')[0] == 404

    assert alice.post('/flavors/secret/action', {
        'removeTenantAccess': {'tenant': 'demo'}})[0] == 403
    assert api.post('/flavors/secret/action', {
        'removeTenantAccess': {'tenant': 'demo'}})[0] == 200
    assert api.post('/flavors/secret/action', {
        'removeTenantAccess': {'tenant': 'demo'}})[0] == 404
    assert alice.get('/flavors/secret')[0] == 404


@pytest.mark.parametrize('body, code, fragment', [
    ({'addTenantAccess': {'tenant': 'demo'}}, 409,
     'Can not add access to a public flavor.'),
    ({'addTenantAccess': {}}, 400, "'tenant' is a required property"),
    ({'shareWithEveryone': {}}, 400, "'shareWithEveryone' was unexpected"),
    ({'addTenantAccess': {'tenant': 'a'}, 'removeTenantAccess': {}}, 400,
     'has too many properties'),
])
def test_bad_access_actions(api, body, code, fragment):
    status, answer = api.post('/flavors/f0/action', body)
    assert status == code, answer
    assert fragment in next(iter(answer.values()))['message']


def test_public_flavor_has_no_access_list(api):
    status, body = api.get('/flavors/f0/os-flavor-access')
    assert status == 404
    assert body['itemNotFound']['message'] == \
        'Access list not available for public flavors.'


def test_a_deleted_flavors_access_goes_with_it(all_in_one, tmp_path):
    """The access a deleted private flavor gave is not handed to the next
    flavor made (on SQLite the new one takes the deleted one's id), as
    the openstack client shows it (projects are given access through
    REST: the client looks their names up in an identity service)."""
    from tests.functional import compute_calls
    aio = all_in_one(hosts=1)
    env = compute_calls.cloud_env(tmp_path, aio)

    def access(flavor):
        return compute_calls.osc(env, 'flavor', 'show', flavor, '-f',
                                 'json')['access_project_ids']

    def add_access(flavor):
        return aio.client.post('/flavors/%s/action' % flavor, {
            'addTenantAccess': {'tenant': 'tenant-a'}})[0]
    compute_calls.osc(env, 'flavor', 'create', '--id', 'pa1', '--private',
                      'pa1')
    assert add_access('pa1') == 200
    assert access('pa1') == ['tenant-a']
    compute_calls.osc(env, 'flavor', 'delete', 'pa1')
    compute_calls.osc(env, 'flavor', 'create', '--id', 'pa2', '--private',
                      'pa2')
    assert access('pa2') == []
    assert add_access('pa2') == 200
    assert access('pa2') == ['tenant-a']


def test_name_filter_from_2_102(api):
    """A regular expression found anywhere in the name; ignored before
    2.102, as every unknown filter is there."""
    _create(api, 'm1.small')
    _create(api, 'ci.m1.small')

    def names(query, version='2.102'):
        status, body = api.get('/flavors/detail?' + query, **at(version))
        assert status == 200, body
        return sorted(f['name'] for f in body['flavors'])
    assert names('name=m1') == ['ci.m1.small', 'm1.small']
    assert names('name=%5Em1') == ['m1.small']
    assert names('name=f[12]$') == ['f1', 'f2']
    assert names('name=nothing') == []
    assert len(names('name=m1', version='2.101')) == 6
    status, body = api.get('/flavors?name=(', **at('2.102'))
    assert status == 400
    assert 'Invalid regular expression in name' in body[
        'badRequest']['message']


def test_rxtx_factor_is_gone_from_2_102(all_in_one, tmp_path):
    """Not taken at create nor shown; the openstack client refuses its
    option from 2.102 and lists flavors at any version."""
    aio = all_in_one(hosts=1)
    api = aio.client
    env = compute_calls.cloud_env(tmp_path, aio)
    status, body = api.post('/flavors', {'flavor': {
        'name': 'x', 'ram': 512, 'vcpus': 1, 'disk': 1,
        'rxtx_factor': 2.0}}, **at('2.102'))
    assert status == 400
    assert "'rxtx_factor' was unexpected" in body['badRequest']['message']
    assert api.get('/flavors?name=x', **at('2.102'))[1]['flavors'] == []
    status, body = api.post('/flavors', {'flavor': {
        'name': 'x', 'id': 'x', 'ram': 512, 'vcpus': 1, 'disk': 1,
        'rxtx_factor': 2.0}}, **at('2.101'))
    assert (status, body['flavor']['rxtx_factor']) == (200, 2.0)
    for path in ('/flavors/x', '/flavors/detail'):
        body = api.get(path, **at('2.102'))[1]
        shown = body.get('flavor') or body['flavors'][0]
        assert 'rxtx_factor' not in shown and shown['ram'] == 512
    assert api.get('/flavors/x', **at('2.101'))[1]['flavor'][
        'rxtx_factor'] == 2.0
    status, body = api.get('/flavors/x?minRam=1', **at('2.102'))
    assert status == 400
    assert "'minRam' was unexpected" in body['badRequest']['message']
    assert api.get('/flavors/x?minRam=1', **at('2.101'))[0] == 200
    error = compute_calls.osc(env, 'flavor', 'create', '--ram', '512',
                              '--disk', '1', '--rxtx-factor', '2', 'y',
                              version='2.102', fails=True)
    assert 'only supported until API microversion 2.101' in error
    shown = compute_calls.osc(env, 'flavor', 'create', '--ram', '512',
                              '--disk', '1', '--vcpus', '2', 'y', '-f',
                              'json', version='2.102')
    assert (shown['name'], shown['vcpus']) == ('y', 2)
    listed = compute_calls.osc(env, 'flavor', 'list', '--long', '-f',
                               'json', version='2.102')
    assert {f['Name'] for f in listed} >= {'x', 'y'}
