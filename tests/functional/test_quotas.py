# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quotas and limits over REST: os-quota-sets, os-quota-class-sets and
/limits in Nova's shapes per microversion, the bad input Nova refuses,
and the quota checks of a create."""
import concurrent.futures
import threading

import pytest

from nova_lite.objects import quotas

NETWORK = {'fixed_ips', 'floating_ips', 'security_groups',
           'security_group_rules'}
FILES = {'injected_files', 'injected_file_content_bytes',
         'injected_file_path_bytes'}
ALL = set(quotas.RESOURCES)


@pytest.fixture
def api(all_in_one, overrides):
    for resource, limit in (('instances', 10), ('cores', 20),
                            ('ram', 51200)):
        overrides(resource, limit, group='quota')
    aio = all_in_one()
    aio.client.create_flavor('small', ram=512, vcpus=2, flavor_id='small')
    return aio.client


def _at(version):
    return {'OpenStack-API-Version': 'compute %s' % version}


@pytest.mark.parametrize('version,shown', [
    ('2.1', ALL), ('2.35', ALL), ('2.36', ALL - NETWORK),
    ('2.56', ALL - NETWORK), ('2.57', ALL - NETWORK - FILES),
    ('2.86', ALL - NETWORK - FILES)])
def test_a_quota_set_shows_the_resources_of_its_version(api, version,
                                                        shown):
    status, body = api.get('/os-quota-sets/p1', headers=_at(version))
    assert status == 200, body
    assert set(body['quota_set']) == shown | {'id'}
    assert body['quota_set']['id'] == 'p1'
    assert body['quota_set']['instances'] == 10
    assert body['quota_set']['ram'] == 51200
    if version == '2.1':
        assert body['quota_set']['floating_ips'] == -1
    status, body = api.get('/os-quota-sets/p1/defaults',
                           headers=_at(version))
    assert status == 200 and set(body['quota_set']) == shown | {'id'}


def test_detail_counts_what_the_project_uses(api):
    api.boot('small', name='a')
    api.boot('small', name='b')
    status, body = api.get('/os-quota-sets/admin/detail', headers=_at('2.57'))
    assert status == 200, body
    quota_set = body['quota_set']
    assert quota_set['instances'] == {'in_use': 2, 'limit': 10,
                                      'reserved': 0}
    assert quota_set['cores'] == {'in_use': 4, 'limit': 20, 'reserved': 0}
    assert quota_set['ram'] == {'in_use': 1024, 'limit': 51200,
                                'reserved': 0}
    assert quota_set['key_pairs']['in_use'] == 0
    status, body = api.get('/os-quota-sets/admin/detail?user_id=other')
    assert body['quota_set']['instances']['in_use'] == 0


def test_an_admin_sets_and_reverts_a_projects_quotas(api):
    status, body = api.put('/os-quota-sets/p1', {'quota_set': {
        'instances': 50, 'cores': '-1'}}, headers=_at('2.57'))
    assert status == 200, body
    assert 'id' not in body['quota_set']
    assert (body['quota_set']['instances'], body['quota_set']['cores']) == (
        50, -1)
    assert set(body['quota_set']) == ALL - NETWORK - FILES
    assert api.get('/os-quota-sets/p1')[1]['quota_set']['instances'] == 50
    assert api.get('/os-quota-sets/p2')[1]['quota_set']['instances'] == 10
    status, body = api.delete('/os-quota-sets/p1')
    assert (status, body) == (202, None)
    assert api.get('/os-quota-sets/p1')[1]['quota_set']['instances'] == 10


def test_a_users_quota_stands_within_the_projects(api):
    api.put('/os-quota-sets/p1', {'quota_set': {'instances': 8}})
    status, body = api.put('/os-quota-sets/p1?user_id=u1', {
        'quota_set': {'instances': 5}})
    assert status == 200, body
    assert api.get('/os-quota-sets/p1?user_id=u1')[1][
        'quota_set']['instances'] == 5
    assert api.get('/os-quota-sets/p1')[1]['quota_set']['instances'] == 8
    status, body = api.put('/os-quota-sets/p1?user_id=u2', {
        'quota_set': {'instances': 4}})
    assert status == 400
    assert body['badRequest']['message'] == (
        'Quota limit 4 for instances must be less than or equal to 3.')
    status, body = api.put('/os-quota-sets/p1', {
        'quota_set': {'instances': 4}})
    assert body['badRequest']['message'] == (
        'Quota limit 4 for instances must be greater than or equal to '
        'already used and reserved 5.')
    api.delete('/os-quota-sets/p1?user_id=u1')
    assert api.get('/os-quota-sets/p1?user_id=u1')[1][
        'quota_set']['instances'] == 8


@pytest.mark.parametrize('version,quota_set,words', [
    ('2.1', {'instances': -2}, 'instances'),
    ('2.1', {'instances': '-2'}, 'instances'),
    ('2.1', {'cores': 'many'}, 'cores'),
    ('2.1', {'ram': 2 ** 31}, 'ram'),
    ('2.1', {'instances': 1.5}, 'instances'),
    ('2.1', {'volumes': 3}, 'volumes'),
    ('2.1', {'force': 'maybe'}, 'force'),
    ('2.1', {'networks': 3}, 'The networks quota has been removed'),
    ('2.36', {'floating_ips': 3}, 'floating_ips'),
    ('2.57', {'injected_files': 3}, 'injected_files'),
])
def test_bad_quota_values_are_refused_and_change_nothing(api, version,
                                                         quota_set, words):
    status, body = api.put('/os-quota-sets/p1', {
        'quota_set': dict(quota_set, key_pairs=7)}, headers=_at(version))
    assert status == 400, body
    assert words in body['badRequest']['message']
    assert api.get('/os-quota-sets/p1')[1]['quota_set']['key_pairs'] == 100


def test_a_quota_below_what_is_used_needs_force(api):
    for name in ('a', 'b', 'c'):
        api.boot('small', name=name)
    status, body = api.put('/os-quota-sets/admin', {
        'quota_set': {'instances': 2}})
    assert status == 400
    assert body['badRequest']['message'] == (
        'Quota limit 2 for instances must be greater than or equal to '
        'already used and reserved 3.')
    assert api.get('/os-quota-sets/admin')[1]['quota_set']['instances'] == 10
    status, body = api.put('/os-quota-sets/admin', {
        'quota_set': {'instances': 2, 'force': True}})
    assert status == 200 and body['quota_set']['instances'] == 2
    status, body = api.post('/servers', {'server': {
        'name': 'd', 'flavorRef': 'small'}})
    assert status == 403
    assert body['forbidden']['message'] == (
        'Quota exceeded for instances: Requested 1, but already used 3 of '
        '2 instances')


def test_a_create_over_the_cores_quota_says_by_how_much(api):
    api.create_flavor('big', ram=512, vcpus=4, flavor_id='big')
    api.put('/os-quota-sets/admin', {'quota_set': {'cores': 12}})
    api.boot('big', name='a')
    api.boot('small', name='b')
    api.boot('big', name='c')
    status, body = api.post('/servers', {'server': {
        'name': 'd', 'flavorRef': 'big'}})
    assert status == 403, body
    assert body['forbidden']['message'] == (
        'Quota exceeded for cores: Requested 4, but already used 10 of 12 '
        'cores')
    assert len(api.get('/servers')[1]['servers']) == 3


def test_max_count_boots_as_many_as_fit_and_min_count_no_fewer(api):
    api.put('/os-quota-sets/admin', {'quota_set': {'instances': 3}})
    status, body = api.post('/servers', {'server': {
        'name': 'm', 'flavorRef': 'small', 'min_count': 4,
        'max_count': 5}})
    assert status == 403
    assert body['forbidden']['message'] == (
        'Quota exceeded for instances: Requested 5, but already used 0 of '
        '3 instances')
    assert api.get('/servers')[1]['servers'] == []
    status, body = api.post('/servers', {'server': {
        'name': 'm', 'flavorRef': 'small', 'min_count': 2, 'max_count': 5,
        'return_reservation_id': True}})
    assert status == 202, body
    names = sorted(s['name'] for s in api.get('/servers')[1]['servers'])
    assert names == ['m-1', 'm-2', 'm-3']


def test_a_users_own_quota_holds_their_creates(api):
    api.put('/os-quota-sets/admin?user_id=admin', {
        'quota_set': {'instances': 1}})
    api.boot('small', name='a')
    status, body = api.post('/servers', {'server': {
        'name': 'b', 'flavorRef': 'small'}})
    assert status == 403
    assert 'Requested 1, but already used 1 of 1 instances' in body[
        'forbidden']['message']
    other = api.as_user('someone:admin')
    status, body = other.post('/servers', {'server': {
        'name': 'c', 'flavorRef': 'small'}})
    assert status == 202, body


def test_the_default_quota_class_changes_every_projects_defaults(api):
    status, body = api.get('/os-quota-class-sets/default',
                           headers=_at('2.1'))
    assert status == 200
    assert set(body['quota_class_set']) == (
        ALL - {'server_groups', 'server_group_members'}) | {'id'}
    status, body = api.get('/os-quota-class-sets/default',
                           headers=_at('2.50'))
    assert set(body['quota_class_set']) == (ALL - NETWORK) | {'id'}
    status, body = api.put('/os-quota-class-sets/default', {
        'quota_class_set': {'instances': 30}}, headers=_at('2.57'))
    assert status == 200, body
    assert set(body['quota_class_set']) == ALL - NETWORK - FILES
    assert api.get('/os-quota-sets/p9')[1]['quota_set']['instances'] == 30
    assert api.get('/os-quota-sets/p9/defaults')[1][
        'quota_set']['instances'] == 30
    status, body = api.put('/os-quota-class-sets/default', {
        'quota_class_set': {'server_groups': 3}}, headers=_at('2.49'))
    assert status == 400 and 'server_groups' in body['badRequest'][
        'message']
    status, body = api.get('/os-quota-class-sets/' + 'x' * 256)
    assert status == 400


@pytest.mark.parametrize('version,dropped', [
    ('2.1', set()),
    ('2.36', {'maxSecurityGroupRules', 'maxSecurityGroups',
              'maxTotalFloatingIps', 'totalFloatingIpsUsed',
              'totalSecurityGroupsUsed'}),
    ('2.39', {'maxSecurityGroupRules', 'maxSecurityGroups',
              'maxTotalFloatingIps', 'totalFloatingIpsUsed',
              'totalSecurityGroupsUsed', 'maxImageMeta'}),
    ('2.57', {'maxSecurityGroupRules', 'maxSecurityGroups',
              'maxTotalFloatingIps', 'totalFloatingIpsUsed',
              'totalSecurityGroupsUsed', 'maxImageMeta', 'maxPersonality',
              'maxPersonalitySize'}),
])
def test_limits_show_the_absolute_limits_of_the_version(api, version,
                                                        dropped):
    api.boot('small', name='a')
    status, body = api.get('/limits', headers=_at(version))
    assert status == 200, body
    assert body['limits']['rate'] == []
    absolute = body['limits']['absolute']
    every = {'maxImageMeta', 'maxPersonality', 'maxPersonalitySize',
             'maxSecurityGroupRules', 'maxSecurityGroups',
             'maxServerGroupMembers', 'maxServerGroups', 'maxServerMeta',
             'maxTotalCores', 'maxTotalFloatingIps', 'maxTotalInstances',
             'maxTotalKeypairs', 'maxTotalRAMSize', 'totalCoresUsed',
             'totalFloatingIpsUsed', 'totalInstancesUsed', 'totalRAMUsed',
             'totalSecurityGroupsUsed', 'totalServerGroupsUsed'}
    assert set(absolute) == every - dropped
    assert (absolute['maxTotalInstances'], absolute['totalInstancesUsed'],
            absolute['totalCoresUsed'], absolute['totalRAMUsed']) == (
        10, 1, 2, 512)


def test_another_projects_limits_and_quotas_are_for_admins(api):
    api.put('/os-quota-sets/p1', {'quota_set': {'instances': 4}})
    status, body = api.get('/limits?tenant_id=p1')
    assert status == 200
    assert body['limits']['absolute']['maxTotalInstances'] == 4
    member = api.as_user('bob:p2')
    assert member.get('/limits?tenant_id=p1')[0] == 403
    assert member.get('/os-quota-sets/p1')[0] == 403
    assert member.get('/os-quota-sets/p2')[0] == 200
    assert member.get('/os-quota-sets/p1/defaults')[0] == 200
    assert member.put('/os-quota-sets/p2', {
        'quota_set': {'instances': 40}})[0] == 403
    assert member.get('/os-quota-class-sets/default')[0] == 403
    assert member.get('/limits')[1]['limits']['absolute'][
        'maxTotalInstances'] == 10


def test_unknown_query_parameters_are_refused_from_2_75(api):
    assert api.get('/os-quota-sets/p1?foo=1', headers=_at('2.74'))[0] == 200
    assert api.get('/os-quota-sets/p1?foo=1', headers=_at('2.75'))[0] == 400
    assert api.get('/limits?foo=1', headers=_at('2.75'))[0] == 400


def test_metadata_and_key_pair_limits_follow_the_projects_quota(api):
    api.put('/os-quota-sets/admin', {'quota_set': {'metadata_items': 1,
                                                   'key_pairs': 1}})
    status, body = api.post('/servers', {'server': {
        'name': 'm', 'flavorRef': 'small', 'metadata': {'a': '1', 'b': '2'}}})
    assert status == 403
    assert body['forbidden']['message'] == (
        'Maximum number of metadata items exceeds 1')
    assert api.post('/os-keypairs', {'keypair': {'name': 'k1'}})[0] == 200
    assert api.post('/os-keypairs', {'keypair': {'name': 'k2'}})[0] == 403


def test_32_concurrent_creates_leave_exactly_the_quota(api):
    api.put('/os-quota-sets/admin', {'quota_set': {'instances': 10,
                                                   'cores': -1}})
    start = threading.Barrier(32)

    def create(i):
        client = api.as_user('admin:admin')
        start.wait()
        return client.post('/servers', {'server': {
            'name': 'race%d' % i, 'flavorRef': 'small', 'networks': 'none'}},
            headers=_at('2.37'))

    with concurrent.futures.ThreadPoolExecutor(32) as pool:
        answers = list(pool.map(create, range(32)))
    assert sorted(status for status, _ in answers) == [202] * 10 + [403] * 22
    assert {body['forbidden']['message'] for status, body in answers
            if status == 403} == {
        'Quota exceeded for instances: Requested 1, but already used 10 of '
        '10 instances'}
    assert len(api.get('/servers')[1]['servers']) == 10
