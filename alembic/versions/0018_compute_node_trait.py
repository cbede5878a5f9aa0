# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute node's provider carries the COMPUTE_NODE trait (as the
report gives it a new one), so that the audit can tell a provider a
deleted compute left behind from one another client of placement made.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None

_TRAIT = 'COMPUTE_NODE'


def upgrade():
    providers = sa.table('resource_providers', sa.column('id'),
                         sa.column('uuid'))
    nodes = sa.table('compute_nodes', sa.column('uuid'))
    tagged = sa.table('resource_provider_traits',
                      sa.column('resource_provider_id'),
                      sa.column('trait'))
    untagged = sa.select(providers.c.id, sa.literal(_TRAIT)).where(
        providers.c.uuid.in_(sa.select(nodes.c.uuid)),
        ~providers.c.id.in_(sa.select(tagged.c.resource_provider_id).where(
            tagged.c.trait == _TRAIT)))
    op.execute(tagged.insert().from_select(
        ['resource_provider_id', 'trait'], untagged))
