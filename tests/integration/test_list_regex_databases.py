# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The regular-expression list filters (servers' ``name``, ``ip`` and
``ip6``, flavors' ``name`` from 2.102) on SQLite, MariaDB and
PostgreSQL: what matches is the same on all three, and an expression that
Python takes but the database's own engine refuses (PostgreSQL has no
named groups) is a 400 naming the parameter, never a 500."""
import urllib.parse

import pytest

from tests.integration import databases

pytestmark = pytest.mark.integration

AT = {'headers': {'OpenStack-API-Version': 'compute 2.102'}}
PATTERNS = ['^vm', 'm-[0-9]$', '(?i)VM', 'x' * 256, '(?P<n>vm)',
            r'(?<=v)m', '[[:alpha:]]']


def _answers(api):
    found = []
    for pattern in PATTERNS:
        for path in ('/servers', '/flavors'):
            status, body = api.get(path + '?' + urllib.parse.urlencode(
                {'name': pattern}), **AT)
            key = path.strip('/')
            found.append((path, pattern, status, sorted(
                item['name'] for item in body[key]) if status == 200
                else body['badRequest']['message']))
    status, body = api.get('/servers?' + urllib.parse.urlencode(
        {'ip': '(?P<n>10)'}), **AT)
    found.append(('/servers', 'ip', status, body))
    return found


def test_list_regexes_on_every_database(all_in_one, tmp_path):
    def exercise(aio):
        for name in ('vm-1', 'vm-2', 'web'):
            aio.client.create_flavor(name, flavor_id=name)
            aio.client.boot(name, name=name, wait=False)
        return _answers(aio.client)
    found = databases.on_each(all_in_one, tmp_path, exercise)
    assert all(status != 500 for answers in found.values()
               for _p, _r, status, _b in answers), found
    assert found['sqlite'][:2] == [
        ('/servers', '^vm', 200, ['vm-1', 'vm-2']),
        ('/flavors', '^vm', 200, ['vm-1', 'vm-2'])]
    # Named groups: Python's and MariaDB's engines take them,
    # PostgreSQL's refuses them.
    named = [a for a in found['postgresql'] if a[1] in ('(?P<n>vm)', 'ip')]
    assert [(p, s) for p, _r, s, _b in named] == [
        ('/servers', 400), ('/flavors', 400), ('/servers', 400)]
    assert 'Invalid regular expression in name' in named[0][3]
    assert 'Invalid regular expression in ip' in str(named[2][3])

    def comparable(answers):
        return [a for a in answers if a[1] not in ('(?P<n>vm)', 'ip',
                                                   '[[:alpha:]]')]
    assert comparable(found['mysql']) == comparable(found['sqlite'])
    assert comparable(found['postgresql']) == comparable(found['sqlite'])
