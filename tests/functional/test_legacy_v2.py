# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2: the API before microversions, as clients of the time call it
(with the project in the URL): version 2.1 whatever a request asks for,
no version headers, properties a body's schema does not know ignored."""
import requests


def _url(aio, path):
    return 'http://127.0.0.1:%d%s' % (aio.api.port, path)


def test_the_api_before_microversions(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    headers = {'X-Auth-Token': 'admin:admin',
               'OpenStack-API-Version': 'compute 2.90'}
    answer = requests.post(_url(aio, '/v2/admin/servers'), headers=headers,
                           json={'server': {'name': 'old', 'flavorRef': 'm1',
                                            'hostname': 'ignored',
                                            'from_2011': True}})
    assert answer.status_code == 202, answer.text
    for header in ('OpenStack-API-Version', 'X-OpenStack-Nova-API-Version',
                   'Vary'):
        assert header not in answer.headers
    server = answer.json()['server']
    assert server['links'][0]['href'] == _url(
        aio, '/v2/admin/servers/%s' % server['id'])
    assert server['links'][1]['href'] == _url(
        aio, '/admin/servers/%s' % server['id'])
    aio.client.wait_server(server['id'])
    shown = requests.get(_url(aio, '/v2/admin/servers/%s' % server['id']),
                         headers=headers).json()['server']
    # Neither 2.3's extended attributes nor 2.9's lock flag: this is 2.1.
    assert 'locked' not in shown and shown['name'] == 'old'
    assert 'OS-EXT-SRV-ATTR:hostname' not in shown
    # The hostname the body named (2.90) was ignored.
    assert aio.client.get('/servers/%s' % server['id'], headers={
        'OpenStack-API-Version': 'compute 2.90'})[1]['server'][
        'OS-EXT-SRV-ATTR:hostname'] == 'old'
    answer = requests.put(_url(aio, '/v2/admin/servers/%s' % server['id']),
                          headers=headers, json={'server': {
                              'name': 'renamed', 'unknown': 1}})
    assert (answer.status_code, answer.json()['server']['name']) == (
        200, 'renamed')
    # Known properties are still checked.
    answer = requests.put(_url(aio, '/v2/admin/servers/%s' % server['id']),
                          headers=headers, json={'server': {'name': ''}})
    assert answer.status_code == 400
    assert requests.put(_url(aio, '/v2.1/servers/%s' % server['id']),
                        headers=headers, json={'server': {
                            'unknown': 1}}).status_code == 400
    answer = requests.get(_url(aio, '/v2'))
    assert answer.json()['version']['id'] == 'v2.0'


def test_an_actions_body_is_relaxed_too(all_in_one):
    aio = all_in_one(hosts=1)
    host = aio.client.get('/os-services?binary=nova-compute')[1][
        'services'][0]['host']
    aggregate = aio.client.post('/os-aggregates', {'aggregate': {
        'name': 'a'}})[1]['aggregate']['id']
    body = {'add_host': {'host': host, 'from_2011': True}}
    headers = {'X-Auth-Token': 'admin:admin'}
    path = '/os-aggregates/%s/action' % aggregate
    refused = requests.post(_url(aio, '/v2.1' + path), json=body,
                            headers=headers)
    assert refused.status_code == 400, refused.text
    taken = requests.post(_url(aio, '/v2' + path), json=body,
                          headers=headers)
    assert taken.status_code == 200, taken.text
    assert taken.json()['aggregate']['hosts'] == [host]
