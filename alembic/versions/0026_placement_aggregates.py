# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""placement_aggregates: the aggregates placement knows, numbered in the
order it first heard of each (the order a provider's are listed in).
Those already in use are numbered in uuid order, the order they were
listed in until now.

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa

revision = '0026'
down_revision = '0025'
branch_labels = None
depends_on = None


def upgrade():
    aggregates = op.create_table(
        'placement_aggregates',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True))
    memberships = sa.table('resource_provider_aggregates',
                           sa.column('aggregate', sa.String(36)))
    known = op.get_bind().execute(
        sa.select(memberships.c.aggregate).distinct().order_by(
            memberships.c.aggregate)).scalars().all()
    op.bulk_insert(aggregates, [{'uuid': uuid} for uuid in known])
