# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console tokens on SQLite, MariaDB and PostgreSQL: the API's answers
and refusals are the same on all three, and of 12 websockets opened at
once with one token, one is admitted (the token is taken in one step)."""
import concurrent.futures

import pytest

from tests.functional.compute_calls import at
from tests.functional.console_calls import open_websocket
from tests.functional.console_calls import token_of
from tests.integration import databases

pytestmark = pytest.mark.integration


def _answers(aio):
    aio.client.create_flavor('small', flavor_id='small')
    server = aio.client.boot('small')['id']
    path = '/servers/%s/remote-consoles' % server
    found = {}
    for name, body, version in (
            ('novnc', {'protocol': 'vnc', 'type': 'novnc'}, '2.6'),
            ('xvpvnc', {'protocol': 'vnc', 'type': 'xvpvnc'}, '2.6'),
            ('serial', {'protocol': 'serial', 'type': 'serial'}, '2.6'),
            ('webmks', {'protocol': 'mks', 'type': 'webmks'}, '2.8')):
        status, answer = aio.client.post(
            path, {'remote_console': body}, **at(version))
        found[name] = (status, sorted(answer['remote_console']) if status
                       == 200 else answer)
    url = aio.client.post(path, {'remote_console': {
        'protocol': 'vnc', 'type': 'novnc'}}, **at('2.6'))[1][
            'remote_console']['url']
    token = token_of(url)
    status, shown = aio.client.get('/os-console-auth-tokens/%s' % token,
                                   **at('2.31'))
    shown['console'].pop('instance_uuid')
    found['token'] = (status, shown)
    proxy = next(p for p in aio.consoles if p.kind == 'novnc')
    websocket_url = 'ws://127.0.0.1:%d/?token=%s' % (proxy.port, token)
    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        opened = list(pool.map(lambda _: open_websocket(websocket_url),
                               range(12)))
    found['admitted'] = sum(1 for client, _refusal in opened if client)
    for client, _refusal in opened:
        if client:
            client.close()
    return found


def test_console_tokens_on_every_database(all_in_one, tmp_path):
    found = databases.on_each(all_in_one, tmp_path, _answers)
    assert found['sqlite']['admitted'] == 1
    assert found['sqlite']['novnc'] == (200, ['protocol', 'type', 'url'])
    assert found['sqlite']['xvpvnc'] == (400, {'badRequest': {
        'code': 400, 'message': 'Invalid console type xvpvnc'}})
    assert found['sqlite']['serial'] == (400, {'badRequest': {
        'code': 400, 'message': 'Unavailable console type serial.'}})
    assert found['sqlite']['token'] == (200, {'console': {
        'host': '127.0.0.1', 'port': -1, 'internal_access_path': None}})
    assert found['mysql'] == found['sqlite'] == found['postgresql']
