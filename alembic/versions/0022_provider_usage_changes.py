# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A provider's count of usage changes that leave its generation alone.

Deleting a consumer's allocations, or moving them off a provider, frees
capacity without moving the provider's generation, as Placement does;
what was read of its usage must still be read again, so the change is
counted here.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource_providers') as batch:
        batch.add_column(sa.Column('usage_changes', sa.Integer,
                                   nullable=False, server_default='0'))
