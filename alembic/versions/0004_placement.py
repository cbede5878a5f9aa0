# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement store: resource providers, inventories, consumers,
allocations, custom resource classes and traits, provider traits and
aggregates.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=True),
            sa.Column('updated_at', sa.DateTime, nullable=True)]


def _provider_fk(primary_key=False):
    return sa.Column('resource_provider_id', sa.Integer,
                     sa.ForeignKey('resource_providers.id'),
                     primary_key=primary_key, nullable=False)


def upgrade():
    op.create_table(
        'resource_providers',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('name', sa.String(200), nullable=False, unique=True),
        sa.Column('generation', sa.Integer, nullable=False),
        sa.Column('root_provider_id', sa.Integer,
                  sa.ForeignKey('resource_providers.id'), nullable=True),
        sa.Column('parent_provider_id', sa.Integer,
                  sa.ForeignKey('resource_providers.id'), nullable=True),
        *_timestamps(),
        sa.Index('resource_providers_root_provider_id_idx',
                 'root_provider_id'),
        sa.Index('resource_providers_parent_provider_id_idx',
                 'parent_provider_id'))
    op.create_table(
        'resource_classes',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('name', sa.String(255), nullable=False, unique=True),
        *_timestamps())
    op.create_table(
        'inventories',
        sa.Column('id', sa.Integer, primary_key=True),
        _provider_fk(),
        sa.Column('resource_class', sa.String(255), nullable=False),
        sa.Column('total', sa.Integer, nullable=False),
        sa.Column('reserved', sa.Integer, nullable=False),
        sa.Column('min_unit', sa.Integer, nullable=False),
        sa.Column('max_unit', sa.Integer, nullable=False),
        sa.Column('step_size', sa.Integer, nullable=False),
        sa.Column('allocation_ratio', sa.Float, nullable=False),
        *_timestamps(),
        sa.UniqueConstraint('resource_provider_id', 'resource_class',
                            name='uniq_inventories0provider0class'),
        sa.Index('inventories_resource_class_idx', 'resource_class'))
    op.create_table(
        'consumers',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('project_id', sa.String(255), nullable=False),
        sa.Column('user_id', sa.String(255), nullable=False),
        sa.Column('generation', sa.Integer, nullable=False),
        sa.Column('consumer_type', sa.String(255), nullable=True),
        *_timestamps(),
        sa.Index('consumers_project_id_user_id_idx', 'project_id',
                 'user_id'))
    op.create_table(
        'allocations',
        sa.Column('id', sa.Integer, primary_key=True),
        _provider_fk(),
        sa.Column('consumer_id', sa.String(36), nullable=False),
        sa.Column('resource_class', sa.String(255), nullable=False),
        sa.Column('used', sa.Integer, nullable=False),
        *_timestamps(),
        sa.Index('allocations_provider_class_idx', 'resource_provider_id',
                 'resource_class'),
        sa.Index('allocations_consumer_id_idx', 'consumer_id'))
    op.create_table(
        'traits',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('name', sa.String(255), nullable=False, unique=True),
        *_timestamps())
    op.create_table(
        'resource_provider_traits',
        _provider_fk(primary_key=True),
        sa.Column('trait', sa.String(255), primary_key=True),
        sa.Index('resource_provider_traits_trait_idx', 'trait'))
    op.create_table(
        'resource_provider_aggregates',
        _provider_fk(primary_key=True),
        sa.Column('aggregate', sa.String(36), primary_key=True),
        sa.Index('resource_provider_aggregates_aggregate_idx', 'aggregate'))
