# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups and their members.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'instance_groups',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('name', sa.String(255), nullable=True),
        sa.Column('user_id', sa.String(255), nullable=False),
        sa.Column('project_id', sa.String(255), nullable=False),
        sa.Column('policy', sa.String(255), nullable=False),
        sa.Column('rules', sa.Text, nullable=True))
    op.create_index('instance_groups_project_id_idx', 'instance_groups',
                    ['project_id'])
    op.create_table(
        'instance_group_member',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('group_id', sa.Integer,
                  sa.ForeignKey('instance_groups.id'), nullable=False),
        sa.Column('instance_uuid', sa.String(36), nullable=False,
                  unique=True))
    op.create_index('ix_instance_group_member_group_id',
                    'instance_group_member', ['group_id'])
