# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console URLs as Nova hands them out, and the console proxies' gate.

The URLs come from POST /servers/{id}/remote-consoles (2.6+) and the
os-get*Console actions (to 2.5), asked with the openstack CLI,
openstacksdk and the REST API; os-console-auth-tokens shows a token to
admins. The proxies are driven with websockify's websocket client, as
noVNC's page connects: a token opens one connection, and expired,
reused, forged or stale tokens and foreign origins are refused before
anything connects to a host. On simulated hosts no console server runs:
an admitted websocket is closed as a host's unreachable console is.
"""
import socket
import time

import openstack
import pytest
import sqlalchemy as sa

from nova_lite import context
from nova_lite.db import engine
from nova_lite.objects import console_auth_token
from tests.functional.compute_calls import at
from tests.functional.compute_calls import cloud_env
from tests.functional.compute_calls import osc
from tests.functional.console_calls import close_reason
from tests.functional.console_calls import open_websocket
from tests.functional.console_calls import token_of
from tests.functional.console_calls import UNREACHABLE


def _tokens():
    """How many console tokens the database holds."""
    with engine.get_engine().connect() as conn:
        return conn.execute(
            sa.text('SELECT count(*) FROM console_auth_tokens')).scalar()


def _websocket_url(aio, token, kind='novnc'):
    proxy = next(p for p in aio.consoles if p.kind == kind)
    return 'ws://127.0.0.1:%d/?token=%s' % (proxy.port, token)


@pytest.fixture
def console_cloud(all_in_one, overrides):
    overrides('enabled', True, group='serial_console')
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('small', flavor_id='small')
    server = aio.client.boot('small')
    assert server['status'] == 'ACTIVE', server
    return aio, server['id']


def _sdk(aio, version):
    return openstack.connect(
        auth_type='admin_token', compute_api_version=version,
        auth={'endpoint': 'http://127.0.0.1:%d/v2.1' % aio.api.port,
              'token': 'admin:admin'})


def _remote_console(aio, server_id, protocol, console_type, version='2.6'):
    return aio.client.post(
        '/servers/%s/remote-consoles' % server_id,
        {'remote_console': {'protocol': protocol, 'type': console_type}},
        **at(version))


def test_console_urls_from_the_cli_the_sdk_and_the_api(
        console_cloud, tmp_path):
    aio, server_id = console_cloud
    env = cloud_env(tmp_path, aio)
    novnc = osc(env, 'console', 'url', 'show', '--novnc', server_id,
                '-f', 'json')
    assert novnc['type'] == 'novnc'
    assert novnc['url'].startswith(aio.conf.vnc.novncproxy_base_url + '?')
    assert 'path=%3Ftoken%3D' in novnc['url']
    serial = osc(env, 'console', 'url', 'show', '--serial', server_id,
                 '-f', 'json')
    assert serial['url'].startswith(aio.conf.serial_console.base_url)
    assert osc(env, 'console', 'url', 'show', '--spice', server_id,
               fails=True).count('Unavailable console type spice-html5.')

    sdk = _sdk(aio, '2.6').compute.create_console(
        server_id, console_type='novnc')
    assert sdk['type'] == 'novnc' and 'token' in sdk['url']
    # The action the SDK sends exists to 2.5, as in Nova.
    serial_url = _sdk(aio, '2.5').compute.get_server_console_url(
        server_id, 'serial')
    assert serial_url['url'].startswith(aio.conf.serial_console.base_url)

    status, body = _remote_console(aio, server_id, 'vnc', 'novnc')
    assert status == 200
    assert set(body['remote_console']) == {'protocol', 'type', 'url'}
    assert body['remote_console']['protocol'] == 'vnc'
    # Every URL its own token.
    tokens = {token_of(url) for url in (
        novnc['url'], serial['url'], sdk['url'], serial_url['url'],
        body['remote_console']['url'])}
    assert len(tokens) == 5


@pytest.mark.parametrize('body, version, status, words', [
    ({'protocol': 'vnc', 'type': 'xvpvnc'}, '2.6', 400,
     'Invalid console type xvpvnc'),
    ({'protocol': 'vnc', 'type': 'serial'}, '2.6', 400,
     'Invalid console type serial'),
    ({'protocol': 'spice', 'type': 'spice-html5'}, '2.6', 400,
     'Unavailable console type spice-html5.'),
    ({'protocol': 'rdp', 'type': 'rdp-html5'}, '2.6', 400,
     'Unavailable console type rdp-html5.'),
    ({'protocol': 'mks', 'type': 'webmks'}, '2.8', 400,
     'Unavailable console type webmks.'),
    ({'protocol': 'mks', 'type': 'webmks'}, '2.7', 400, "'mks' is not one"),
    ({'protocol': 'spice', 'type': 'spice-direct'}, '2.98', 400,
     "'spice-direct' is not one"),
    ({'protocol': 'vnc'}, '2.6', 400, "'type' is a required property"),
    ({'protocol': 'vnc', 'type': 'novnc', 'x': 1}, '2.6', 400,
     'Additional properties are not allowed'),
    ({'protocol': 'vnc', 'type': 'novnc'}, '2.5', 404, None),
])
def test_remote_consoles_refuses_what_nova_refuses(console_cloud, body,
                                                   version, status, words):
    aio, server_id = console_cloud
    before = _tokens()
    answer, error = aio.client.post(
        '/servers/%s/remote-consoles' % server_id,
        {'remote_console': body}, **at(version))
    assert answer == status, error
    if words:
        message = next(iter(error.values()))['message']
        assert words in message, message
    assert _tokens() == before


def test_the_console_actions_end_at_2_5(console_cloud):
    aio, server_id = console_cloud
    path = '/servers/%s/action' % server_id
    status, body = aio.client.post(
        path, {'os-getVNCConsole': {'type': 'novnc'}}, **at('2.5'))
    assert status == 200, body
    assert set(body['console']) == {'type', 'url'}
    assert body['console']['type'] == 'novnc'
    status, body = aio.client.post(
        path, {'os-getSerialConsole': {'type': 'serial'}}, **at('2.1'))
    assert status == 200 and 'token=' in body['console']['url'], body
    status, body = aio.client.post(
        path, {'os-getSPICEConsole': {'type': 'spice-html5'}}, **at('2.1'))
    assert status == 400
    assert body['badRequest']['message'] == (
        'Unavailable console type spice-html5.')
    status, body = aio.client.post(
        path, {'os-getVNCConsole': {'type': 'vnc'}}, **at('2.1'))
    assert status == 400 and "'vnc' is not one of" in (
        body['badRequest']['message'])
    before = _tokens()
    status, body = aio.client.post(
        path, {'os-getVNCConsole': {'type': 'novnc'}}, **at('2.6'))
    assert status == 404
    assert body['itemNotFound']['message'] == (
        'The resource could not be found.')
    assert _tokens() == before


def test_a_console_of_a_server_not_ready_or_not_yours(console_cloud):
    aio, server_id = console_cloud
    aio.client.create_flavor('huge', ram=10 ** 7, flavor_id='huge')
    failed = aio.client.boot('huge')
    assert failed['status'] == 'ERROR'
    status, body = _remote_console(aio, failed['id'], 'vnc', 'novnc')
    assert status == 409
    assert body['conflictingRequest']['message'] == (
        'Instance %s is not ready' % failed['id'])
    status, body = aio.client.as_user('eve:other').post(
        '/servers/%s/remote-consoles' % server_id,
        {'remote_console': {'protocol': 'vnc', 'type': 'novnc'}},
        **at('2.6'))
    assert status == 404, body


def test_console_auth_tokens_for_admins(console_cloud):
    aio, server_id = console_cloud
    status, body = _remote_console(aio, server_id, 'vnc', 'novnc')
    token = token_of(body['remote_console']['url'])
    path = '/os-console-auth-tokens/%s' % token
    status, body = aio.client.get(path, **at('2.31'))
    assert status == 200, body
    assert body == {'console': {
        'instance_uuid': server_id, 'host': '127.0.0.1', 'port': -1,
        'internal_access_path': None}}
    status, body = aio.client.get(path, **at('2.99'))
    assert body['console']['tls_port'] is None
    status, body = aio.client.get(path, **at('2.30'))
    assert status == 401
    assert body['unauthorized']['message'] == (
        'The requested console type details are not accessible')
    status, body = aio.client.get(
        '/os-console-auth-tokens/%s' % token[::-1], **at('2.31'))
    assert status == 404
    assert body['itemNotFound']['message'] == 'Token not found'
    status, body = aio.client.as_user('alice:demo').get(path, **at('2.31'))
    assert status == 403
    # Showing a token does not use it up.
    assert aio.client.get(path, **at('2.31'))[0] == 200


def _novnc_url(aio, server_id):
    status, body = _remote_console(aio, server_id, 'vnc', 'novnc')
    assert status == 200, body
    return body['remote_console']['url']


def test_the_proxy_admits_a_token_once(console_cloud):
    aio, server_id = console_cloud
    token = token_of(_novnc_url(aio, server_id))
    url = _websocket_url(aio, token)
    client, refusal = open_websocket(url, origin='http://127.0.0.1')
    assert refusal is None
    # A simulated host runs no console server: closed as unreachable.
    assert close_reason(client) == UNREACHABLE
    client, refusal = open_websocket(url, origin='http://127.0.0.1')
    assert client is None and '403' in refusal
    # The token is used up for os-console-auth-tokens too.
    assert aio.client.get('/os-console-auth-tokens/%s' % token,
                          **at('2.31'))[0] == 404


@pytest.mark.parametrize('origin, words', [
    ('http://evil.example', '403'),
    ('https://127.0.0.1', '403'),  # an http console opened from https
    ('null', '403'),
])
def test_the_proxy_refuses_foreign_origins(console_cloud, origin, words):
    aio, server_id = console_cloud
    token = token_of(_novnc_url(aio, server_id))
    client, refusal = open_websocket(_websocket_url(aio, token), origin=origin)
    assert client is None and words in refusal
    # Refused before the token was taken: a right page may still use it.
    assert aio.client.get('/os-console-auth-tokens/%s' % token,
                          **at('2.31'))[0] == 200


def test_allowed_origins_admit_a_dashboard_elsewhere(console_cloud,
                                                     overrides):
    aio, server_id = console_cloud
    overrides('allowed_origins', ['dashboard.example'], group='console')
    token = token_of(_novnc_url(aio, server_id))
    client, refusal = open_websocket(_websocket_url(aio, token),
                                     origin='http://dashboard.example')
    assert refusal is None
    client.close()


def test_forged_expired_and_serial_tokens_are_refused(console_cloud,
                                                      overrides):
    aio, server_id = console_cloud
    client, refusal = open_websocket(_websocket_url(aio, 'not-a-token'))
    assert client is None and '403' in refusal
    client, refusal = open_websocket(_websocket_url(aio, ''))
    assert client is None and '403' in refusal
    # A serial console's token does not open the VNC proxy.
    status, body = _remote_console(aio, server_id, 'serial', 'serial')
    client, refusal = open_websocket(_websocket_url(
        aio, token_of(body['remote_console']['url'])))
    assert client is None and '403' in refusal
    overrides('token_ttl', 1, group='consoleauth')
    token = token_of(_novnc_url(aio, server_id))
    time.sleep(2.1)
    client, refusal = open_websocket(_websocket_url(aio, token))
    assert client is None and '403' in refusal


def test_a_token_dies_with_a_move_and_with_its_server(console_cloud):
    aio, server_id = console_cloud
    moved = token_of(_novnc_url(aio, server_id))
    status, body = aio.client.post('/servers/%s/action' % server_id,
                                   {'migrate': None})
    assert status == 202, body
    aio.client.wait_server(server_id, ('VERIFY_RESIZE',))
    client, refusal = open_websocket(_websocket_url(aio, moved))
    assert client is None and '403' in refusal
    gone = token_of(_novnc_url(aio, server_id))
    assert aio.client.delete('/servers/%s' % server_id)[0] == 204
    aio.client.wait_server(server_id, ('DELETED',))
    assert aio.client.get('/os-console-auth-tokens/%s' % gone,
                          **at('2.31'))[0] == 404
    client, refusal = open_websocket(_websocket_url(aio, gone))
    assert client is None and '403' in refusal


def test_idle_clients_cannot_hold_the_proxy(all_in_one, overrides):
    overrides('max_connections', 2, group='console')
    overrides('handshake_timeout', 0.5, group='console')
    aio = all_in_one(hosts=1)
    proxy = next(p for p in aio.consoles if p.kind == 'novnc')
    idle = [socket.create_connection(('127.0.0.1', proxy.port))
            for _ in range(2)]
    time.sleep(0.2)
    extra = socket.create_connection(('127.0.0.1', proxy.port))
    extra.settimeout(5)
    assert extra.recv(100).startswith(b'HTTP/1.1 503')
    # The idle ones are dropped after the handshake timeout ...
    for conn in idle:
        conn.settimeout(5)
        assert conn.recv(100) == b''
    # ... and the proxy takes requests again.
    client, refusal = open_websocket(_websocket_url(aio, 'forged'))
    assert '403' in refusal


def test_expired_tokens_leave_the_table(console_cloud, overrides):
    """Each new token takes the expired ones with it and leaves the
    live ones (two of ten minutes, one of a second)."""
    aio, server_id = console_cloud
    for _ in range(2):
        _novnc_url(aio, server_id)
    overrides('token_ttl', 1, group='consoleauth')
    _novnc_url(aio, server_id)
    assert _tokens() == 3
    time.sleep(1.1)
    _novnc_url(aio, server_id)
    assert _tokens() == 3


def test_a_token_for_an_address_the_guest_no_longer_has(console_cloud):
    """A token made when the guest's console listened elsewhere (before a
    restart on another port, or a move the token outlived): the server's
    compute does not confirm the address, and nothing is connected."""
    aio, server_id = console_cloud
    echo = socket.create_server(('127.0.0.1', 0))
    stale = console_auth_token.ConsoleAuthToken(
        context.get_admin_context(), console_type='novnc',
        host='127.0.0.1', port=echo.getsockname()[1],
        internal_access_path=None, instance_uuid=server_id,
        access_url_base=aio.conf.vnc.novncproxy_base_url)
    token = stale.authorize(60)
    client, refusal = open_websocket(_websocket_url(aio, token))
    assert client is None and '403' in refusal
    echo.settimeout(0.5)
    with pytest.raises(socket.timeout):
        echo.accept()  # the proxy never connected to that address
    echo.close()
