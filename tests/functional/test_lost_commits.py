# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A commit that lands though its answer is lost (the cluster node that
took it killed before it answered): the transaction runs again, and
finds what its first attempt wrote. A server create does not write the
server twice (a duplicate uuid, which the API answered with a 500); a
boot's updates of its server are not refused as moved on."""
import contextlib
import sqlite3
import threading

import pytest
from sqlalchemy import event

from nova_lite.db import engine


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    return aio


@contextlib.contextmanager
def _commit_unanswered(statement, nth=1):
    """The ``nth`` commit of a transaction that ran an SQL statement
    beginning with ``statement`` lands, then the database answers as a
    connection that closed (what SQLite says of one); the statements of
    each such commit are listed, and which of them went unanswered."""
    seen = []
    writing = {}  # thread: the matching statements of its transaction
    sql = engine.get_engine()
    commit = sql.dialect.do_commit

    def executing(conn, cursor, text, parameters, context, executemany):
        if text.startswith(statement):
            writing.setdefault(threading.get_ident(), []).append(text)

    def commit_unanswered(dbapi_connection):
        commit(dbapi_connection)
        texts = writing.pop(threading.get_ident(), None)
        if texts:
            seen.append(texts)
            if len(seen) == nth:
                seen.append('committed, answer lost')
                raise sqlite3.ProgrammingError(
                    'Cannot operate on a closed database.')
    event.listen(sql, 'before_cursor_execute', executing)
    sql.dialect.do_commit = commit_unanswered
    try:
        yield seen
    finally:
        sql.dialect.do_commit = commit
        event.remove(sql, 'before_cursor_execute', executing)


def test_a_create_whose_commit_answer_was_lost_makes_one_server(aio):
    with _commit_unanswered('INSERT INTO instances ') as seen:
        status, body = aio.client.post('/servers', {'server': {
            'name': 'once', 'flavorRef': 'm1'}})
    assert 'committed, answer lost' in seen
    assert status == 202, body
    server = aio.client.wait_server(body['server']['id'], settled=True)
    assert server['status'] == 'ACTIVE'
    listed = aio.client.get('/servers?name=once')[1]['servers']
    assert [s['id'] for s in listed] == [server['id']]
    actions = aio.client.get('/servers/%s/os-instance-actions'
                             % server['id'])[1]['instanceActions']
    assert [a['action'] for a in actions] == ['create']


# A boot's updates of its server: the conductor takes the build, the
# compute claims the host, the guest runs.
BOOT_UPDATES = 3


@pytest.mark.parametrize('nth', range(1, BOOT_UPDATES + 1))
def test_a_boot_whose_update_answer_was_lost_goes_on(aio, nth):
    """The update that landed unanswered is found made as it runs again,
    not refused: the server had stayed in BUILD (the conductor found the
    build taken, by itself) or went to ERROR (a task state moved on)."""
    with _commit_unanswered('UPDATE instances ', nth) as seen:
        status, body = aio.client.post('/servers', {'server': {
            'name': 'boots', 'flavorRef': 'm1'}})
        assert status == 202, body
        server = aio.client.wait_server(body['server']['id'], settled=True)
    assert seen[nth] == 'committed, answer lost'
    assert server['status'] == 'ACTIVE', server.get('fault')
    held = aio.placement_client.get('/allocations/%s' % server['id'])[1][
        'allocations']
    assert [usage['resources']['VCPU'] for usage in held.values()] == [1]
