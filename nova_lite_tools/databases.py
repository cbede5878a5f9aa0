# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fresh, throw-away databases on this machine's real servers (MariaDB,
PostgreSQL), or a SQLite file, for the tests and the benchmarks."""
import contextlib
import os
import uuid

import sqlalchemy as sa

SERVERS = {
    'mysql': 'mysql+mysqldb://root@127.0.0.1:3306/%s?charset=utf8mb4',
    'postgresql': 'postgresql+psycopg://postgres@127.0.0.1:5432/%s',
    # The pure-Python driver, which configurations may still name.
    'mysql-pymysql': 'mysql+pymysql://root@127.0.0.1:3306/%s',
}
ADMIN_DB = {'mysql': 'test', 'postgresql': 'test', 'mysql-pymysql': 'test'}


@contextlib.contextmanager
def fresh_database(kind, directory):
    """Yield the URL of a new empty database, dropped afterwards."""
    if kind == 'sqlite':
        yield 'sqlite:///%s' % os.path.join(directory, 'fresh.sqlite')
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
