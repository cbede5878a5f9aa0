# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Initial schema: services, compute nodes, flavors, instances, specs.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=True),
            sa.Column('updated_at', sa.DateTime, nullable=True)]


def upgrade():
    op.create_table(
        'services',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('binary', sa.String(255), nullable=False),
        sa.Column('topic', sa.String(255), nullable=True),
        sa.Column('report_count', sa.Integer, nullable=False),
        sa.Column('disabled', sa.Boolean, nullable=False),
        sa.Column('disabled_reason', sa.String(255), nullable=True),
        sa.Column('last_seen_up', sa.DateTime, nullable=True),
        sa.Column('version', sa.Integer, nullable=False),
        *_timestamps(),
        sa.UniqueConstraint('host', 'binary',
                            name='uniq_services0host0binary'))
    op.create_table(
        'compute_nodes',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('service_id', sa.Integer, nullable=True),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('hypervisor_hostname', sa.String(255), nullable=False),
        sa.Column('hypervisor_type', sa.String(255), nullable=False),
        sa.Column('hypervisor_version', sa.Integer, nullable=False),
        sa.Column('vcpus', sa.Integer, nullable=False),
        sa.Column('memory_mb', sa.Integer, nullable=False),
        sa.Column('local_gb', sa.Integer, nullable=False),
        sa.Column('vcpus_used', sa.Integer, nullable=False),
        sa.Column('memory_mb_used', sa.Integer, nullable=False),
        sa.Column('local_gb_used', sa.Integer, nullable=False),
        sa.Column('running_vms', sa.Integer, nullable=False),
        sa.Column('cpu_allocation_ratio', sa.Float, nullable=False),
        sa.Column('ram_allocation_ratio', sa.Float, nullable=False),
        sa.Column('disk_allocation_ratio', sa.Float, nullable=False),
        sa.Column('reserved_host_memory_mb', sa.Integer, nullable=False),
        sa.Column('reserved_host_disk_mb', sa.Integer, nullable=False),
        sa.Column('reserved_host_cpus', sa.Integer, nullable=False),
        *_timestamps(),
        sa.UniqueConstraint(
            'host', 'hypervisor_hostname',
            name='uniq_compute_nodes0host0hypervisor_hostname'))
    op.create_table(
        'flavors',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('flavorid', sa.String(255), nullable=False, unique=True),
        sa.Column('name', sa.String(255), nullable=False, unique=True),
        sa.Column('memory_mb', sa.Integer, nullable=False),
        sa.Column('vcpus', sa.Integer, nullable=False),
        sa.Column('root_gb', sa.Integer, nullable=False),
        sa.Column('ephemeral_gb', sa.Integer, nullable=False),
        sa.Column('swap', sa.Integer, nullable=False),
        sa.Column('rxtx_factor', sa.Float, nullable=False),
        sa.Column('disabled', sa.Boolean, nullable=False),
        sa.Column('is_public', sa.Boolean, nullable=False),
        sa.Column('description', sa.Text, nullable=True),
        *_timestamps())
    op.create_table(
        'flavor_extra_specs',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('flavor_id', sa.Integer,
                  sa.ForeignKey('flavors.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('key', sa.String(255), nullable=False),
        sa.Column('value', sa.String(255), nullable=True),
        *_timestamps(),
        sa.UniqueConstraint('flavor_id', 'key',
                            name='uniq_flavor_extra_specs0flavor_id0key'))
    op.create_table(
        'instances',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('display_name', sa.String(255), nullable=True),
        sa.Column('user_id', sa.String(255), nullable=True),
        sa.Column('project_id', sa.String(255), nullable=True),
        sa.Column('host', sa.String(255), nullable=True),
        sa.Column('node', sa.String(255), nullable=True),
        sa.Column('vm_state', sa.String(255), nullable=True),
        sa.Column('task_state', sa.String(255), nullable=True),
        sa.Column('power_state', sa.Integer, nullable=True),
        sa.Column('instance_type_id', sa.Integer, nullable=True),
        sa.Column('memory_mb', sa.Integer, nullable=True),
        sa.Column('vcpus', sa.Integer, nullable=True),
        sa.Column('root_gb', sa.Integer, nullable=True),
        sa.Column('ephemeral_gb', sa.Integer, nullable=True),
        sa.Column('launched_at', sa.DateTime, nullable=True),
        sa.Column('terminated_at', sa.DateTime, nullable=True),
        sa.Column('deleted_at', sa.DateTime, nullable=True),
        sa.Column('deleted', sa.Integer, nullable=False),
        *_timestamps())
    op.create_index('instances_host_deleted_idx', 'instances',
                    ['host', 'deleted'])
    op.create_index('instances_project_id_deleted_idx', 'instances',
                    ['project_id', 'deleted'])
    op.create_table(
        'instance_extra',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('instance_uuid', sa.String(36),
                  sa.ForeignKey('instances.uuid'), nullable=False,
                  unique=True),
        sa.Column('flavor', sa.Text, nullable=True),
        *_timestamps())
    op.create_table(
        'instance_faults',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('instance_uuid', sa.String(36),
                  sa.ForeignKey('instances.uuid'), nullable=False),
        sa.Column('code', sa.Integer, nullable=False),
        sa.Column('message', sa.String(255), nullable=True),
        sa.Column('details', sa.Text, nullable=True),
        sa.Column('host', sa.String(255), nullable=True),
        sa.Column('created_at', sa.DateTime, nullable=True))
    op.create_index('instance_faults_instance_uuid_idx', 'instance_faults',
                    ['instance_uuid'])
    op.create_table(
        'request_specs',
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('instance_uuid', sa.String(36), nullable=False,
                  unique=True),
        sa.Column('spec', sa.Text, nullable=False),
        *_timestamps())
