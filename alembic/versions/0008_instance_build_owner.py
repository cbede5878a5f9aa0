# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which conductor drives a build while it is being scheduled
(instances.build_owner: ``host:incarnation``), so that a conductor that
restarts finds the builds its previous process was driving.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('instances') as batch:
        batch.add_column(sa.Column('build_owner', sa.String(255),
                                   nullable=True))
