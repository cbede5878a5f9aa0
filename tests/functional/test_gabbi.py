"""The placement and compute APIs, declared as HTTP exchanges in gabbi's
YAML (``gabbits/placement/*.yaml``, ``gabbits/compute/*.yaml``): each file
runs, in order, against its API's WSGI application alone (the paste
pipeline as deployed: auth, microversions, faults), on a fresh database of
its own. The compute files use what needs no other service (flavors and
their extra specs, policy).

A file is one test here (its requests depend on each other); a failure
names the request that failed and why. Gabbi's own pytest plugin is not
used: it takes any test id with a colon in it for one of its own.
"""
import glob
import os
import sys
import tempfile
import unittest
import uuid

from gabbi import fixture
from gabbi import handlers
from gabbi import suitemaker
from gabbi import utils
import pytest

from nova_lite.api import app as api_app
from nova_lite import conf as nl_conf
from nova_lite.db import engine
from nova_lite.db import migration

GABBITS = os.path.join(os.path.dirname(__file__), 'gabbits')


class _FreshDatabase(fixture.GabbiFixture):
    """A migrated SQLite database of the file's own."""

    def start_fixture(self):
        self.directory = tempfile.TemporaryDirectory()
        url = 'sqlite:///%s' % os.path.join(self.directory.name,
                                            'nova_lite.sqlite')
        migration.upgrade(url)
        self.undo = engine.use_database(url)

    def stop_fixture(self):
        self.undo()
        self.directory.cleanup()


class PlacementDatabase(_FreshDatabase):
    pass


class ComputeDatabase(_FreshDatabase):
    """A fresh database, and RPC on the in-process transport (the compute
    API makes its clients; nothing here sends on them)."""

    def start_fixture(self):
        super().start_fixture()
        nl_conf.CONF.set_override('transport_url', 'fake://')

    def stop_fixture(self):
        nl_conf.CONF.clear_override('transport_url')
        super().stop_fixture()


APPS = {'placement': api_app.build_placement, 'compute': api_app.build}


def _suite(path):
    exchanges = utils.load_yaml(yaml_file=path)
    name = os.path.splitext(os.path.basename(path))[0]
    build = APPS[os.path.basename(os.path.dirname(path))]
    suite = suitemaker.test_suite_from_dict(
        unittest.TestLoader(), name, exchanges, os.path.dirname(path),
        host=str(uuid.uuid4()), port=None,
        fixture_module=sys.modules[__name__],
        intercept=lambda: build(nl_conf.CONF),
        handlers=[handler() for handler in handlers.RESPONSE_HANDLERS])
    return suite, len(exchanges['tests'])


@pytest.mark.parametrize(
    'path', sorted(glob.glob(os.path.join(GABBITS, '*', '*.yaml'))),
    ids=lambda path: os.path.relpath(path, GABBITS))
def test_gabbits(path):
    suite, count = _suite(path)
    result = unittest.TestResult()
    suite.run(result)
    problems = result.failures + result.errors
    assert not problems, '\n\n'.join(
        '%s\n%s' % (test.test_data['name'], trace)
        for test, trace in problems)
    assert result.testsRun == count and not result.skipped
