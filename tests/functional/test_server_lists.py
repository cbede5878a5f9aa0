# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /servers: pagination, sorting and filters, as clients use them."""
import datetime
import urllib.parse

import pytest


@pytest.fixture
def api(all_in_one):
    api = all_in_one(hosts=2).client
    api.post('/flavors', {'flavor': {'name': 'small', 'id': 'small',
                                     'ram': 512, 'vcpus': 1, 'disk': 1}})
    api.post('/flavors', {'flavor': {'name': 'big', 'id': 'big',
                                     'ram': 900000, 'vcpus': 1, 'disk': 1}})
    return api


def _boot(api, name, flavor='small'):
    return api.boot(flavor, name)


def _names(api, query):
    status, body = api.get('/servers/detail?' + query)
    assert status == 200, body
    return [s['name'] for s in body['servers']]


def test_pages_follow_next_links_to_the_end(api):
    for i in range(5):
        _boot(api, 'vm%d' % i)
    status, body = api.get('/servers?limit=2&sort_key=display_name'
                           '&sort_dir=asc')
    seen = [s['name'] for s in body['servers']]
    while 'servers_links' in body:
        link = urllib.parse.urlsplit(body['servers_links'][0]['href'])
        assert link.path.endswith('/v2.1/servers')
        status, body = api.get('/servers?' + link.query)
        assert status == 200
        seen += [s['name'] for s in body['servers']]
    assert seen == ['vm0', 'vm1', 'vm2', 'vm3', 'vm4']


def test_sorting_and_filters(api):
    for name in ('web-1', 'web-2', 'db-1'):
        _boot(api, name)
    failed = _boot(api, 'huge', flavor='big')
    assert failed['status'] == 'ERROR'
    assert _names(api, 'sort_key=display_name&sort_dir=asc') == [
        'db-1', 'huge', 'web-1', 'web-2']
    assert _names(api, 'name=^web') == ['web-2', 'web-1']
    assert _names(api, 'status=ERROR') == ['huge']
    assert _names(api, 'status=active&sort_key=display_name'
                       '&sort_dir=desc') == ['web-2', 'web-1', 'db-1']
    assert _names(api, 'status=SHELVED') == []
    assert _names(api, 'flavor=big') == ['huge']
    host = api.get('/servers/detail?name=db-1')[1]['servers'][0][
        'OS-EXT-SRV-ATTR:host']
    assert 'db-1' in _names(api, 'host=%s' % host)


def test_changes_since_lists_deleted_servers_too(api):
    before = (datetime.datetime.utcnow() - datetime.timedelta(seconds=2))
    gone = _boot(api, 'gone')
    _boot(api, 'kept')
    api.delete('/servers/%s' % gone['id'])
    api.wait_server(gone['id'], states=('DELETED',))
    assert _names(api, '') == ['kept']
    since = before.strftime('%Y-%m-%dT%H:%M:%SZ')
    status, body = api.get('/servers/detail?changes-since=' + since)
    assert {(s['name'], s['status']) for s in body['servers']} == {
        ('gone', 'DELETED'), ('kept', 'ACTIVE')}
    later = (datetime.datetime.utcnow() + datetime.timedelta(hours=1))
    assert _names(api, 'changes-since=' +
                  later.strftime('%Y-%m-%dT%H:%M:%SZ')) == []


@pytest.mark.parametrize('query, fragment', [
    ('limit=-1', 'limit param must be an integer'),
    ('limit=many', 'limit param must be an integer'),
    ('marker=8f6ad2a8-7bb4-4a7c-9a3d-9c4a5d8a3f10',
     'marker [8f6ad2a8-7bb4-4a7c-9a3d-9c4a5d8a3f10] not found'),
    ('sort_key=password', 'Invalid sort_key password'),
    ('sort_dir=sideways', 'Invalid sort_dir sideways'),
    ('name=[unclosed', 'Invalid regular expression in name'),
    ('changes-since=yesterday', 'Invalid filter field: changes-since.'),
])
def test_bad_list_parameters_are_400(api, query, fragment):
    status, body = api.get('/servers?' + query)
    assert status == 400, body
    assert fragment in body['badRequest']['message']


def test_members_cannot_filter_or_sort_by_host(api):
    member = api.as_user('alice:demo')
    member.post('/servers', {'server': {'name': 'mine', 'flavorRef':
                                        'small'}})
    status, body = member.get('/servers?host=nowhere')
    assert [s['name'] for s in body['servers']] == ['mine']
    status, body = member.get('/servers?sort_key=host')
    assert status == 400
