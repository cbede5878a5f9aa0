"""The placement API, declared as HTTP exchanges in gabbi's YAML
(``gabbits/placement/*.yaml``): each file runs, in order, against the
placement WSGI application alone, on a fresh database of its own.

A file is one test here (its requests depend on each other); a failure
names the request that failed and why. Gabbi's own pytest plugin is not
used: it takes any test id with a colon in it for one of its own.
"""
import glob
import os
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

GABBITS = os.path.join(os.path.dirname(__file__), 'gabbits', 'placement')


class PlacementDatabase(fixture.GabbiFixture):
    """A migrated SQLite database of the file's own."""

    def start_fixture(self):
        self.directory = tempfile.TemporaryDirectory()
        url = 'sqlite:///%s' % os.path.join(self.directory.name,
                                            'placement.sqlite')
        migration.upgrade(url)
        self.undo = engine.use_database(url)

    def stop_fixture(self):
        self.undo()
        self.directory.cleanup()


def _placement_app():
    return api_app.build_placement(nl_conf.CONF)


def _suite(path):
    exchanges = utils.load_yaml(yaml_file=path)
    name = os.path.splitext(os.path.basename(path))[0]
    suite = suitemaker.test_suite_from_dict(
        unittest.TestLoader(), name, exchanges, GABBITS,
        host=str(uuid.uuid4()), port=None,
        fixture_module=__import__(__name__, fromlist=['_']),
        intercept=_placement_app,
        handlers=[handler() for handler in handlers.RESPONSE_HANDLERS])
    return suite, len(exchanges['tests'])


@pytest.mark.parametrize('path', sorted(glob.glob(GABBITS + '/*.yaml')),
                         ids=os.path.basename)
def test_gabbits(path):
    suite, count = _suite(path)
    result = unittest.TestResult()
    suite.run(result)
    problems = result.failures + result.errors
    assert not problems, '\n\n'.join(
        '%s\n%s' % (test.test_data['name'], trace)
        for test, trace in problems)
    assert result.testsRun == count and not result.skipped
