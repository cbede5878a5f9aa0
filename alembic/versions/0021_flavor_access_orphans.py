# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Access rows of deleted flavors go. A deleted flavor's access rows were
left behind where the database did not cascade the delete (SQLite), and
there a new flavor could take the deleted one's id, and with it those
rows: a row of a flavor that no longer exists, or older than the flavor
it names, is removed.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade():
    flavors = sa.table('flavors', sa.column('id'), sa.column('created_at'))
    access = sa.table('flavor_projects', sa.column('flavor_id'),
                      sa.column('created_at'))
    still_there = sa.select(flavors.c.id).where(
        flavors.c.id == access.c.flavor_id,
        sa.or_(access.c.created_at.is_(None),
               flavors.c.created_at.is_(None),
               access.c.created_at >= flavors.c.created_at))
    op.execute(sa.delete(access).where(~sa.exists(still_there)))
