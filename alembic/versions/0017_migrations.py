# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Migrations (moves of servers between hosts) and the context of the
move under way in instance_extra.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'migrations',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('instance_uuid', sa.String(36), nullable=False),
        sa.Column('migration_type', sa.String(20), nullable=False),
        sa.Column('status', sa.String(255), nullable=False),
        sa.Column('source_compute', sa.String(255), nullable=True),
        sa.Column('source_node', sa.String(255), nullable=True),
        sa.Column('dest_compute', sa.String(255), nullable=True),
        sa.Column('dest_node', sa.String(255), nullable=True),
        sa.Column('dest_host', sa.String(255), nullable=True),
        sa.Column('old_instance_type_id', sa.Integer, nullable=True),
        sa.Column('new_instance_type_id', sa.Integer, nullable=True),
        sa.Column('user_id', sa.String(255), nullable=True),
        sa.Column('project_id', sa.String(255), nullable=True),
        sa.Column('memory_total', sa.BigInteger, nullable=True),
        sa.Column('memory_processed', sa.BigInteger, nullable=True),
        sa.Column('memory_remaining', sa.BigInteger, nullable=True),
        sa.Column('disk_total', sa.BigInteger, nullable=True),
        sa.Column('disk_processed', sa.BigInteger, nullable=True),
        sa.Column('disk_remaining', sa.BigInteger, nullable=True))
    op.create_index('migrations_instance_uuid_idx', 'migrations',
                    ['instance_uuid'])
    op.create_index('migrations_by_host_nodes_and_status_idx', 'migrations',
                    ['source_compute', 'dest_compute', 'status'])
    op.create_index('migrations_updated_at_idx', 'migrations',
                    ['updated_at'])
    op.add_column('instance_extra',
                  sa.Column('migration_context', sa.Text, nullable=True))


def downgrade():
    op.drop_column('instance_extra', 'migration_context')
    op.drop_table('migrations')
