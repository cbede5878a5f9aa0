# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Records of custom resources: a server's VietStack request with the NIC
each vNIC was given (instance_extra.vietstack_request), a host's NICs and
their use (compute_nodes.vietstack_stat), and one column for the records of
any other resource plugin (instance_extra.resource_records), so that a new
plugin needs no migration of its own.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('instance_extra') as batch:
        batch.add_column(sa.Column('vietstack_request', sa.Text,
                                   nullable=True))
        batch.add_column(sa.Column('resource_records', sa.Text,
                                   nullable=True))
    with op.batch_alter_table('compute_nodes') as batch:
        batch.add_column(sa.Column('vietstack_stat', sa.Text, nullable=True))
