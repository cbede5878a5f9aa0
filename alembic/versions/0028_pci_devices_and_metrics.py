# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI passthrough and compute monitors: a compute node's assignable PCI
devices (pci_stats) and its monitors' last metrics (metrics), and the
devices each server was given (instance_extra.pci_devices), each as an
object's primitive. Rows written before have none, as hosts without
devices or monitors.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0028'
down_revision = '0027'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('compute_nodes') as batch:
        batch.add_column(sa.Column('pci_stats', sa.Text))
        batch.add_column(sa.Column('metrics', sa.Text))
    with op.batch_alter_table('instance_extra') as batch:
        batch.add_column(sa.Column('pci_devices', sa.Text))
