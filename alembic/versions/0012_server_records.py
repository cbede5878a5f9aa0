# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a server is created with (key, user data, config drive, access
addresses, zone, disk config, personality files) and the image it is
shelved in, its metadata, key pairs, and the actions taken on servers with
their events.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

_INSTANCE_COLUMNS = [
    ('key_name', sa.String(255)),
    ('key_data', sa.Text),
    ('user_data', sa.Text),
    ('config_drive', sa.String(255)),
    ('access_ip_v4', sa.String(39)),
    ('access_ip_v6', sa.String(39)),
    ('availability_zone', sa.String(255)),
    ('auto_disk_config', sa.Boolean),
    ('shelved_image_id', sa.String(36)),
]


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=True),
            sa.Column('updated_at', sa.DateTime, nullable=True)]


def upgrade():
    with op.batch_alter_table('instances') as batch:
        for name, kind in _INSTANCE_COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=True))
    with op.batch_alter_table('instance_extra') as batch:
        batch.add_column(sa.Column('injected_files', sa.Text,
                                   nullable=True))
    op.create_table(
        'instance_metadata',
        *_timestamps(),
        sa.Column('instance_uuid', sa.String(36),
                  sa.ForeignKey('instances.uuid'), primary_key=True),
        sa.Column('key', sa.String(255), primary_key=True),
        sa.Column('value', sa.String(255), nullable=True),
    )
    op.create_table(
        'key_pairs',
        *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('user_id', sa.String(255), nullable=False),
        sa.Column('fingerprint', sa.String(255), nullable=True),
        sa.Column('public_key', sa.Text, nullable=True),
        sa.Column('type', sa.String(10), nullable=False),
        sa.UniqueConstraint('user_id', 'name',
                            name='uniq_key_pairs0user_id0name'),
    )
    op.create_table(
        'instance_actions',
        *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('action', sa.String(255), nullable=False),
        sa.Column('instance_uuid', sa.String(36), nullable=False),
        sa.Column('request_id', sa.String(255), nullable=False),
        sa.Column('user_id', sa.String(255), nullable=True),
        sa.Column('project_id', sa.String(255), nullable=True),
        sa.Column('start_time', sa.DateTime, nullable=True),
        sa.Column('finish_time', sa.DateTime, nullable=True),
        sa.Column('message', sa.String(255), nullable=True),
    )
    op.create_index('instance_actions_instance_uuid_idx',
                    'instance_actions', ['instance_uuid'])
    op.create_index('instance_actions_request_id_idx',
                    'instance_actions', ['request_id'])
    op.create_table(
        'instance_actions_events',
        *_timestamps(),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('action_id', sa.Integer,
                  sa.ForeignKey('instance_actions.id'), nullable=False),
        sa.Column('event', sa.String(255), nullable=False),
        sa.Column('start_time', sa.DateTime, nullable=True),
        sa.Column('finish_time', sa.DateTime, nullable=True),
        sa.Column('result', sa.String(255), nullable=True),
        sa.Column('traceback', sa.Text, nullable=True),
        sa.Column('host', sa.String(255), nullable=True),
        sa.Column('details', sa.Text, nullable=True),
    )
    op.create_index('instance_actions_events_action_id_idx',
                    'instance_actions_events', ['action_id'])
