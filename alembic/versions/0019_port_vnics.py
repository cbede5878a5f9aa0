# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A vNIC may be a network service's port: ``label`` is its network's
name (``network`` then holds the network's id, as unique as the port's
address on it) and ``details`` how it is plugged and what else it holds
(JSON: the port's other addresses, its VIF type, whether the port was
the user's own and outlives the server, its tag).

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('virtual_interfaces') as batch:
        batch.add_column(sa.Column('label', sa.String(255), nullable=True))
        batch.add_column(sa.Column('details', sa.Text(), nullable=True))
