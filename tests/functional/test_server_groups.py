# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups over REST: their shapes per microversion, the bad input
Nova refuses, their quotas, and their policies holding while many
servers are created into one group at once."""
import collections
import concurrent.futures
import threading

import pytest


@pytest.fixture
def api(all_in_one):
    aio = all_in_one()
    aio.client.create_flavor('tiny', ram=64, vcpus=1, flavor_id='tiny')
    return aio.client


def _at(version):
    return {'OpenStack-API-Version': 'compute %s' % version}


def _group(api, policy, version='2.64', **rules):
    body = {'name': 'g-' + policy, 'policy': policy}
    if rules:
        body['rules'] = rules
    if version != '2.64':
        body = {'name': body['name'], 'policies': [policy]}
    status, answer = api.post('/os-server-groups', {'server_group': body},
                              headers=_at(version))
    assert status == 200, answer
    return answer['server_group']


def test_a_group_shows_the_fields_of_its_version(api):
    made = _group(api, 'anti-affinity', '2.1')
    assert set(made) == {'id', 'name', 'policies', 'members', 'metadata'}
    assert (made['policies'], made['metadata'], made['members']) == (
        ['anti-affinity'], {}, [])
    shown = api.get('/os-server-groups/%s' % made['id'],
                    headers=_at('2.13'))[1]['server_group']
    assert (shown['project_id'], shown['user_id']) == ('admin', 'admin')
    shown = api.get('/os-server-groups/%s' % made['id'],
                    headers=_at('2.64'))[1]['server_group']
    assert set(shown) == {'id', 'name', 'policy', 'rules', 'members',
                          'project_id', 'user_id'}
    assert (shown['policy'], shown['rules']) == ('anti-affinity', {})
    ruled = _group(api, 'anti-affinity', max_server_per_host=2)
    assert ruled['rules'] == {'max_server_per_host': 2}
    listed = api.get('/os-server-groups', headers=_at('2.64'))[1]
    assert [g['id'] for g in listed['server_groups']] == [made['id'],
                                                          ruled['id']]
    assert [g['id'] for g in api.get('/os-server-groups?limit=1&offset=1')[
        1]['server_groups']] == [ruled['id']]
    assert api.delete('/os-server-groups/%s' % made['id'])[0] == 204
    status, body = api.get('/os-server-groups/%s' % made['id'])
    assert status == 404
    assert body['itemNotFound']['message'] == (
        'Instance group %s could not be found.' % made['id'])


@pytest.mark.parametrize('version,body,words', [
    ('2.1', {'name': 'g', 'policies': ['soft-affinity']}, 'policies'),
    ('2.1', {'name': 'g', 'policies': ['affinity', 'anti-affinity']},
     'policies'),
    ('2.1', {'name': 'g', 'policies': []}, 'policies'),
    ('2.15', {'name': 'g', 'policies': ['sometimes']}, 'policies'),
    ('2.15', {'name': 'g', 'policy': 'affinity'}, 'policy'),
    ('2.64', {'name': 'g', 'policies': ['affinity']}, 'policies'),
    ('2.64', {'name': 'g', 'policy': 'affinity',
              'rules': {'max_server_per_host': 2}},
     'Only anti-affinity policy supports rules.'),
    ('2.64', {'name': 'g', 'policy': 'anti-affinity',
              'rules': {'max_server_per_host': 0}}, 'max_server_per_host'),
    ('2.64', {'name': 'g', 'policy': 'anti-affinity',
              'rules': {'spread': 2}}, 'spread'),
    ('2.64', {'name': '', 'policy': 'affinity'}, 'name'),
    ('2.64', {'policy': 'affinity'}, 'name'),
])
def test_bad_groups_are_refused_and_nothing_is_made(api, version, body,
                                                    words):
    status, answer = api.post('/os-server-groups', {'server_group': body},
                              headers=_at(version))
    assert status == 400, answer
    assert words in answer['badRequest']['message']
    assert api.get('/os-server-groups')[1] == {'server_groups': []}


def test_groups_are_their_projects_and_counted_by_its_quota(api,
                                                            overrides):
    mine = _group(api, 'affinity')
    other = api.as_user('bob:p2')
    assert other.get('/os-server-groups/%s' % mine['id'])[0] == 404
    assert other.delete('/os-server-groups/%s' % mine['id'])[0] == 404
    assert other.get('/os-server-groups')[1] == {'server_groups': []}
    assert len(api.get('/os-server-groups?all_projects=True')[1][
        'server_groups']) == 1
    # Not an admin: all_projects is ignored, as Nova ignores it.
    assert other.get('/os-server-groups?all_projects=True')[1] == {
        'server_groups': []}
    api.put('/os-quota-sets/admin', {'quota_set': {'server_groups': 1}})
    status, body = api.post('/os-server-groups', {'server_group': {
        'name': 'two', 'policy': 'affinity'}}, headers=_at('2.64'))
    assert status == 403
    assert body['forbidden']['message'] == (
        'Quota exceeded, too many server groups.')
    assert api.get('/limits')[1]['limits']['absolute'][
        'totalServerGroupsUsed'] == 1


def test_a_hint_naming_no_group_is_refused(api):
    status, body = api.post('/servers', {
        'server': {'name': 'x', 'flavorRef': 'tiny'},
        'os:scheduler_hints': {
            'group': 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee'}})
    assert status == 400
    assert body['badRequest']['message'] == (
        'Instance group aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee could not be '
        'found.')
    assert api.get('/servers')[1] == {'servers': []}


def _boot_many(api, group, count):
    api.put('/os-quota-sets/admin', {'quota_set': {
        'server_group_members': -1}})
    start = threading.Barrier(count)

    def create(i):
        start.wait()
        status, body = api.as_user('admin:admin').post('/servers', {
            'server': {'name': 'm%d' % i, 'flavorRef': 'tiny',
                       'networks': 'none'},
            'os:scheduler_hints': {'group': group['id']}},
            headers=_at('2.37'))
        assert status == 202, body
        return body['server']['id']

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        ids = list(pool.map(create, range(count)))
    return [api.wait_server(i, timeout=60) for i in ids]


def _admin_view(api, servers):
    return [api.get('/servers/%s' % s['id'])[1]['server'] for s in servers]


def test_32_concurrent_creates_into_an_anti_affinity_group(api):
    group = _group(api, 'anti-affinity')
    servers = _admin_view(api, _boot_many(api, group, 32))
    active = [s for s in servers if s['status'] == 'ACTIVE']
    assert len(active) == 3
    assert len({s['OS-EXT-SRV-ATTR:host'] for s in active}) == 3
    failed = [s for s in servers if s['status'] == 'ERROR']
    assert len(failed) == 29
    assert all('anti-affinity' in s['fault']['message'] for s in failed), \
        failed[0]['fault']
    shown = api.get('/os-server-groups/%s' % group['id'])[1]['server_group']
    assert sorted(shown['members']) == sorted(s['id'] for s in servers)


def test_max_server_per_host_lets_that_many_share_a_host(api):
    group = _group(api, 'anti-affinity', max_server_per_host=2)
    servers = _admin_view(api, _boot_many(api, group, 32))
    hosts = collections.Counter(s['OS-EXT-SRV-ATTR:host'] for s in servers
                                if s['status'] == 'ACTIVE')
    assert sorted(hosts.values()) == [2, 2, 2]


def test_affinity_puts_every_member_on_one_host(api):
    group = _group(api, 'affinity')
    servers = _admin_view(api, _boot_many(api, group, 12))
    assert {s['status'] for s in servers} == {'ACTIVE'}
    assert len({s['OS-EXT-SRV-ATTR:host'] for s in servers}) == 1


def test_soft_anti_affinity_spreads_without_refusing(api):
    group = _group(api, 'soft-anti-affinity')
    servers = _admin_view(api, [api.wait_server(api.post('/servers', {
        'server': {'name': 's%d' % i, 'flavorRef': 'tiny',
                   'networks': 'none'},
        'os:scheduler_hints': {'group': group['id']}},
        headers=_at('2.37'))[1]['server']['id']) for i in range(6)])
    assert {s['status'] for s in servers} == {'ACTIVE'}
    hosts = collections.Counter(s['OS-EXT-SRV-ATTR:host'] for s in servers)
    assert sorted(hosts.values()) == [2, 2, 2]


def test_the_members_quota_holds_a_groups_size(api):
    group = _group(api, 'soft-affinity')
    api.put('/os-quota-sets/admin', {'quota_set': {
        'server_group_members': 2}})
    for i in range(2):
        status, body = api.post('/servers', {
            'server': {'name': 'g%d' % i, 'flavorRef': 'tiny'},
            'os:scheduler_hints': {'group': group['id']}})
        assert status == 202, body
    status, body = api.post('/servers', {
        'server': {'name': 'g3', 'flavorRef': 'tiny'},
        'os:scheduler_hints': {'group': group['id']}})
    assert status == 403
    assert body['forbidden']['message'] == (
        'Quota exceeded, too many servers in group')
    assert len(api.get('/servers')[1]['servers']) == 2


def test_a_server_shows_its_group_from_2_71(api):
    group = _group(api, 'affinity')
    status, body = api.post('/servers', {
        'server': {'name': 'g', 'flavorRef': 'tiny'},
        'os:scheduler_hints': {'group': group['id']}})
    server_id = body['server']['id']
    shown = api.get('/servers/%s' % server_id, headers=_at('2.71'))[1]
    assert shown['server']['server_groups'] == [group['id']]
    assert 'server_groups' not in api.get(
        '/servers/%s' % server_id, headers=_at('2.70'))[1]['server']
    alone = api.boot('tiny', name='alone')
    assert api.get('/servers/%s' % alone['id'], headers=_at('2.71'))[1][
        'server']['server_groups'] == []
