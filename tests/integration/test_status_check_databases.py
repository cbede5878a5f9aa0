# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite-status upgrade check`` on SQLite, MariaDB and PostgreSQL:
the same results on all three for a deployment in step, a compute older
than the previous release, and a schema behind this release's head."""
import pytest
import sqlalchemy as sa

from nova_lite.objects import service as service_obj
from tests.functional import test_status_check as status
from tests.integration import databases

pytestmark = pytest.mark.integration


def test_the_upgrade_check_on_every_database(all_in_one, tmp_path):
    def exercise(aio):
        url = status._url()
        host = aio.client.get('/os-hypervisors')[1]['hypervisors'][0][
            'hypervisor_hostname']
        answers = [status.check(tmp_path, url, aio.placement.port)]
        status._set_compute_version(url, host, 0)
        answers.append(status.check(tmp_path, url, aio.placement.port))
        with status._write(url) as conn:
            conn.execute(sa.text(
                "UPDATE alembic_version SET version_num = '0025'"))
        answers.append(status.check(tmp_path, url, aio.placement.port))
        return answers
    found = databases.on_each(all_in_one, tmp_path, exercise)
    in_step, old_compute, behind = found['sqlite']
    assert in_step == (0, status.ALL_WELL)
    assert old_compute[0] == 2
    assert old_compute[1]['Older than N-1 computes'][1].startswith(
        'Computes older than the previous release (service version below '
        '%d)' % service_obj.OLDEST_SUPPORTED_SERVICE_VERSION)
    assert behind[1]['Database schema'][0] == 2
    assert found['mysql'] == found['sqlite'] == found['postgresql']
