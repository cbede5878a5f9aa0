# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What flake8 and hacking do not check of our sources: every module of
the product and its tools says why it exists (a docstring), and every
source file carries the license header, however short (hacking's H102
looks only at files over ten lines)."""
import ast
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = '# SPDX-License-Identifier: Apache-2.0'


def _tracked(*patterns):
    listed = subprocess.run(['git', 'ls-files', *patterns], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split()]


def _modules():
    return _tracked('nova_lite/*.py', 'nova_lite_tools/*.py')


def test_the_tree_is_listed():
    assert len(_modules()) > 300


@pytest.mark.parametrize('path', _modules(), ids=lambda p: str(
    p.relative_to(ROOT)))
def test_every_module_says_why_it_exists(path):
    assert ast.get_docstring(ast.parse(path.read_text())), \
        '%s has no docstring' % path.relative_to(ROOT)


def test_every_source_file_has_the_license_header():
    sources = _tracked('*.py', '*.mako', 'Makefile', '.ci/run')
    missing = [str(p.relative_to(ROOT)) for p in sources
               if HEADER not in p.read_text().splitlines()[:3]]
    assert missing == []
    assert (ROOT / 'LICENSE').read_text().split()[:3] == [
        'Apache', 'License', 'Version']
