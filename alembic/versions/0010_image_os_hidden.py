# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Whether an image is left out of image lists (images.os_hidden).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('images') as batch:
        batch.add_column(sa.Column('os_hidden', sa.Boolean, nullable=False,
                                   server_default=sa.false()))
