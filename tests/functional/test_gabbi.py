# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement and compute APIs, declared as HTTP exchanges in gabbi's
YAML (``gabbits/placement/*.yaml``, ``gabbits/compute/*.yaml``): each file
runs, in order, against its API's WSGI application alone (the paste
pipeline as deployed: auth, microversions, faults), on a fresh database of
its own (a copy of the migrated template, as every test's). The compute
files use what needs no other service (flavors and their extra specs,
policy).

A file is one test here (its requests depend on each other); a failure
names the request that failed and why. Gabbi's own pytest plugin is not
used: it takes any test id with a colon in it for one of its own.
"""
import glob
import os
import unittest
import uuid

from gabbi import handlers
from gabbi import suitemaker
from gabbi import utils
import pytest

from nova_lite.api import app as api_app
from nova_lite import conf as nl_conf
from nova_lite.db import engine
from tests.conftest import fresh_sqlite

GABBITS = os.path.join(os.path.dirname(__file__), 'gabbits')
APPS = {'placement': api_app.build_placement, 'compute': api_app.build}


def _suite(path):
    exchanges = utils.load_yaml(yaml_file=path)
    name = os.path.splitext(os.path.basename(path))[0]
    build = APPS[os.path.basename(os.path.dirname(path))]
    suite = suitemaker.test_suite_from_dict(
        unittest.TestLoader(), name, exchanges, os.path.dirname(path),
        host=str(uuid.uuid4()), port=None,
        fixture_module=None,
        intercept=lambda: build(nl_conf.CONF),
        handlers=[handler() for handler in handlers.RESPONSE_HANDLERS])
    return suite, len(exchanges['tests'])


@pytest.mark.parametrize(
    'path', sorted(glob.glob(os.path.join(GABBITS, '*', '*.yaml'))),
    ids=lambda path: os.path.relpath(path, GABBITS))
def test_gabbits(path, tmp_path, migrated_sqlite, overrides):
    # The compute API makes its RPC clients; nothing here sends on them.
    overrides('transport_url', 'fake://')
    suite, count = _suite(path)
    result = unittest.TestResult()
    undo = engine.use_database(fresh_sqlite(
        migrated_sqlite, str(tmp_path / 'nova_lite.sqlite')))
    try:
        suite.run(result)
    finally:
        undo()
    problems = result.failures + result.errors
    assert not problems, '\n\n'.join(
        '%s\n%s' % (test.test_data['name'], trace)
        for test, trace in problems)
    assert result.testsRun == count and not result.skipped
