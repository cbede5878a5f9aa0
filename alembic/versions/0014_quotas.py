# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quota limits of projects, users and quota classes; per-project lock rows.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=True),
            sa.Column('updated_at', sa.DateTime, nullable=True)]


def upgrade():
    op.create_table(
        'quotas', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('project_id', sa.String(255), nullable=False),
        sa.Column('resource', sa.String(255), nullable=False),
        sa.Column('hard_limit', sa.Integer, nullable=False),
        sa.UniqueConstraint('project_id', 'resource',
                            name='uniq_quotas0project_id0resource'))
    op.create_table(
        'project_user_quotas', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('project_id', sa.String(255), nullable=False),
        sa.Column('user_id', sa.String(255), nullable=False),
        sa.Column('resource', sa.String(255), nullable=False),
        sa.Column('hard_limit', sa.Integer, nullable=False),
        sa.UniqueConstraint(
            'user_id', 'project_id', 'resource',
            name='uniq_project_user_quotas0user_id0project_id0resource'))
    op.create_table(
        'quota_classes', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('class_name', sa.String(255), nullable=False),
        sa.Column('resource', sa.String(255), nullable=False),
        sa.Column('hard_limit', sa.Integer, nullable=False),
        sa.UniqueConstraint('class_name', 'resource',
                            name='uniq_quota_classes0class_name0resource'))
    op.create_table(
        'quota_locks',
        sa.Column('project_id', sa.String(255), primary_key=True))
