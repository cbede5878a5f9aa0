# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The migrations build the models' schema on all three databases."""
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
            assert migration.current_revision(engine) == '0020'
            # Running it again is a no-op, as `db sync` promises.
            migration.upgrade(url)
            assert set(sa.inspect(engine).get_table_names()) >= {
                'services', 'compute_nodes', 'flavors', 'flavor_extra_specs',
                'instances', 'instance_extra', 'instance_faults',
                'request_specs', 'flavor_projects', 'tags',
                'resource_providers', 'inventories', 'allocations',
                'consumers'}
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
