# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Aggregates and availability zones over REST: Nova's shapes and words,
the mirror into placement, and creates honouring zones, tenant isolation
and aggregate extra specs through placement's member_of."""
import pytest


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one()
    aio.client.create_flavor('tiny', ram=64, vcpus=1, flavor_id='tiny')
    return aio


@pytest.fixture
def api(aio):
    return aio.client


def _at(version):
    return {'OpenStack-API-Version': 'compute %s' % version}


def _aggregate(api, name, zone=None, hosts=(), **metadata):
    status, body = api.post('/os-aggregates', {'aggregate': {
        'name': name, 'availability_zone': zone}})
    assert status == 200, body
    aggregate = body['aggregate']
    for host in hosts:
        status, body = api.post('/os-aggregates/%d/action' % aggregate['id'],
                                {'add_host': {'host': host}})
        assert status == 200, body
    if metadata:
        status, body = api.post('/os-aggregates/%d/action' % aggregate['id'],
                                {'set_metadata': {'metadata': metadata}})
        assert status == 200, body
    return api.get('/os-aggregates/%d' % aggregate['id'],
                   headers=_at('2.41'))[1]['aggregate']


def _boot(api, version='2.37', hints=None, **server):
    body = {'server': dict({'name': 's', 'flavorRef': 'tiny',
                            'networks': 'none'}, **server)}
    if hints:
        body['os:scheduler_hints'] = hints
    status, answer = api.post('/servers', body, headers=_at(version))
    assert status == 202, answer
    server = api.wait_server(answer['server']['id'])
    return api.get('/servers/%s' % server['id'])[1]['server']


def test_an_aggregate_in_nova_shapes(api):
    status, body = api.post('/os-aggregates', {'aggregate': {
        'name': 'rack1', 'availability_zone': 'az1'}})
    assert status == 200
    created = body['aggregate']
    assert set(created) == {'availability_zone', 'created_at', 'deleted',
                            'deleted_at', 'id', 'name', 'updated_at'}
    assert (created['name'], created['availability_zone'],
            created['deleted']) == ('rack1', 'az1', False)
    status, body = api.post('/os-aggregates/%d/action' % created['id'],
                            {'add_host': {'host': 'sim-host-1'}})
    assert status == 200
    shown = body['aggregate']
    assert shown['hosts'] == ['sim-host-1']
    assert shown['metadata'] == {'availability_zone': 'az1'}
    assert 'uuid' not in shown
    shown = api.get('/os-aggregates/%d' % created['id'],
                    headers=_at('2.41'))[1]['aggregate']
    assert len(shown['uuid']) == 36
    listed = api.get('/os-aggregates', headers=_at('2.41'))[1]
    assert [a['name'] for a in listed['aggregates']] == ['rack1']
    status, body = api.put('/os-aggregates/%d' % created['id'], {
        'aggregate': {'name': 'rack-one'}})
    assert (status, body['aggregate']['name']) == (200, 'rack-one')
    status, body = api.post('/os-aggregates/%d/action' % created['id'], {
        'set_metadata': {'metadata': {'ssd': 'true', 'gone': None}}})
    assert body['aggregate']['metadata'] == {'availability_zone': 'az1',
                                             'ssd': 'true'}


def test_an_aggregate_is_mirrored_into_placement(aio):
    api, placement = aio.client, aio.placement_client
    aggregate = _aggregate(api, 'rack1', hosts=['sim-host-2'])
    node = next(h for h in api.get('/os-hypervisors/detail', headers=_at(
        '2.53'))[1]['hypervisors'] if h['service']['host'] == 'sim-host-2')
    status, body = placement.get('/resource_providers/%s/aggregates'
                                 % node['id'])
    assert status == 200 and body['aggregates'] == [aggregate['uuid']]
    api.post('/os-aggregates/%d/action' % aggregate['id'],
             {'remove_host': {'host': 'sim-host-2'}})
    assert placement.get('/resource_providers/%s/aggregates' % node['id'])[
        1]['aggregates'] == []
    assert api.delete('/os-aggregates/%d' % aggregate['id']) == (200, None) \
        or api.last.status_code == 200


@pytest.mark.parametrize('call,status,words', [
    (('POST', '/os-aggregates', {'aggregate': {'name': 'rack1'}}), 409,
     'Aggregate rack1 already exists.'),
    (('POST', '/os-aggregates', {'aggregate': {}}), 400, 'name'),
    (('POST', '/os-aggregates', {'aggregate': {'name': 'x', 'zone': 'a'}}),
     400, 'zone'),
    (('PUT', '/os-aggregates/{id}', {'aggregate': {}}), 400, 'aggregate'),
    (('GET', '/os-aggregates/999', None), 404,
     'Aggregate 999 could not be found.'),
    (('GET', '/os-aggregates/abc', None), 400, 'id must be an integer'),
    (('GET', '/os-aggregates/-19175242225960021225', None), 404,
     'Aggregate -19175242225960021225 could not be found.'),
    (('PUT', '/os-aggregates/99999999999999999999',
      {'aggregate': {'availability_zone': 'z'}}), 404,
     'Aggregate 99999999999999999999 could not be found.'),
    (('DELETE', '/os-aggregates/-2147483649', None), 404,
     'Aggregate -2147483649 could not be found.'),
    (('POST', '/os-aggregates/{id}/action', {'add_host': {'host': 'nope'}}),
     404, 'Compute host nope could not be found.'),
    (('POST', '/os-aggregates/{id}/action',
      {'add_host': {'host': 'sim-host-1'}}), 409,
     'Aggregate {id} already has host sim-host-1.'),
    (('POST', '/os-aggregates/{id}/action',
      {'remove_host': {'host': 'sim-host-3'}}), 404,
     'Cannot remove host sim-host-3 in aggregate {id}'),
    (('POST', '/os-aggregates/{id}/action', {'grow': {}}), 400,
     'There is no such action: grow'),
    (('POST', '/os-aggregates/{id}/action',
      {'set_metadata': {'metadata': {'k': 5}}}), 400, 'k'),
    (('DELETE', '/os-aggregates/{id}', None), 400,
     'Cannot remove aggregate {id}. Reason: Host aggregate is not empty.'),
])
def test_bad_aggregate_calls_are_refused_and_change_nothing(api, call,
                                                            status, words):
    aggregate = _aggregate(api, 'rack1', 'az1', hosts=['sim-host-1'])
    method, path, body = call
    path = path.format(id=aggregate['id'])
    got, answer = api.call(method, '/v2.1' + path, body)
    assert got == status, answer
    assert words.format(id=aggregate['id']) in str(answer)
    after = api.get('/os-aggregates/%d' % aggregate['id'],
                    headers=_at('2.41'))[1]['aggregate']
    assert {k: after[k] for k in ('name', 'hosts', 'metadata')} == {
        k: aggregate[k] for k in ('name', 'hosts', 'metadata')}
    assert len(api.get('/os-aggregates')[1]['aggregates']) == 1


def test_a_host_is_in_one_zone_at_most(api):
    first = _aggregate(api, 'a1', 'az1', hosts=['sim-host-1'])
    second = _aggregate(api, 'a2', 'az2')
    status, body = api.post('/os-aggregates/%d/action' % second['id'],
                            {'add_host': {'host': 'sim-host-1'}})
    assert status == 409
    assert body['conflictingRequest']['message'] == (
        "Cannot add host to aggregate %d. Reason: One or more hosts already "
        "in availability zone(s) ['az1']." % second['id'])
    plain = _aggregate(api, 'a3', hosts=['sim-host-1'])
    status, body = api.post('/os-aggregates/%d/action' % plain['id'], {
        'set_metadata': {'metadata': {'availability_zone': 'az3'}}})
    assert status == 400
    assert body['badRequest']['message'] == (
        "Cannot update metadata of aggregate %d. Reason: One or more hosts "
        "already in availability zone(s) ['az1']." % plain['id'])
    status, body = api.put('/os-aggregates/%d' % plain['id'], {
        'aggregate': {'availability_zone': 'az3'}})
    assert status == 400
    assert 'Cannot update aggregate %d' % plain['id'] in body[
        'badRequest']['message']
    assert api.get('/os-aggregates/%d' % first['id'])[1]['aggregate'][
        'hosts'] == ['sim-host-1']


def test_a_zone_does_not_change_under_its_servers(api):
    aggregate = _aggregate(api, 'a1', 'az1', hosts=['sim-host-1'])
    server = _boot(api, availability_zone='az1')
    assert server['OS-EXT-AZ:availability_zone'] == 'az1'
    status, body = api.put('/os-aggregates/%d' % aggregate['id'], {
        'aggregate': {'availability_zone': 'az9'}})
    assert status == 400
    assert body['badRequest']['message'] == (
        'Cannot update aggregate %d. Reason: One or more hosts contain '
        'instances in this zone.' % aggregate['id'])


def test_zones_listed_and_detailed(api):
    _aggregate(api, 'a1', 'az1', hosts=['sim-host-1'])
    status, body = api.get('/os-availability-zone')
    assert status == 200
    assert body['availabilityZoneInfo'] == [
        {'zoneName': 'az1', 'zoneState': {'available': True},
         'hosts': None},
        {'zoneName': 'nova', 'zoneState': {'available': True},
         'hosts': None}]
    status, body = api.get('/os-availability-zone/detail')
    zones = {z['zoneName']: z for z in body['availabilityZoneInfo']}
    assert set(zones) == {'az1', 'nova', 'internal'}
    assert list(zones['az1']['hosts']) == ['sim-host-1']
    compute = zones['az1']['hosts']['sim-host-1']['nova-compute']
    assert (compute['available'], compute['active']) == (True, True)
    assert sorted(zones['nova']['hosts']) == ['sim-host-2', 'sim-host-3']
    # Services by Nova's names, as everywhere else in the API.
    assert {'nova-conductor', 'nova-scheduler'} <= {
        binary for host in zones['internal']['hosts'].values()
        for binary in host}
    member = api.as_user('bob:p2')
    assert member.get('/os-availability-zone')[0] == 200
    assert member.get('/os-availability-zone/detail')[0] == 403


def test_creates_land_in_the_zone_they_name(api):
    _aggregate(api, 'a1', 'az1', hosts=['sim-host-2'])
    for _ in range(3):
        server = _boot(api, availability_zone='az1')
        assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2'
        assert server['OS-EXT-AZ:availability_zone'] == 'az1'
    hosts = {_boot(api, availability_zone='nova')['OS-EXT-SRV-ATTR:host']
             for _ in range(4)}
    assert 'sim-host-2' not in hosts
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'tiny', 'availability_zone': 'az7'}})
    assert status == 400
    assert body['badRequest']['message'] == (
        'The requested availability zone is not available')
    listed = api.get('/servers/detail?availability_zone=az1',
                     headers=_at('2.83'))[1]['servers']
    assert len(listed) == 3
    listed = api.get('/servers/detail?availability_zone=nova',
                     headers=_at('2.83'))[1]['servers']
    assert len(listed) == 4


def test_a_full_zone_explains_itself(api, all_in_one):
    _aggregate(api, 'a1', 'az1', hosts=['sim-host-3'])
    api.create_flavor('huge', ram=4096 * 1024, vcpus=1, flavor_id='huge')
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'tiny', 'availability_zone': 'az1'}})
    server = api.wait_server(body['server']['id'])
    assert server['status'] == 'ACTIVE'
    _aggregate(api, 'a2', 'az2')
    status, body = api.post('/servers', {'server': {
        'name': 'y', 'flavorRef': 'tiny', 'availability_zone': 'az2'}})
    server = api.wait_server(body['server']['id'])
    assert server['status'] == 'ERROR'
    assert 'availability zone az2' in server['fault']['message']


def test_tenant_isolation_keeps_hosts_for_their_projects(api):
    _aggregate(api, 'private', hosts=['sim-host-1'],
               filter_tenant_id='acme')
    acme = api.as_user('alice:acme')
    for _ in range(3):
        assert _admin(api, _boot(acme))['OS-EXT-SRV-ATTR:host'] == \
            'sim-host-1'
    others = {_admin(api, _boot(api))['OS-EXT-SRV-ATTR:host']
              for _ in range(4)}
    assert 'sim-host-1' not in others


def _admin(api, server):
    return api.get('/servers/%s' % server['id'])[1]['server']


def test_aggregate_extra_specs_pick_the_aggregates_hosts(api):
    _aggregate(api, 'fast', hosts=['sim-host-3'], ssd='true')
    api.create_flavor('fast', ram=64, vcpus=1, flavor_id='fast',
                      extra_specs={
                          'aggregate_instance_extra_specs:ssd': 'true'})
    for _ in range(3):
        assert _boot(api, flavorRef='fast')['OS-EXT-SRV-ATTR:host'] == \
            'sim-host-3'
    api.create_flavor('gpu', ram=64, vcpus=1, flavor_id='gpu',
                      extra_specs={
                          'aggregate_instance_extra_specs:gpu': 'true'})
    status, body = api.post('/servers', {'server': {
        'name': 'x', 'flavorRef': 'gpu', 'networks': 'none'}},
        headers=_at('2.37'))
    server = api.wait_server(body['server']['id'])
    assert server['status'] == 'ERROR'
    assert 'aggregate_instance_extra_specs:gpu' in server['fault'][
        'message']
