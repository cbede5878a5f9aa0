# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""metadef_namespaces and metadef_records: the image API's metadata
definitions catalogue, now written through the API; it starts with the
namespace that used to be built in (the properties of a direct kernel
boot), protected.

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28
"""
import datetime
import json

from alembic import op
import sqlalchemy as sa

revision = '0025'
down_revision = '0024'
branch_labels = None
depends_on = None

_UUID = {'type': 'string',
         'pattern': '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$'}
_KERNEL_BOOT = 'NovaLite::Image::KernelBoot'
_PROPERTIES = {
    'kernel_id': dict(_UUID, title='Kernel image',
                      description='The aki image of the kernel.'),
    'ramdisk_id': dict(_UUID, title='Ramdisk image',
                       description='The ari image of the initial ramdisk.'),
    'os_command_line': {'type': 'string', 'maxLength': 255,
                        'title': 'Kernel command line',
                        'description': 'The command line the kernel boots '
                                       'with.'},
}


def _tables():
    namespaces = op.create_table(
        'metadef_namespaces',
        sa.Column('created_at', sa.DateTime),
        sa.Column('updated_at', sa.DateTime),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('namespace', sa.String(80), nullable=False),
        sa.Column('display_name', sa.String(80)),
        sa.Column('description', sa.Text),
        sa.Column('visibility', sa.String(32), nullable=False),
        sa.Column('protected', sa.Boolean, nullable=False),
        sa.Column('owner', sa.String(255), nullable=False),
        sa.UniqueConstraint('namespace',
                            name='uniq_metadef_namespaces0namespace'))
    records = op.create_table(
        'metadef_records',
        sa.Column('created_at', sa.DateTime),
        sa.Column('updated_at', sa.DateTime),
        sa.Column('id', sa.Integer, primary_key=True),
        sa.Column('namespace_id', sa.Integer,
                  sa.ForeignKey('metadef_namespaces.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('kind', sa.String(16), nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('body', sa.Text, nullable=False),
        sa.UniqueConstraint('namespace_id', 'kind', 'name',
                            name='uniq_metadef_records0namespace_id0kind0'
                                 'name'))
    return namespaces, records


def upgrade():
    namespaces, records = _tables()
    now = datetime.datetime(2026, 11, 23)
    added = op.get_bind().execute(namespaces.insert().values(
        created_at=now, namespace=_KERNEL_BOOT,
        display_name='Direct kernel boot',
        description='An image of disk format ami boots from the kernel and '
                    'ramdisk these name (images of formats aki and ari), '
                    'with this command line.',
        visibility='public', protected=True, owner='admin'))
    namespace_id = added.inserted_primary_key[0]
    rows = [{'namespace_id': namespace_id, 'created_at': now,
             'kind': 'property', 'name': name, 'body': json.dumps(body)}
            for name, body in _PROPERTIES.items()]
    rows.append({'namespace_id': namespace_id, 'created_at': now,
                 'kind': 'resource_type', 'name': 'OS::Glance::Image',
                 'body': '{}'})
    op.bulk_insert(records, rows)
