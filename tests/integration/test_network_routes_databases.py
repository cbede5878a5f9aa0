# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The routes the network service brought (os-server-external-events,
os-interface, os-security-groups, the security group actions) answer
bad input alike on SQLite, MariaDB and PostgreSQL: the same 4xx, never
a 500, and nothing changed. So do a create, a move and os-interface
while the Neutron backend's service does not answer (503, and the move's
400 saying the server's ports could not be read)."""
import uuid

import pytest

from tests.integration import databases
from tests.integration import network_service

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


def _asks_while_away(server):
    ports_of = '/servers/%s/os-interface' % server
    create = '/servers'
    return [
        ('admin:admin', 'post', create, {'server': {
            'name': 'vm', 'flavorRef': 'm1', 'networks': 'auto'}}, '2.37'),
        ('admin:admin', 'post', create, {'server': {
            'name': 'vm', 'flavorRef': 'm1',
            'networks': [{'uuid': MISSING}]}}, '2.37'),
        ('admin:admin', 'get', ports_of, None, None),
        ('admin:admin', 'post', ports_of, {'interfaceAttachment': {
            'net_id': MISSING}}, None),
        ('admin:admin', 'post', '/servers/%s/action' % server,
         {'migrate': None}, None),
    ]


def _answers(aio, asks, **boot):
    """(method, path, status, the answer's key and message) of each ask,
    the server they name still as it was after them all."""
    server = aio.client.boot('m1', **boot)['id']
    answers = []
    for token, method, path, body, version in asks(server):
        headers = {'OpenStack-API-Version': 'compute %s' % (
            version or '2.86')}
        client = aio.client.as_user(token)
        args = (path, body) if method == 'post' else (path,)
        code, answer = getattr(client, method)(*args, headers=headers)
        answers.append((method, path.replace(server, 'S'), code) +
                       _said(answer, server))
    shown = aio.client.wait_server(server, ('ACTIVE',), settled=True)
    assert shown['security_groups'] == [{'name': 'default'}]
    assert [s['id'] for s in aio.client.get('/servers')[1]['servers']] \
        == [server]
    return answers


def _said(answer, server):
    """(the fault's key, its message) of a refusal's body."""
    if not isinstance(answer, dict) or len(answer) != 1:
        return (None, answer)
    [(key, fault)] = answer.items()
    message = fault.get('message') if isinstance(fault, dict) else fault
    return (key, str(message).replace(server, 'S'))


def _alike_on_every_database(all_in_one, tmp_path, asks, **boot):
    """Each database's answers to ``asks``, once they are shown to be
    the same on all three."""
    def exercise(aio):
        aio.client.create_flavor('m1', flavor_id='m1')
        return _answers(aio, asks, **boot)
    found = databases.on_each(all_in_one, tmp_path, exercise)
    assert found['mysql'] == found['sqlite']
    assert found['postgresql'] == found['sqlite']
    return found['sqlite']


def test_bad_input_is_answered_alike_on_every_database(
        all_in_one, tmp_path):
    answers = _alike_on_every_database(all_in_one, tmp_path, _asks)
    assert all(400 <= code < 500 for _m, _p, code, _k, _s in answers), \
        answers


def test_the_network_service_away_is_answered_alike_on_every_database(
        all_in_one, overrides, tmp_path):
    network_service.away(overrides)
    answers = _alike_on_every_database(
        all_in_one, tmp_path, _asks_while_away, version='2.37',
        networks='none')
    assert [code for _m, _p, code, _k, _s in answers] == [
        503, 503, 503, 503, 400], answers
    assert "the server's ports could not be read" in answers[-1][-1]
