# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The projects an image is shared with (image_members), and whether each
accepted it.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'image_members',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('image_id', sa.String(36), sa.ForeignKey('images.id'),
                  primary_key=True),
        sa.Column('member', sa.String(255), primary_key=True),
        sa.Column('status', sa.String(20), nullable=False),
    )
    op.create_index('image_members_member_idx', 'image_members', ['member'])
