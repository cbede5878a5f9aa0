# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schema migrations: alembic scripts live in the top-level ``alembic/``."""
import os

from alembic import command
from alembic import config as alembic_config
from alembic import migration as alembic_migration
from alembic import script as alembic_script
from alembic import util as alembic_util

from nova_lite.db import engine

SCRIPT_LOCATION = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), 'alembic')


def _config(connection_url):
    config = alembic_config.Config()
    config.set_main_option('script_location', SCRIPT_LOCATION)
    config.set_main_option('sqlalchemy.url',
                           connection_url.replace('%', '%%'))
    return config


def upgrade(connection_url=None, revision='head'):
    if connection_url is None:
        connection_url = engine.get_engine().url.render_as_string(
            hide_password=False)
    command.upgrade(_config(connection_url), revision)


def current_revision(sa_engine):
    with sa_engine.connect() as conn:
        return alembic_migration.MigrationContext.configure(
            conn).get_current_revision()


def head_revision():
    """The newest revision this release's scripts know."""
    return alembic_script.ScriptDirectory(SCRIPT_LOCATION).get_current_head()


def known_revision(revision):
    """Whether this release's scripts know ``revision``."""
    try:
        alembic_script.ScriptDirectory(SCRIPT_LOCATION).get_revision(
            revision)
    except alembic_util.CommandError:
        return False
    return True
