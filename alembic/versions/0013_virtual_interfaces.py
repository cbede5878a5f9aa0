# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers' vNICs with their fixed addresses and MACs.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'virtual_interfaces',
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('instance_uuid', sa.String(36),
                  sa.ForeignKey('instances.uuid'), nullable=False),
        sa.Column('vnic_index', sa.Integer, nullable=False),
        sa.Column('network', sa.String(255), nullable=False),
        sa.Column('address', sa.String(39), nullable=False),
        sa.Column('mac', sa.String(17), nullable=False),
        sa.Column('physical_network', sa.String(255), nullable=True),
        sa.Column('device', sa.String(255), nullable=True),
        sa.Column('inbound_rate', sa.Integer, nullable=False),
        sa.Column('outbound_rate', sa.Integer, nullable=False),
        sa.Column('queues', sa.Integer, nullable=False),
        sa.UniqueConstraint('network', 'address',
                            name='uniq_virtual_interfaces0network0address'),
        sa.UniqueConstraint('mac', name='uniq_virtual_interfaces0mac'),
        sa.UniqueConstraint('instance_uuid', 'vnic_index',
                            name='uniq_virtual_interfaces0instance0index'),
    )
