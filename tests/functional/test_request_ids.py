# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Every log line of a request, in every service, carries that request's
id and the global request id its client sent: a burst of interleaved
creates, migrations and deletes, each line about a server checked
against the ids of that server's own requests (RPC worker threads are
reused from one request to the next)."""
import concurrent.futures
import logging
import uuid

from oslo_context import context as oslo_context

SERVERS = 8


class Lines(logging.Handler):
    """(message, request id, global request id) of each line, as the
    log's formatter would find them: the thread's current context."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []  # appended under the handler's own lock

    def emit(self, record):
        current = oslo_context.get_current()
        self.lines.append((record.getMessage(),
                           getattr(current, 'request_id', None),
                           getattr(current, 'global_request_id', None)))


def _request(api, method, path, body, global_id):
    """(request id the API answered with, body)."""
    call = getattr(api.session, method)
    response = call(api.base + '/v2.1' + path, json=body, timeout=30,
                    headers={'X-OpenStack-Request-ID': global_id})
    assert response.status_code < 300, response.text
    return response.headers['x-openstack-request-id'], (
        response.json() if response.text else None)


def _life(api, index):
    """Boot, migrate, confirm and delete one server, its requests under
    one global id: (server id, its request ids, the global id)."""
    global_id = 'req-%s' % uuid.uuid4()
    ids = []
    request_id, body = _request(api, 'post', '/servers', {'server': {
        'name': 'r%d' % index, 'flavorRef': 'm1'}}, global_id)
    ids.append(request_id)
    server = body['server']['id']
    api.wait_server(server, ('ACTIVE',))
    ids.append(_request(api, 'post', '/servers/%s/action' % server,
                        {'migrate': None}, global_id)[0])
    api.wait_server(server, ('VERIFY_RESIZE',))
    ids.append(_request(api, 'post', '/servers/%s/action' % server,
                        {'confirmResize': None}, global_id)[0])
    api.wait_server(server, ('ACTIVE',), settled=True)
    ids.append(_request(api, 'delete', '/servers/%s' % server, None,
                        global_id)[0])
    api.wait_server(server, ('DELETED',))
    return server, set(ids), global_id


def test_each_line_carries_its_own_requests_id(all_in_one):
    aio = all_in_one(hosts=3)
    aio.client.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 64, 'vcpus': 1,
                                            'disk': 1}})
    handler, logger = Lines(), logging.getLogger('nova_lite')
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        with concurrent.futures.ThreadPoolExecutor(SERVERS) as pool:
            lives = list(pool.map(lambda i: _life(aio.client, i),
                                  range(SERVERS)))
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    wrong, seen = [], 0
    for message, request_id, global_id in handler.lines:
        for server, ids, own_global in lives:
            if server in message:
                seen += 1
                if request_id not in ids or global_id != own_global:
                    wrong.append((message, request_id, global_id))
    assert seen >= SERVERS * 3, (seen, len(handler.lines))
    assert wrong == [], '\n'.join(map(str, wrong[:20]))
