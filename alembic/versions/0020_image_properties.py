# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server keeps the properties of the image it was built or rebuilt
from, as they were then (``instance_extra.image_properties``, JSON), for
the API to show (2.98) whatever becomes of the image.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('instance_extra') as batch:
        batch.add_column(sa.Column('image_properties', sa.Text(),
                                   nullable=True))
