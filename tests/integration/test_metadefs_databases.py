# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The metadata definitions catalogue on SQLite, MariaDB and PostgreSQL:
the same answers on all three for what leans on the database (a
namespace refused whole when one of its records repeats, pages after a
marker in both directions, renames that collide, a deleted namespace
taking its records with it), and never a 500."""
import pytest
import requests

from tests.integration import databases

pytestmark = pytest.mark.integration
ADMIN = {'X-Auth-Token': 'admin:admin'}


def _calls(base):
    answers = []

    def call(method, path, **kwargs):
        response = requests.request(method, base + path, headers=ADMIN,
                                    **kwargs)
        body = response.json() if response.content and (
            'json' in response.headers.get('Content-Type', '')) else None
        answers.append((method, path, response.status_code, body))
        return body
    return call, answers


def _names(body, key='namespaces', field='namespace'):
    return [entry[field] for entry in body[key]]


def _exercise(call):
    call('POST', '/namespaces', json={
        'namespace': 'ns', 'tags': [{'name': 't'}, {'name': 't'}]})
    call('GET', '/namespaces/ns')
    for name in ('ns-a', 'ns-b', 'ns-c'):
        call('POST', '/namespaces', json={
            'namespace': name, 'tags': [{'name': 't'}],
            'properties': {'p': {'type': 'string', 'title': 'P'}}})
    pages = []
    for direction in ('asc', 'desc'):
        query = '?visibility=private&sort_key=namespace&limit=2&sort_dir='
        first = call('GET', '/namespaces' + query + direction)
        pages.append(_names(first))
        pages.append(_names(call('GET', first['next'][len(
            '/v2/metadefs'):])))
    call('POST', '/namespaces/ns-a/tags/u')
    call('PUT', '/namespaces/ns-a/tags/u', json={'name': 't'})
    call('PUT', '/namespaces/ns-a', json={'namespace': 'ns-b'})
    call('DELETE', '/namespaces/ns-a')
    call('POST', '/namespaces', json={'namespace': 'ns-a'})
    left = call('GET', '/namespaces/ns-a')
    return pages, sorted(left)


def test_metadefs_on_every_database(all_in_one, tmp_path):
    def exercise(aio):
        call, answers = _calls(aio.image_url + '/v2/metadefs')
        pages, left = _exercise(call)
        return (pages, left, [a[:3] for a in answers if a[0] != 'GET'
                              or a[1] == '/namespaces/ns'])
    found = databases.on_each(all_in_one, tmp_path, exercise)
    pages, left, writes = found['sqlite']
    assert pages == [['ns-a', 'ns-b'], ['ns-c'], ['ns-c', 'ns-b'],
                     ['ns-a']]
    assert 'tags' not in left and 'properties' not in left
    assert [status for _m, _p, status in writes] == [
        409, 404, 201, 201, 201, 201, 409, 409, 204, 201]
    assert found['mysql'] == found['sqlite'] == found['postgresql']
