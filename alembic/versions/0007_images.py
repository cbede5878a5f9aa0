# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image service's images, and the image a server boots from.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'images',
        sa.Column('created_at', sa.DateTime),
        sa.Column('updated_at', sa.DateTime),
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('name', sa.String(255)),
        sa.Column('status', sa.String(30), nullable=False),
        sa.Column('disk_format', sa.String(20)),
        sa.Column('container_format', sa.String(20)),
        sa.Column('size', sa.BigInteger),
        sa.Column('checksum', sa.String(32)),
        sa.Column('os_hash_algo', sa.String(64)),
        sa.Column('os_hash_value', sa.String(128)),
        sa.Column('visibility', sa.String(20), nullable=False),
        sa.Column('owner', sa.String(255)),
        sa.Column('min_disk', sa.Integer, nullable=False),
        sa.Column('min_ram', sa.Integer, nullable=False),
        sa.Column('protected', sa.Boolean, nullable=False),
        sa.Column('properties', sa.Text),
        sa.Column('tags', sa.Text),
    )
    op.create_index('images_name_idx', 'images', ['name'])
    with op.batch_alter_table('instances') as batch:
        batch.add_column(sa.Column('image_ref', sa.String(255),
                                   nullable=True))
