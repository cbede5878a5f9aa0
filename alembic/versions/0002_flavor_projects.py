# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavor access: which projects may use a private flavor.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'flavor_projects',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('flavor_id', sa.Integer,
                  sa.ForeignKey('flavors.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('project_id', sa.String(255), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.UniqueConstraint('flavor_id', 'project_id',
                            name='uniq_flavor_projects0flavor_id0project_id'))
