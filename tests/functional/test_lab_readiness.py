# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A lab daemon that dies while the lab starts is named with the last
line it logged: the reason is in the error itself, also where the lab's
logs are gone with its test's directory (a CI run)."""
import sys

import pytest

from nova_lite_tools.lab import layout as lab_layout
from nova_lite_tools.lab import processes
from nova_lite_tools.lab import readiness
from nova_lite_tools import ports

REASON = 'nova-lite-api could not start: [metrics] listen 127.0.0.1: taken'


def _lab(tmp_path):
    return lab_layout.Layout(name='tready', state_dir=str(tmp_path),
                             computes=1, subnet='10.213.0.0/24',
                             database='sqlite', api_port=ports.free_port())


def test_a_daemon_that_died_is_named_with_its_last_log_line(tmp_path):
    lab = _lab(tmp_path)
    api = processes.start(lab, 'nova-lite-api', [
        sys.executable, '-c', 'print("starting"); print(%r)' % REASON])
    api.wait()
    with pytest.raises(readiness.NotReady) as refused:
        readiness.wait(lab, ['nova-lite-api'], timeout=30)
    assert str(refused.value) == (
        'nova-lite-api exited during start-up (%s); see %s' % (
            REASON, lab.log('nova-lite-api')))


def test_a_daemon_that_died_without_a_word_says_so(tmp_path):
    lab = _lab(tmp_path)
    processes.start(lab, 'nova-lite-api', [sys.executable, '-c', '']).wait()
    with pytest.raises(readiness.NotReady, match=r'\(its log is empty\)'):
        readiness.wait(lab, ['nova-lite-api'], timeout=30)
