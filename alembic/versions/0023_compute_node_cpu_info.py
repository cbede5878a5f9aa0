# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute node's CPU (arch, model, vendor, features, topology), as
JSON text: what the hypervisors API shows as ``cpu_info``. Nodes written
before read as having none until their compute next reports.

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('compute_nodes') as batch:
        batch.add_column(sa.Column('cpu_info', sa.Text))
