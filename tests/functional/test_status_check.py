# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite-status upgrade check`` run as an operator runs it, against
a running all-in-one's database and placement API: all well (exit 0);
a schema behind this release's head, a compute older than the previous
release (until it restarts on this release), a placement API that does
not answer, a JSON or broken policy file (exit 2); a compute node
without a provider, or a policy rule this release does not have (exit
1)."""
import json
import os
import subprocess
import sys

from oslo_utils import uuidutils
import pytest
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import migration
from nova_lite.db import models
from nova_lite.objects import service as service_obj
from nova_lite_tools import ports
from tests import conftest

STATUS = os.path.join(os.path.dirname(sys.executable), 'nova-lite-status')
ALL_WELL = {'Database schema': (0, None),
            'Older than N-1 computes': (0, None),
            'Placement API': (0, None),
            'Policy File JSON to YAML Migration': (0, None),
            'Policy rules': (0, 'No policy file: the defaults apply.')}


def _url():
    return engine.get_engine().url.render_as_string(hide_password=False)


def check(tmp_path, database, placement_port, policy_file=None):
    """(exit code, {check: (result, details)}) of the check with a config
    file naming ``database``, the placement port and a policy file."""
    config = tmp_path / 'status.conf'
    lines = ['[DEFAULT]', 'state_path = %s' % tmp_path,
             '[database]', 'connection = %s' % database,
             '[placement]', 'port = %d' % placement_port]
    if policy_file:
        lines += ['[oslo_policy]', 'policy_file = %s' % policy_file]
    config.write_text('\n'.join(lines) + '\n')
    done = subprocess.run([STATUS, '--config-file', str(config), 'upgrade',
                           'check', '--json'], capture_output=True,
                          text=True, timeout=60)
    answer = json.loads(done.stdout)
    return done.returncode, {c['check']: (c['result'], c['details'])
                             for c in answer['checks']}


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=2)


def test_a_deployment_in_step_passes(aio, tmp_path):
    code, results = check(tmp_path, _url(), aio.placement.port)
    assert (code, results) == (0, ALL_WELL)


def _write(url):
    """A connection of the test's own (the services' are theirs)."""
    return sa.create_engine(url).begin()


def _set_compute_version(url, host, version):
    services = models.Service.__table__
    with _write(url) as conn:
        conn.execute(services.update().where(
            services.c.host == host,
            services.c.binary == service_obj.COMPUTE_BINARY).values(
            version=version))


def test_a_compute_older_than_the_previous_release_fails_until_it_restarts(
        all_in_one, tmp_path):
    aio = all_in_one(hosts=2)
    url = _url()
    host = aio.client.get('/os-hypervisors')[1]['hypervisors'][0][
        'hypervisor_hostname']
    too_old = service_obj.OLDEST_SUPPORTED_SERVICE_VERSION - 1
    _set_compute_version(url, host, too_old)
    code, results = check(tmp_path, url, aio.placement.port)
    assert code == 2
    assert results['Older than N-1 computes'] == (2, (
        'Computes older than the previous release (service version below '
        '%d) must be upgraded first, or their services deleted: %s (%d).'
        % (service_obj.OLDEST_SUPPORTED_SERVICE_VERSION, host, too_old)))
    _set_compute_version(url, host, service_obj.SERVICE_VERSION + 1)
    assert check(tmp_path, url, aio.placement.port)[1][
        'Older than N-1 computes'][0] == 1
    # Its service on this release writes this release's version.
    all_in_one.stop(aio)
    aio = all_in_one(hosts=2)
    assert check(tmp_path, url, aio.placement.port) == (0, ALL_WELL)


def test_a_schema_behind_this_release_fails(migrated_sqlite, tmp_path):
    unused_port = ports.free_port()
    url = conftest.fresh_sqlite(migrated_sqlite, str(tmp_path / 'old.db'))
    head = migration.head_revision()
    sa_engine = sa.create_engine(url)
    with sa_engine.begin() as conn:
        conn.execute(sa.text('UPDATE alembic_version SET version_num = '
                             "'0025'"))
    code, results = check(tmp_path, url, unused_port)
    assert code == 2
    assert results['Database schema'] == (2, (
        'The database schema is at 0025; this release needs %s. Run '
        '`nova-lite-manage db sync`.' % head))
    with sa_engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = "
                             "'9999'"))
    assert check(tmp_path, url, unused_port)[1]['Database schema'] == (2, (
        'The database schema is at 9999, which this release does not '
        'know: it is newer than %s.' % head))
    empty = 'sqlite:///%s' % (tmp_path / 'empty.db')
    code, results = check(tmp_path, empty, unused_port)
    assert results['Database schema'] == (2, (
        'The database has no schema. Run `nova-lite-manage db sync`.'))
    assert results['Older than N-1 computes'][0] == 2
    assert 'no such table: services' in results[
        'Older than N-1 computes'][1]
    # No placement API at that port either.
    assert results['Placement API'] == (2, (
        'Nothing answers at http://127.0.0.1:%d/, where [placement] '
        'listen and port say the placement API is.' % unused_port))


def test_a_compute_node_without_a_provider_is_a_warning(aio, tmp_path):
    nodes = models.ComputeNode.__table__
    ghost = uuidutils.generate_uuid()
    with _write(_url()) as conn:  # a copy of a node, on no host
        node = dict(conn.execute(sa.select(nodes)).mappings().first())
        node.update(id=None, uuid=ghost, host='ghost',
                    hypervisor_hostname='ghost', service_id=None)
        conn.execute(nodes.insert().values(**node))
    code, results = check(tmp_path, _url(), aio.placement.port)
    assert code == 1
    assert results['Placement API'] == (1, (
        'Compute nodes without a resource provider: ghost (%s). A compute '
        'reports its node when it starts; for one that runs, '
        '`nova-lite-manage placement audit` says more.' % ghost))


@pytest.mark.parametrize('name, text, code, words', [
    ('policy.json', '{"os_compute_api:servers:create": "role:admin"}', 2,
     'Your policy file is JSON-formatted'),
    ('policy.yaml', '"os_compute_api:servers:creat": "role:admin"\n', 1,
     'sets rules this release does not have (a typo, or a rule that was '
     'removed): os_compute_api:servers:creat.'),
    ('policy.yaml', '"os_compute_api:servers:create": "rule:nope"\n', 2,
     'has rules that name an undefined rule or each other in a circle'),
    ('policy.yaml', '"os_compute_api:servers:create": [\n', 2,
     'cannot be loaded'),
])
def test_a_policy_file_is_checked(aio, tmp_path, name, text, code, words):
    path = tmp_path / name
    path.write_text(text)
    got, results = check(tmp_path, _url(), aio.placement.port,
                         policy_file=str(path))
    assert got == code
    policy_results = [results['Policy File JSON to YAML Migration'],
                      results['Policy rules']]
    assert [r for r in policy_results if r[0] == code and words in r[1]], \
        results
