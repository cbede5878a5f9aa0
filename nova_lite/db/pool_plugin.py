# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Pool settings oslo.db does not pass on, given through SQLAlchemy's own
hook for them: a ``CreateEnginePlugin`` (entry point ``sqlalchemy.plugins``
``nova_lite_pool``), which ``db.engine`` names in each URL it configures.

* A SQLite file's connections are pooled. oslo.db gives file databases a
  NullPool, so every transaction opened the file and set its pragmas
  again; a QueuePool keeps them open between transactions.
* A MySQL connection the pool takes back is not rolled back by the pool
  (``reset_on_return`` None): ``db.engine`` rolls back, at the pool's
  reset, only a connection whose transaction did not end cleanly, instead
  of an empty ROLLBACK after every commit.
"""
from sqlalchemy.engine import CreateEnginePlugin
from sqlalchemy import pool

NAME = 'nova_lite_pool'
POOL_SIZE = 8
POOL_OVERFLOW = 32
POOL_TIMEOUT = 30


class PoolSettings(CreateEnginePlugin):

    def __init__(self, url, kwargs):
        super().__init__(url, kwargs)
        if _is_sqlite_file(url):
            kwargs.update(poolclass=pool.QueuePool, pool_size=POOL_SIZE,
                          max_overflow=POOL_OVERFLOW,
                          pool_timeout=POOL_TIMEOUT)

    def update_url(self, url):
        """The URL carries nothing of ours besides the plugin's name
        (SQLAlchemy takes that off itself)."""
        return url

    def handle_pool_kwargs(self, pool_cls, pool_args):
        if self.url.get_backend_name() == 'mysql':
            pool_args['reset_on_return'] = None


def _is_sqlite_file(url):
    return url.get_backend_name() == 'sqlite' and url.database not in (
        None, '', ':memory:')


def named_in(connection):
    """``connection`` (a database URL) asking for these settings."""
    return connection + ('&' if '?' in connection else '?') + \
        'plugin=' + NAME
