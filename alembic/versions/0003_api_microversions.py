# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the compute API up to 2.86 shows and stores: server description,
hostname, reservation id and launch index, lock state, server tags;
service uuids and forced_down.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""
import uuid

from alembic import op
import sqlalchemy as sa

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('instances') as batch:
        batch.add_column(sa.Column('display_description', sa.Text))
        batch.add_column(sa.Column('hostname', sa.String(255)))
        batch.add_column(sa.Column('reservation_id', sa.String(255)))
        batch.add_column(sa.Column('launch_index', sa.Integer))
        batch.add_column(sa.Column('locked_by', sa.String(255)))
        batch.add_column(sa.Column('locked_reason', sa.String(255)))
    with op.batch_alter_table('services') as batch:
        batch.add_column(sa.Column('uuid', sa.String(36)))
        batch.add_column(sa.Column('forced_down', sa.Boolean,
                                   nullable=False,
                                   server_default=sa.false()))
        batch.create_unique_constraint('uniq_services0uuid', ['uuid'])
    _give_services_uuids()
    op.create_table(
        'tags',
        sa.Column('resource_id', sa.String(36), primary_key=True),
        sa.Column('tag', sa.String(60), primary_key=True),
        sa.Index('tags_tag_idx', 'tag'))


def _give_services_uuids():
    """Services registered before this revision get a uuid now."""
    services = sa.table('services', sa.column('id', sa.Integer),
                        sa.column('uuid', sa.String(36)))
    bind = op.get_bind()
    for (service_id,) in bind.execute(
            sa.select(services.c.id).where(services.c.uuid.is_(None))):
        bind.execute(services.update()
                     .where(services.c.id == service_id)
                     .values(uuid=str(uuid.uuid4())))
