# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/os-volumes_boot: the servers API under its old name, to 2.102."""
from tests.functional import compute_calls

at = compute_calls.at


def test_the_servers_api_under_its_old_name_until_2_103(all_in_one):
    api = all_in_one(hosts=1).client
    api.create_flavor('m1', flavor_id='m1')
    status, body = api.post('/os-volumes_boot', {'server': {
        'name': 'old', 'flavorRef': 'm1', 'networks': 'none'}},
        **at('2.102'))
    assert status == 202, body
    server_id = body['server']['id']
    assert body['server']['links'][0]['href'].endswith(
        '/servers/%s' % server_id)
    api.wait_server(server_id)
    listed = api.get('/os-volumes_boot/detail', **at('2.1'))[1]['servers']
    assert [(s['id'], s['status']) for s in listed] == [(server_id,
                                                         'ACTIVE')]
    path = '/os-volumes_boot/%s' % server_id
    status, body = api.put(path, {'server': {'name': 'renamed'}},
                           **at('2.102'))
    assert (status, body['server']['name']) == (200, 'renamed')
    assert api.get('/os-volumes_boot')[1]['servers'][0]['name'] == 'renamed'
    status, body = api.put(path, {'server': {'bogus': 1}}, **at('2.102'))
    assert status == 400
    for method, route in (('get', '/os-volumes_boot'),
                          ('get', '/os-volumes_boot/detail'),
                          ('get', path), ('delete', path)):
        assert getattr(api, method)(route, **at('2.103'))[0] == 404
    assert api.post('/os-volumes_boot', {'server': {
        'name': 'new', 'flavorRef': 'm1', 'networks': 'none'}},
        **at('2.103'))[0] == 404
    assert api.delete(path, **at('2.102'))[0] == 204
    api.wait_server(server_id, ('DELETED',))
    assert api.get(path)[0] == 404
