# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Alembic environment: runs migrations on the URL nova_lite gives it."""
from alembic import context
import sqlalchemy as sa

from nova_lite.db import models

config = context.config
target_metadata = models.Base.metadata


def run_migrations_online():
    connectable = config.attributes.get('connection')
    if connectable is None:
        engine = sa.create_engine(config.get_main_option('sqlalchemy.url'),
                                  poolclass=sa.pool.NullPool)
        with engine.connect() as connection:
            _run(connection)
        engine.dispose()
    else:
        _run(connectable)


def _run(connection):
    context.configure(connection=connection,
                      target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == 'sqlite')
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
