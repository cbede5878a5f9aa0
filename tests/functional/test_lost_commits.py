# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A commit that lands though its answer is lost (the cluster node that
took it killed before it answered): the transaction runs again, and a
server create finds the server its first attempt wrote instead of
writing it twice (a duplicate uuid, which the API answered with a
500)."""
import contextlib
import sqlite3
import threading

import pytest
from sqlalchemy import event
from sqlalchemy import orm

from nova_lite.db import engine
from nova_lite.db import models


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', vcpus=1, ram=256, disk=1, flavor_id='m1')
    return aio


@contextlib.contextmanager
def _first_instance_commit_unanswered():
    """The first commit that writes an instance lands, then the database
    answers as a connection that closed (what SQLite says of one); what
    happened is listed."""
    seen = []
    writing = set()  # the threads whose transaction writes an instance
    dialect = engine.get_engine().dialect
    commit = dialect.do_commit

    def flushed(session, flush_context, instances):
        if any(isinstance(row, models.Instance) for row in session.new):
            writing.add(threading.get_ident())

    def commit_unanswered(dbapi_connection):
        commit(dbapi_connection)
        if threading.get_ident() in writing:
            writing.discard(threading.get_ident())
            if not seen:
                seen.append('committed, answer lost')
                raise sqlite3.ProgrammingError(
                    'Cannot operate on a closed database.')
    event.listen(orm.Session, 'before_flush', flushed)
    dialect.do_commit = commit_unanswered
    try:
        yield seen
    finally:
        dialect.do_commit = commit
        event.remove(orm.Session, 'before_flush', flushed)


def test_a_create_whose_commit_answer_was_lost_makes_one_server(aio):
    with _first_instance_commit_unanswered() as seen:
        status, body = aio.client.post('/servers', {'server': {
            'name': 'once', 'flavorRef': 'm1'}})
    assert seen == ['committed, answer lost']
    assert status == 202, body
    server = aio.client.wait_server(body['server']['id'], settled=True)
    assert server['status'] == 'ACTIVE'
    listed = aio.client.get('/servers?name=once')[1]['servers']
    assert [s['id'] for s in listed] == [server['id']]
    actions = aio.client.get('/servers/%s/os-instance-actions'
                             % server['id'])[1]['instanceActions']
    assert [a['action'] for a in actions] == ['create']
