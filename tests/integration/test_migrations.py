# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The migrations build the models' schema on all three databases."""
import datetime

from alembic import autogenerate
from alembic import migration as alembic_migration
import pytest
import sqlalchemy as sa

from nova_lite.db import migration
from nova_lite.db import models
from tests.integration import databases

pytestmark = pytest.mark.integration


@pytest.mark.parametrize('kind', ['sqlite', 'mysql', 'postgresql'])
def test_migrated_schema_matches_models(kind, tmp_path):
    with databases.fresh_database(kind, tmp_path) as url:
        migration.upgrade(url)
        engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
        try:
            with engine.connect() as conn:
                context = alembic_migration.MigrationContext.configure(
                    conn, opts={'compare_type': True})
                diff = autogenerate.compare_metadata(context,
                                                     models.Base.metadata)
                assert diff == [], diff
            assert migration.current_revision(engine) == '0028'
            # Running it again is a no-op, as `db sync` promises.
            migration.upgrade(url)
            assert set(sa.inspect(engine).get_table_names()) >= {
                'services', 'compute_nodes', 'flavors', 'flavor_extra_specs',
                'instances', 'instance_extra', 'instance_faults',
                'request_specs', 'flavor_projects', 'tags',
                'resource_providers', 'inventories', 'allocations',
                'consumers', 'task_log'}
        finally:
            engine.dispose()


@pytest.mark.parametrize('kind', ['sqlite', 'mysql', 'postgresql'])
def test_services_registered_before_0003_get_uuids(kind, tmp_path):
    with databases.fresh_database(kind, tmp_path) as url:
        migration.upgrade(url, '0002')
        engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
        try:
            services = sa.table(
                'services', *[sa.column(name) for name in (
                    'host', 'binary', 'report_count', 'disabled',
                    'version')])
            with engine.begin() as conn:
                conn.execute(services.insert(), [
                    {'host': host, 'binary': 'nova-lite-compute',
                     'report_count': 0, 'disabled': False, 'version': 1}
                    for host in ('h1', 'h2')])
            migration.upgrade(url)
            with engine.connect() as conn:
                rows = conn.execute(sa.text(
                    'SELECT uuid, forced_down FROM services')).all()
            uuids = [row[0] for row in rows]
            assert len(set(uuids)) == 2 and all(
                len(u) == 36 for u in uuids)
            assert not any(row[1] for row in rows)
        finally:
            engine.dispose()


@pytest.mark.parametrize('kind', ['sqlite', 'mysql', 'postgresql'])
def test_0021_removes_access_rows_left_by_deleted_flavors(kind, tmp_path):
    """Rows older than the flavor they name (a deleted flavor's, whose id
    the flavor took) and, where the database let them be, rows of no
    flavor go; a flavor's own rows stay."""
    with databases.fresh_database(kind, tmp_path) as url:
        migration.upgrade(url, '0020')
        engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
        try:
            flavors = sa.table('flavors', *[sa.column(n) for n in (
                'id', 'flavorid', 'name', 'memory_mb', 'vcpus', 'root_gb',
                'ephemeral_gb', 'swap', 'rxtx_factor', 'disabled',
                'is_public', 'created_at')])
            access = sa.table('flavor_projects', *[sa.column(n) for n in (
                'flavor_id', 'project_id', 'created_at')])
            with engine.begin() as conn:
                conn.execute(flavors.insert(), [{
                    'id': 1, 'flavorid': 'pa2', 'name': 'pa2',
                    'memory_mb': 64, 'vcpus': 1, 'root_gb': 0,
                    'ephemeral_gb': 0, 'swap': 0, 'rxtx_factor': 1.0,
                    'disabled': False, 'is_public': False,
                    'created_at': datetime.datetime(2026, 11, 2)}])
                conn.execute(access.insert(), [
                    {'flavor_id': 1, 'project_id': 'of-pa1',
                     'created_at': datetime.datetime(2026, 11, 1)},
                    {'flavor_id': 1, 'project_id': 'of-pa2',
                     'created_at': datetime.datetime(2026, 11, 3)}])
                if kind == 'sqlite':  # no foreign key is enforced there
                    conn.execute(access.insert(), [
                        {'flavor_id': 7, 'project_id': 'of-nothing',
                         'created_at': datetime.datetime(2026, 11, 1)}])
            migration.upgrade(url)
            with engine.connect() as conn:
                left = conn.execute(sa.text(
                    'SELECT flavor_id, project_id FROM flavor_projects'
                )).all()
            assert [tuple(row) for row in left] == [(1, 'of-pa2')]
        finally:
            engine.dispose()
