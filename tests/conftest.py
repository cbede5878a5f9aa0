# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures: parsed config, fresh SQLite databases, an all-in-one."""
import contextlib
import logging
import os
import shutil
import time

import pytest
import requests
import sqlalchemy

from nova_lite import conf as nl_conf
from nova_lite import config
from nova_lite import context as nl_context
from nova_lite.db import engine
from nova_lite.db import migration
from nova_lite import objects
from nova_lite import rpc

CONF = nl_conf.CONF
# The Makefile exports the state directory of ``make run`` (./var), and a
# process started with it uses it over its config file's ``state_path``:
# the processes the tests start keep their state where the tests say.
os.environ.pop(config.STATE_DIR_ENV, None)


def child_pids(pid):
    """The children of every thread of ``pid`` (a supervisor may fork
    from several)."""
    found = []
    for task in os.listdir('/proc/%d/task' % pid):
        with open('/proc/%d/task/%s/children' % (pid, task)) as listing:
            found += [int(child) for child in listing.read().split()]
    return sorted(found)


@contextlib.contextmanager
def sql_statements():
    """The SQL statements run meanwhile (upper case), on the writer's and
    the readers' engines."""
    seen = []

    def note(conn, cursor, statement, *args):
        seen.append(statement.upper())
    engines = {engine.get_engine(), engine.reader.get_engine()}
    for each in engines:
        sqlalchemy.event.listen(each, 'before_cursor_execute', note)
    try:
        yield seen
    finally:
        for each in engines:
            sqlalchemy.event.remove(each, 'before_cursor_execute', note)


def pytest_configure(config):
    from oslo_log import log as logging
    logging.register_options(CONF)
    CONF([], project='nova-lite', default_config_files=[])
    rpc.register_opts(CONF)
    objects.register_all()


@pytest.fixture(scope='session')
def migrated_sqlite(tmp_path_factory):
    """A SQLite file migrated to the latest schema once per run; each test
    gets a copy (the migrations themselves are tested on every database
    in tests/integration/test_migrations.py)."""
    path = tmp_path_factory.mktemp('template') / 'migrated.sqlite'
    migration.upgrade('sqlite:///%s' % path)
    return path


def fresh_sqlite(template, path):
    """``path`` as a copy of the migrated template, unless it exists (an
    all-in-one started again keeps its database)."""
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(template, path)
    return 'sqlite:///%s' % path


@pytest.fixture
def sqlite_db(tmp_path, migrated_sqlite):
    """A fresh, migrated SQLite database the object layer uses."""
    url = fresh_sqlite(migrated_sqlite, str(tmp_path / 'test.sqlite'))
    undo = engine.use_database(url)
    yield url
    undo()


@pytest.fixture
def admin_context():
    return nl_context.get_admin_context()


@pytest.fixture
def overrides():
    """Set config overrides that are cleared after the test."""
    done = []

    def override(name, value, group=None):
        CONF.set_override(name, value, group=group)
        done.append((name, group))
    yield override
    for name, group in done:
        CONF.clear_override(name, group=group)


class Api:
    """A thin REST client for tests: returns (status, body) pairs."""

    def __init__(self, port, token='admin:admin'):
        self.base = 'http://127.0.0.1:%d' % port
        self.session = requests.Session()
        self.session.headers['X-Auth-Token'] = token

    def as_user(self, token):
        return Api(int(self.base.rsplit(':', 1)[1]), token)

    def call(self, method, path, body=None, raw=None, headers=None):
        response = self.session.request(
            method, self.base + path, json=body, data=raw,
            headers=headers or {}, timeout=30)
        try:
            payload = response.json() if response.content else None
        except ValueError:
            payload = response.text
        self.last = response
        return response.status_code, payload

    def get(self, path, **kw):
        return self.call('GET', '/v2.1' + path, **kw)

    def post(self, path, body=None, **kw):
        return self.call('POST', '/v2.1' + path, body, **kw)

    def put(self, path, body=None, **kw):
        return self.call('PUT', '/v2.1' + path, body, **kw)

    def delete(self, path, **kw):
        return self.call('DELETE', '/v2.1' + path, **kw)

    def create_flavor(self, name, ram=256, vcpus=1, disk=1, flavor_id=None,
                      extra_specs=None):
        """A new flavor (id ``flavor_id``, or one the API picks) with its
        extra specs; the flavor's body."""
        body = {'name': name, 'ram': ram, 'vcpus': vcpus, 'disk': disk}
        if flavor_id:
            body['id'] = flavor_id
        status, created = self.post('/flavors', {'flavor': body})
        assert status == 200, created
        if extra_specs:
            status, specs = self.post(
                '/flavors/%s/os-extra_specs' % created['flavor']['id'],
                {'extra_specs': extra_specs})
            assert status == 200, specs
        return created['flavor']

    def boot(self, flavor, name='vm', version=None, wait=True, **server):
        """POST /servers of ``flavor`` (202 asserted) at ``version``; the
        server once ACTIVE or ERROR, or its id if not ``wait``."""
        headers = ({'OpenStack-API-Version': 'compute %s' % version}
                   if version else {})
        status, body = self.post('/servers', {'server': dict(
            {'name': name, 'flavorRef': flavor}, **server)}, headers=headers)
        assert status == 202, body
        server_id = body['server']['id']
        return self.wait_server(server_id) if wait else server_id

    def wait_server(self, server_id, states=('ACTIVE', 'ERROR'),
                    timeout=20, settled=False):
        """The server once in one of ``states`` (and, if ``settled``, with
        no task under way: a stop or reboot that is still running)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, body = self.get('/servers/%s' % server_id)
            if status == 404 and states == ('DELETED',):
                return None  # gone: a DELETED status is not the end yet
            if status == 200 and body['server']['status'] in states and \
                    states != ('DELETED',) and not (
                        settled and body['server']['OS-EXT-STS:task_state']):
                return body['server']
            time.sleep(0.05)
        raise AssertionError('server %s not in %s after %ss: %s' % (
            server_id, states, timeout, body))


class PlacementApi(Api):
    """The placement API at a microversion (latest unless told)."""

    def __init__(self, port, token='admin:admin', version='latest'):
        super().__init__(port, token)
        self.session.headers['OpenStack-API-Version'] = (
            'placement %s' % version)

    def as_user(self, token):
        return PlacementApi(int(self.base.rsplit(':', 1)[1]), token)

    def at(self, version):
        return PlacementApi(int(self.base.rsplit(':', 1)[1]),
                            self.session.headers['X-Auth-Token'], version)

    def get(self, path, **kw):
        return self.call('GET', path, **kw)

    def post(self, path, body=None, **kw):
        return self.call('POST', path, body, **kw)

    def put(self, path, body=None, **kw):
        return self.call('PUT', path, body, **kw)

    def delete(self, path, **kw):
        return self.call('DELETE', path, **kw)


@pytest.fixture
def run_cli(capsys, monkeypatch):
    """Run the nova-lite CLI against an all-in-one as a user would:
    ``run_cli(aio, *argv)`` gives (exit code, stdout, stderr)."""
    from nova_lite.cli import main as cli_main

    def run(aio, *argv):
        monkeypatch.setenv('NOVA_LITE_URL',
                           'http://127.0.0.1:%d/v2.1' % aio.api.port)
        monkeypatch.setenv('NOVA_LITE_IMAGE_URL', aio.image_url)
        monkeypatch.setenv('NOVA_LITE_TOKEN', 'admin:admin')
        # Each run is a new process for a user; cliff sets logging up on
        # the stderr of the moment, which is this test's capture: undone
        # after the run, or later tests' logs go to a closed stream.
        root = logging.getLogger()
        handlers = list(root.handlers)
        capsys.readouterr()
        try:
            code = cli_main.main(list(argv))
        finally:
            root.handlers[:] = handlers
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


@contextlib.contextmanager
def placement_served():
    """The placement API alone (no conductor, scheduler or compute), on
    the database this process uses, served over HTTP on a free port."""
    from nova_lite.api import app as api_app
    from nova_lite.api import server as api_server
    server = api_server.APIServer(
        api_app.build_placement(CONF), '127.0.0.1', 0, 4, CONF.wsgi,
        api_server.transport_body_limit(CONF, 'placement'),
        name='nova-lite-placement')
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def placement_service(tmp_path, migrated_sqlite):
    """placement_served on a fresh SQLite database."""
    undo = engine.use_database(fresh_sqlite(
        migrated_sqlite, str(tmp_path / 'placement.sqlite')))
    try:
        with placement_served() as server:
            yield server
    finally:
        undo()


@pytest.fixture
def placement(placement_service):
    """A placement API client (latest microversion) of placement_service."""
    return PlacementApi(placement_service.port)


@pytest.fixture
def all_in_one(tmp_path, overrides, migrated_sqlite):
    """Start (and on teardown stop) all-in-ones on one state directory."""
    from nova_lite.cmd import all_in_one as aio_mod
    overrides('state_path', str(tmp_path / 'state'))
    overrides('port', 0, group='api')
    overrides('port', 0, group='placement')
    overrides('port', 0, group='image')
    overrides('novncproxy_port', 0, group='vnc')
    overrides('serialproxy_port', 0, group='serial_console')
    # Tests boot more servers than Nova's default quotas allow; the quota
    # tests set the limits they check.
    for resource in ('instances', 'cores', 'ram'):
        overrides(resource, -1, group='quota')
    started = []
    undo = []

    def start(hosts=3, database=None):
        os.makedirs(str(tmp_path / 'state'), exist_ok=True)
        url = database or fresh_sqlite(migrated_sqlite, str(
            tmp_path / 'state' / 'nova_lite.sqlite'))
        undo.append(engine.use_database(url))
        aio = aio_mod.AllInOne(CONF, hosts=hosts,
                               sync_schema=lambda conf: migration.upgrade(url))
        aio.start()
        started.append(aio)
        aio.client = Api(aio.api.port)
        aio.placement_client = PlacementApi(aio.placement.port)
        aio.image_url = 'http://127.0.0.1:%d' % aio.image.port
        overrides('api_servers', aio.image_url, group='glance')
        return aio

    def stop(aio):
        aio.stop()
        started.remove(aio)
        undo.pop()()

    start.stop = stop
    yield start
    for aio in list(started):
        stop(aio)
