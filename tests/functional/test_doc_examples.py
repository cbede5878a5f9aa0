# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Every console example of the documentation, run as a reader runs it:
``make run`` (the database migrated, ``nova-lite-all-in-one`` started
with its defaults, Nova's default quotas included, its state in
``./var`` of a fresh directory), then the page's commands in order from
that directory, each showing what the page says it shows.

The all-in-one's listeners take free ports instead of the documented
8774, 8778, 9292 and 9180 (tests run side by side), from a configuration
file where oslo.config looks by default (``~/.nova-lite/nova-lite.conf``
under a HOME of the test's own) so that every command reads it; the
commands and the output they show are read with those ports put in.
That file also turns metrics on, as the metrics page asks.
"""
import os
import signal
import subprocess
import sys
import time

import pytest
import requests

from nova_lite_tools import ports
from tests.functional import doc_examples

BIN = os.path.dirname(sys.executable)
DOCUMENTED_PORTS = {'api': 8774, 'placement': 8778, 'image': 9292,
                    'metrics': 9180}
PAGES = [page for page in doc_examples.pages()
         if doc_examples.commands(page)]


def _config(path, chosen):
    sections = []
    for group, port in chosen.items():
        sections += ['[%s]' % group, 'port = %d' % port]
    sections += ['[metrics]', 'enabled = true']
    path.write_text('\n'.join(sections) + '\n')


def _wait_ready(url, process, log_path, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, log_path.read_text()
        try:
            requests.get(url, timeout=1)
            return
        except requests.ConnectionError:
            time.sleep(0.1)
    raise AssertionError('not ready: %s' % log_path.read_text())


@pytest.fixture
def made_run(tmp_path):
    """What ``make run`` leaves running, on free ports: a Shell to run
    commands in, with the ports' replacements."""
    first = ports.free_ports(len(DOCUMENTED_PORTS))
    chosen = {group: first + index
              for index, group in enumerate(DOCUMENTED_PORTS)}
    # Where oslo.config looks by default, so that every command of a page
    # reads the ports as a reader's would read the defaults.
    config = tmp_path / '.nova-lite' / 'nova-lite.conf'
    config.parent.mkdir()
    _config(config, chosen)
    env = dict(os.environ, PATH=BIN + os.pathsep + os.environ['PATH'],
               HOME=str(tmp_path),
               NOVA_LITE_URL='http://127.0.0.1:%d/v2.1' % chosen['api'])
    # A reader's other shell has neither (``make test`` exports the
    # first): the state is ./var, where ``make run`` keeps it.
    for name in ('NOVA_LITE_STATE_DIR', 'OS_CLOUD'):
        env.pop(name, None)
    subprocess.run([os.path.join(BIN, 'nova-lite-manage'), 'db', 'sync'],
                   check=True, env=env, capture_output=True, cwd=tmp_path)
    # The reader's checkout: its venv, which the examples may activate.
    (tmp_path / '.venv').symlink_to(sys.prefix)
    log_path = tmp_path / 'all-in-one.log'
    with open(log_path, 'w') as log:
        process = subprocess.Popen(
            [os.path.join(BIN, 'nova-lite-all-in-one')], stdout=log,
            stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
    try:
        _wait_ready('http://127.0.0.1:%d/' % chosen['api'], process,
                    log_path)
        replacements = {'127.0.0.1:%d' % DOCUMENTED_PORTS[group]:
                        '127.0.0.1:%d' % port
                        for group, port in chosen.items()}
        yield doc_examples.Shell(str(tmp_path), env, replacements)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(60)


@pytest.mark.parametrize('page', PAGES)
def test_the_page_shows_what_its_commands_do(page, made_run):
    for command in doc_examples.commands(page):
        problem = made_run.check(page, command)
        assert problem is None, problem


def test_a_page_that_shows_what_did_not_happen_is_caught(made_run):
    """The check fails an example whose output is not what it shows."""
    command = doc_examples.Command('nova-lite flavor list -f value -c Name',
                                   ['m1.small'], 1)
    assert 'did not show' in made_run.check('made-up.rst', command)
    command = doc_examples.Command('nova-lite no-such-command', [], 2)
    assert 'exited' in made_run.check('made-up.rst', command)


def test_the_examples_are_found():
    """The pages named here have examples, so an example written in a
    way the reader does not find is noticed."""
    assert {'user/cli.rst', 'admin/scheduling.rst'} <= set(PAGES)
    assert all(command.text for page in PAGES
               for command in doc_examples.commands(page))


def test_every_transcript_is_an_example():
    """A ``$ command`` written anywhere but in a console example would
    never be run: commands that cannot run here (root, a lab, a real
    hypervisor) are written as instructions, without a prompt."""
    stray = {page: doc_examples.stray_prompts(page)
             for page in doc_examples.pages()}
    assert {page: lines for page, lines in stray.items() if lines} == {}
