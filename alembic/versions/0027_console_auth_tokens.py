# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""console_auth_tokens: the tokens console proxies admit users with.

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa

revision = '0027'
down_revision = '0026'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'console_auth_tokens',
        sa.Column('created_at', sa.DateTime),
        sa.Column('updated_at', sa.DateTime),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('token_hash', sa.String(255), nullable=False),
        sa.Column('console_type', sa.String(255), nullable=False),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('port', sa.Integer, nullable=False),
        sa.Column('tls_port', sa.Integer),
        sa.Column('internal_access_path', sa.String(255)),
        sa.Column('instance_uuid', sa.String(36), nullable=False),
        sa.Column('expires', sa.Integer, nullable=False),
        sa.Column('access_url_base', sa.String(255)),
        sa.UniqueConstraint('token_hash',
                            name='uniq_console_auth_tokens0token_hash'))
    op.create_index('console_auth_tokens_instance_uuid_idx',
                    'console_auth_tokens', ['instance_uuid'])
    op.create_index('console_auth_tokens_expires_idx',
                    'console_auth_tokens', ['expires'])
