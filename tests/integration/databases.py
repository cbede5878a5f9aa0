# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fresh, throw-away databases on this machine's real servers.

The contributor guide (doc/source/contributor/tests.rst) lists the
servers the integration tests use; CI starts them.
A test that cannot reach one fails: it never skips silently.
"""
import contextlib
import uuid

from oslo_utils import uuidutils
import sqlalchemy as sa

SERVERS = {
    'mysql': 'mysql+mysqldb://root@127.0.0.1:3306/%s?charset=utf8mb4',
    'postgresql': 'postgresql+psycopg://postgres@127.0.0.1:5432/%s',
    # The pure-Python driver, which configurations may still name.
    'mysql-pymysql': 'mysql+pymysql://root@127.0.0.1:3306/%s',
}
ADMIN_DB = {'mysql': 'test', 'postgresql': 'test', 'mysql-pymysql': 'test'}


@contextlib.contextmanager
def fresh_database(kind, tmp_path):
    """Yield the URL of a new empty database, dropped afterwards."""
    if kind == 'sqlite':
        yield 'sqlite:///%s' % (tmp_path / 'fresh.sqlite')
        return
    name = 'nova_lite_test_%s' % uuid.uuid4().hex[:12]
    admin = sa.create_engine(SERVERS[kind] % ADMIN_DB[kind],
                             isolation_level='AUTOCOMMIT',
                             poolclass=sa.pool.NullPool)
    with admin.connect() as conn:
        conn.exec_driver_sql('CREATE DATABASE %s' % name)
    try:
        yield SERVERS[kind] % name
    finally:
        with admin.connect() as conn:
            if kind == 'postgresql':
                conn.exec_driver_sql(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = '%s'" % name)
            conn.exec_driver_sql('DROP DATABASE %s' % name)
        admin.dispose()


@contextlib.contextmanager
def in_use(kind, tmp_path):
    """Yield the URL of a fresh database at the latest schema, the one
    this process uses for the duration."""
    from nova_lite.db import engine
    from nova_lite.db import migration
    with fresh_database(kind, tmp_path) as url:
        migration.upgrade(url)
        undo = engine.use_database(url)
        try:
            yield url
        finally:
            undo()


@contextlib.contextmanager
def providers_of_vcpu(kind, tmp_path, count, vcpus):
    """Yield (url, admin context, provider uuids) for ``count`` providers
    of ``vcpus`` VCPU each, in a fresh migrated database in use by this
    process for the duration."""
    from nova_lite import context as nl_context
    from nova_lite.db.api import resource_providers
    from nova_lite.placement import inventories
    with in_use(kind, tmp_path) as url:
        context = nl_context.get_admin_context()
        uuids = []
        for i in range(count):
            uuids.append(uuidutils.generate_uuid())
            resource_providers.create(context, uuids[-1], 'host%d' % i)
            inventories.set_all(context, uuids[-1], 0,
                                {'VCPU': {'total': vcpus}})
        yield url, context, uuids


KINDS = ('sqlite', 'mysql', 'postgresql')


def on_each(all_in_one, tmp_path, exercise, hosts=1):
    """{kind: what ``exercise(aio)`` returns} for an all-in-one of
    ``hosts`` on a fresh database of each kind, stopped after."""
    found = {}
    for kind in KINDS:
        with fresh_database(kind, tmp_path) as url:
            aio = all_in_one(hosts=hosts, database=url)
            try:
                found[kind] = exercise(aio)
            finally:
                all_in_one.stop(aio)
    return found
