# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Image import tasks (image_tasks): what each import asked for and how
it went.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'image_tasks',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('type', sa.String(30), nullable=False),
        sa.Column('status', sa.String(30), nullable=False),
        sa.Column('image_id', sa.String(36), nullable=False),
        sa.Column('owner', sa.String(255), nullable=True),
        sa.Column('user_id', sa.String(255), nullable=True),
        sa.Column('request_id', sa.String(255), nullable=True),
        sa.Column('input', sa.Text, nullable=True),
        sa.Column('result', sa.Text, nullable=True),
        sa.Column('message', sa.Text, nullable=False),
        sa.Column('expires_at', sa.DateTime, nullable=True),
    )
    op.create_index('image_tasks_image_id_idx', 'image_tasks', ['image_id'])
    op.create_index('image_tasks_status_idx', 'image_tasks', ['status'])
