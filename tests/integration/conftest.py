# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures the integration tests share."""
import pytest

from nova_lite_tools import demo_image


@pytest.fixture(scope='session')
def demo_files(tmp_path_factory):
    """The demo guest's files, built once (a minute) for every test that
    boots it."""
    return demo_image.build(str(tmp_path_factory.mktemp('demo-image')))
