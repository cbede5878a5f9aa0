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
            assert migration.current_revision(engine) == '0002'
            # Running it again is a no-op, as `db sync` promises.
            migration.upgrade(url)
            assert set(sa.inspect(engine).get_table_names()) >= {
                'services', 'compute_nodes', 'flavors', 'flavor_extra_specs',
                'instances', 'instance_extra', 'instance_faults',
                'request_specs', 'flavor_projects'}
        finally:
            engine.dispose()
