# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Input no handler, schema or database can use gets a 4xx on all three
APIs, never a 500, and changes nothing: URLs that are not UTF-8 or hold
NUL, lone surrogates, NUL, NaN and Infinity and integers past 64 bits in
JSON bodies, integers past 64 bits in query strings, nesting 5,000 deep,
a large array to the image API. Run on SQLite and on PostgreSQL (which
refuses NUL in text where SQLite stores it)."""
import http.client
import json

import pytest

from tests.integration import databases

C, P, IMG = 'compute', 'placement', 'image'
PLACEMENT = {'OpenStack-API-Version': 'placement 1.39'}
FLAVOR = '{"flavor": {"name": %s, "ram": %s, "vcpus": 1, "disk": 1%s}}'
DEEP = '[' * 5000 + ']' * 5000

CASES = [
    # URLs
    (C, 'GET', '/v2.1/servers/%ff%fe', None, None, 400),
    (C, 'GET', '/v2.1/flavors/%ff', None, None, 400),
    (C, 'GET', '/v2.1/os-hypervisors/%ff', None, None, 400),
    (C, 'GET', '/v2.1/servers?name=%ff%fe', None, None, 400),
    (C, 'GET', '/v2.1/servers?marker=%00', None, None, 400),
    (C, 'GET', '/v2.1/flavors?marker=a%00b', None, None, 400),
    (P, 'GET', '/resource_providers?in_tree=%ff', None, PLACEMENT, 400),
    (P, 'GET', '/resource_providers?member_of=in:%ff,zz', None, PLACEMENT,
     400),
    (P, 'GET', '/resource_providers/%ff', None, PLACEMENT, 400),
    (P, 'GET', '/resource_providers?name=a%00b', None, PLACEMENT, 400),
    (IMG, 'GET', '/v2/images/%ff', None, None, 400),
    (IMG, 'GET', '/v2/images?name=%ff', None, None, 400),
    (IMG, 'GET', '/v2/images?name=a%00b', None, None, 400),
    # numbers past 64 bits in query strings: nothing is that large
    (C, 'GET', '/v2.1/flavors?minRam=99999999999999999999999', None, None,
     200),
    (C, 'GET', '/v2.1/flavors/detail?minDisk=99999999999999999999999', None,
     None, 200),
    (C, 'GET', '/v2.1/servers?limit=99999999999999999999999', None, None,
     200),
    (C, 'GET', '/v2.1/os-hypervisors/99999999999999999999999', None, None,
     404),
    (C, 'GET', '/v2.1/servers/detail?power_state=99999999999999999999999',
     None, None, 200),
    (P, 'GET', '/allocation_candidates?resources=VCPU:9223372036854775808',
     None, PLACEMENT, 200),
    (P, 'GET', '/resource_providers?resources=VCPU:99999999999999999999999',
     None, PLACEMENT, 200),
    (P, 'GET', '/allocation_candidates?resources=VCPU:1'
               '&limit=99999999999999999999', None, PLACEMENT, 200),
    (IMG, 'GET', '/v2/images?limit=99999999999999999999999', None, None, 200),
    # JSON bodies
    (C, 'POST', '/v2.1/flavors', FLAVOR % ('"\\ud800"', 512, ''), None, 400),
    (C, 'POST', '/v2.1/flavors', FLAVOR % ('"a\\u0000b"', 512, ''), None,
     400),
    (C, 'POST', '/v2.1/flavors', FLAVOR % ('"n"', 512, ', "rxtx_factor": NaN'),
     None, 400),
    (C, 'POST', '/v2.1/flavors',
     FLAVOR % ('"n"', 512, ', "rxtx_factor": Infinity'), None, 400),
    (C, 'POST', '/v2.1/flavors', FLAVOR % ('"n"', 10 ** 22, ''), None, 400),
    (C, 'POST', '/v2.1/flavors', DEEP, None, 400),
    (C, 'POST', '/v2.1/flavors', '{"flavor": ' + DEEP + '}', None, 400),
    (P, 'POST', '/resource_providers', '{"name": "a\\u0000b"}', PLACEMENT,
     400),
    (P, 'POST', '/resource_providers', '{"name": "\\udfff"}', PLACEMENT, 400),
    (P, 'POST', '/resource_providers', DEEP, PLACEMENT, 400),
    (P, 'POST', '/resource_classes', '{"name": "CUSTOM_\\ud800"}', PLACEMENT,
     400),
    (IMG, 'POST', '/v2/images', '{"name": "a\\u0000b"}', None, 400),
    (IMG, 'POST', '/v2/images', '{"name": "\\ud800"}', None, 400),
    (IMG, 'POST', '/v2/images', '{"name": "x", "min_ram": 1e400}', None, 400),
    (IMG, 'POST', '/v2/images', '{"name": "x", "big": 99999999999999999999}',
     None, 400),
    (IMG, 'POST', '/v2/images', DEEP, None, 400),
    (IMG, 'POST', '/v2/images', '[' + ','.join(['1'] * 70000) + ']', None,
     413),
]


def _ports(aio):
    return {C: aio.api.port, P: aio.placement.port, IMG: aio.image.port}


def _call(port, method, path, body, headers):
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
    conn.request(method, path,
                 body=None if body is None else body.encode('utf-8'),
                 headers=dict({'X-Auth-Token': 'admin:admin',
                               'Content-Type': 'application/json'},
                              **(headers or {})))
    response = conn.getresponse()
    answer = response.status, response.read()
    conn.close()
    return answer


def _listing(aio):
    api, placement = aio.client, aio.placement_client
    images = json.loads(_call(aio.image.port, 'GET', '/v2/images', None,
                              None)[1])['images']
    return (api.get('/flavors')[1]['flavors'],
            sorted(p['name'] for p in placement.get(
                '/resource_providers')[1]['resource_providers']),
            sorted(c['name'] for c in placement.get(
                '/resource_classes')[1]['resource_classes']),
            images)


@pytest.fixture(params=['sqlite',
                        pytest.param('postgresql',
                                     marks=pytest.mark.integration)])
def aio(request, all_in_one, tmp_path):
    if request.param == 'sqlite':
        yield all_in_one(hosts=1)
        return
    with databases.fresh_database(request.param, tmp_path) as url:
        started = all_in_one(hosts=1, database=url)
        yield started
        all_in_one.stop(started)


def test_bad_input_is_4xx_and_changes_nothing(aio):
    ports = _ports(aio)
    before = _listing(aio)
    wrong = []
    for api, method, path, body, headers, expected in CASES:
        status, answer = _call(ports[api], method, path, body, headers)
        if status != expected:
            wrong.append((api, method, path, (body or '')[:60], status,
                          answer[:200]))
    assert wrong == [], '\n'.join(map(str, wrong))
    assert _listing(aio) == before
