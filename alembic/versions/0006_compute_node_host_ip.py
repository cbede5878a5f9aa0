# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The address of a compute host (compute_nodes.host_ip), which
os-hypervisors shows.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('compute_nodes') as batch:
        batch.add_column(sa.Column('host_ip', sa.String(39), nullable=True))
