# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The routes the network service brought (os-server-external-events,
os-interface, os-security-groups, the security group actions) answer
bad input alike on SQLite, MariaDB and PostgreSQL: the same 4xx, never
a 500, and nothing changed."""
import uuid

import pytest

from tests.integration import databases

pytestmark = pytest.mark.integration

SERVICE = 'neutron:service:service'
MISSING = str(uuid.uuid4())


def _asks(server):
    events = '/os-server-external-events'
    ports = '/servers/%s/os-interface' % server
    action = '/servers/%s/action' % server
    return [
        (SERVICE, 'post', events, {}, None),
        (SERVICE, 'post', events, {'events': []}, None),
        (SERVICE, 'post', events, {'events': [{'name': 'network-changed',
                                               'server_uuid': 'x' * 40}]},
         None),
        (SERVICE, 'post', events, {'events': [
            {'server_uuid': MISSING, 'name': 'network-changed'}]}, None),
        (SERVICE, 'post', events, {'events': [
            {'server_uuid': server, 'name': 'power-update'}]}, '2.75'),
        ('admin:admin', 'post', events, {'events': [
            {'server_uuid': server, 'name': 'network-changed'}]}, None),
        ('admin:admin', 'post', ports, {'interfaceAttachment': {
            'tag': 'x'}}, '2.48'),
        ('admin:admin', 'post', ports, {'interfaceAttachment': {
            'net_id': MISSING, 'fixed_ips': [{'ip_address': 'nope'}]}},
         None),
        ('admin:admin', 'post', ports, {'interfaceAttachment': {}}, None),
        ('admin:admin', 'get', ports + '/' + MISSING, None, None),
        ('admin:admin', 'delete', ports + '/' + MISSING, None, None),
        ('admin:admin', 'get', '/servers/%s/os-security-groups' % MISSING,
         None, None),
        ('admin:admin', 'post', action, {'addSecurityGroup': {}}, None),
        ('admin:admin', 'post', action, {'addSecurityGroup': {
            'name': ' '}}, None),
        ('admin:admin', 'post', action, {'removeSecurityGroup': {
            'name': 'web'}}, None),
    ]


def _answers(aio):
    server = aio.client.boot('m1')['id']
    answers = []
    for token, method, path, body, version in _asks(server):
        headers = {'OpenStack-API-Version': 'compute %s' % (
            version or '2.86')}
        client = aio.client.as_user(token)
        args = (path, body) if method == 'post' else (path,)
        code, answer = getattr(client, method)(*args, headers=headers)
        answers.append((method, path.replace(server, 'S'), code))
    shown = aio.client.get('/servers/%s' % server)[1]['server']
    assert (shown['status'], shown['security_groups']) == (
        'ACTIVE', [{'name': 'default'}])
    return answers


def test_bad_input_is_answered_alike_on_every_database(
        all_in_one, tmp_path):
    found = {}
    for kind in ('sqlite', 'mysql', 'postgresql'):
        with databases.fresh_database(kind, tmp_path) as url:
            aio = all_in_one(hosts=1, database=url)
            try:
                aio.client.create_flavor('m1', flavor_id='m1')
                found[kind] = _answers(aio)
            finally:
                all_in_one.stop(aio)
    codes = [code for _m, _p, code in found['sqlite']]
    assert all(400 <= code < 500 for code in codes), found['sqlite']
    assert found['mysql'] == found['sqlite']
    assert found['postgresql'] == found['sqlite']
