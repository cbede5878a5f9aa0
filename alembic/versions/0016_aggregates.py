# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host aggregates, their hosts and metadata (availability zones).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=True),
            sa.Column('updated_at', sa.DateTime, nullable=True)]


def upgrade():
    op.create_table(
        'aggregates', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('name', sa.String(255), nullable=False, unique=True))
    op.create_table(
        'aggregate_hosts', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('aggregate_id', sa.Integer,
                  sa.ForeignKey('aggregates.id'), nullable=False),
        sa.UniqueConstraint('host', 'aggregate_id',
                            name='uniq_aggregate_hosts0host0aggregate_id'))
    op.create_index('aggregate_hosts_host_idx', 'aggregate_hosts', ['host'])
    op.create_table(
        'aggregate_metadata', *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('aggregate_id', sa.Integer,
                  sa.ForeignKey('aggregates.id'), nullable=False),
        sa.Column('key', sa.String(255), nullable=False),
        sa.Column('value', sa.String(255), nullable=False),
        sa.UniqueConstraint('aggregate_id', 'key',
                            name='uniq_aggregate_metadata0aggregate_id0key'))
    op.create_index('aggregate_metadata_key_idx', 'aggregate_metadata',
                    ['key'])
