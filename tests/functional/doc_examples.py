# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The console examples of the documentation, read and checked.

An example is a ``.. code-block:: console`` block: ``$ command`` lines
(continued by a trailing backslash), each followed by the output it
shows. Running an example means running its commands in order in bash
(what a command exports or sources is kept for the next) and finding
the output shown among the output got: its lines in the same order,
runs of spaces and of table rules compared as one, ``...`` standing for
any text (and, alone on a line or in a table row of its own, for lines
left out) and any UUID for any other.
"""
import collections
import os
import re
import subprocess

DOC = os.path.join(os.path.dirname(__file__), '..', '..', 'doc', 'source')
README = os.path.join('..', '..', 'README.rst')

Command = collections.namedtuple('Command', 'text shown line')
_BLOCK = re.compile(r'^(\s*)\.\. code-block:: console\s*$')
_UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'


def pages():
    """Every page of the tree and the README, relative to doc/source."""
    found = [README]
    for folder, _, names in os.walk(DOC):
        found += [os.path.relpath(os.path.join(folder, name), DOC)
                  for name in names if name.endswith('.rst')]
    return sorted(found)


def _blocks(page):
    """(line number, text) of each console example's content, dedented,
    its directive's options left out."""
    with open(os.path.join(DOC, page)) as source:
        lines = source.read().splitlines()
    for index, line in enumerate(lines):
        match = _BLOCK.match(line)
        if match:
            yield _block_lines(lines, index, len(match.group(1)))


def _block_lines(lines, start, indent):
    body, index = [], start + 1
    while index < len(lines) and (
            not lines[index].strip()
            or len(lines[index]) - len(lines[index].lstrip()) > indent):
        body.append((index + 1, lines[index]))
        index += 1
    while body and body[0][1].strip().startswith(':'):  # the options
        body.pop(0)
    while body and not body[-1][1].strip():
        body.pop()
    margin = min((len(text) - len(text.lstrip()) for _, text in body
                  if text.strip()), default=0)
    return [(number, text[margin:]) for number, text in body]


def commands(page):
    """The commands of a page's console examples, in order."""
    return [command for block in _blocks(page)
            for command in _commands_of(block)]


def stray_prompts(page):
    """Line numbers of ``$`` prompts outside console examples: a
    transcript that no test would run."""
    inside = {number for block in _blocks(page) for number, _ in block}
    with open(os.path.join(DOC, page)) as source:
        lines = source.read().splitlines()
    return [index + 1 for index, line in enumerate(lines)
            if line.lstrip().startswith('$ ') and index + 1 not in inside]


def _commands_of(block):
    found = []
    for number, text in block:
        if text.startswith('$ '):
            found.append(Command(text[2:], [], number))
        elif found and found[-1].text.endswith('\\') and not found[-1].shown:
            found[-1] = found[-1]._replace(
                text=found[-1].text + '\n' + text)
        elif found:
            found[-1].shown.append(text)
    for command in found:
        while command.shown and not command.shown[-1].strip():
            command.shown.pop()
    return found


def _normal(line):
    line = re.sub(r' +', ' ', line.rstrip())
    return re.sub(r'-{3,}', '---', re.sub(r'={3,}', '===', line))


def _pattern(line):
    parts = re.split(r'(%s|\.\.\.)' % _UUID, _normal(line))
    return re.compile(''.join(
        '.*' if part == '...' else _UUID if re.fullmatch(_UUID, part)
        else re.escape(part) for part in parts))


def _is_gap(line):
    """``...`` alone, or a table row of ``...``: lines left out. Any
    number of lines may be there, which the search in order allows."""
    return not re.sub(r'[.|\s]', '', line) and '...' in line


def missing(shown, got):
    """The first shown line not found (in order) in ``got``, or None."""
    lines = [_normal(line) for line in got.splitlines()]
    position = 0
    for line in shown:
        if _is_gap(line):
            continue
        pattern = _pattern(line)
        while position < len(lines) and not pattern.fullmatch(
                lines[position]):
            position += 1
        if position == len(lines):
            return line
        position += 1
    return None


class Shell(object):
    """Runs a page's commands one by one, keeping what they export or
    source (a venv's ``activate``) for the next."""

    def __init__(self, cwd, env, replacements):
        self.cwd, self.env = cwd, env
        self.replacements = replacements
        self.exports = []

    def _local(self, text):
        for documented, here in self.replacements.items():
            text = text.replace(documented, here)
        return text

    def run(self, command):
        text = self._local(command.text)
        if text.startswith(('export ', '. ', 'source ')):
            self.exports.append(text)
        done = subprocess.run(
            ['bash', '-c', '\n'.join(self.exports + [text])],
            cwd=self.cwd, env=self.env, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, timeout=300)
        return done.returncode, done.stdout

    def check(self, page, command):
        """An error message naming the page's line, or None."""
        code, got = self.run(command)
        shown = [self._local(line) for line in command.shown]
        if not shown and code != 0:
            return '%s:%d: %s exited %d:\n%s' % (page, command.line,
                                                 command.text, code, got)
        line = missing(shown, got)
        if line is not None:
            return '%s:%d: %s did not show %r; it showed:\n%s' % (
                page, command.line, command.text, line, got)
        return None
