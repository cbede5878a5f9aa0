#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova_lite's placement API beside OpenStack Placement 16, request by
request: how many answers differ, and how.

OpenStack Placement (``openstack-placement==16.0.0``) is installed once
into ``~/.cache/nova-lite-tests/placement-venv`` and served by wsgiref on
SQLite with ``noauth2``; ``nova-lite-api`` serves ours. The same scenario
runs against both in lockstep at every microversion from 1.0 to 1.39
(providers, inventories, aggregates, traits, classes, allocations,
usages, candidates, reshaper; valid requests and bad ones: bodies,
queries, methods, media types, versions). For each request it compares
the status, the body's shape (the keys of every object, the types of
values, the length of lists; not generated values such as uuids and
timestamps), the first line of an error's detail, and the headers
clients read (microversion, Vary, Allow, Location, cache headers'
presence). It prints the counts and each mismatch; it never asserts.

    .venv/bin/python bench/placement_compare.py [--versions 1.0,1.39]
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time

import common
import placement as bench_placement

VENV = os.path.join(os.environ.get('XDG_CACHE_HOME') or os.path.expanduser(
    '~/.cache'), 'nova-lite-tests', 'placement-venv')
SERVER = """import os, sys
from wsgiref import simple_server
sys.argv = sys.argv[:1]
os.environ['OS_PLACEMENT_CONFIG_DIR'] = sys.argv[0].rsplit('/', 1)[0]
from placement.wsgi import api
class Quiet(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass
simple_server.make_server('127.0.0.1', int(os.environ['PORT']),
                          api.application,
                          handler_class=Quiet).serve_forever()
"""
PLACEMENT_CONFIG = """[placement_database]
connection = sqlite:///{dir}/placement.sqlite
sync_on_startup = true
[api]
auth_strategy = noauth2
"""
HEADERS = ('openstack-api-version', 'vary', 'allow', 'content-type')
PRESENT = ('location', 'cache-control', 'last-modified')


def _venv():
    python = os.path.join(VENV, 'bin', 'python')
    if not os.path.exists(os.path.join(VENV, 'bin', 'placement-manage')):
        subprocess.run([sys.executable, '-m', 'venv', '--clear', VENV],
                       check=True)
        subprocess.run([python, '-m', 'pip', 'install', '-q',
                        'openstack-placement==16.0.0'], check=True)
    return python


def start_placement():
    python = _venv()
    directory = tempfile.mkdtemp(prefix='placement-16-')
    with open(os.path.join(directory, 'placement.conf'), 'w') as out:
        out.write(PLACEMENT_CONFIG.format(dir=directory))
    server = os.path.join(directory, 'server.py')
    with open(server, 'w') as out:
        out.write(SERVER)
    port = common.free_port()
    log = open(os.path.join(directory, 'server.log'), 'w')
    process = subprocess.Popen([python, server], stdout=log,
                               stderr=subprocess.STDOUT,
                               env=dict(os.environ, PORT=str(port)))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if common._answers(port):
            return process, port
        time.sleep(0.2)
    raise SystemExit('placement did not start; see %s' % log.name)


def start_ours():
    port = common.free_port()
    config = bench_placement.CONFIG.format(
        port=port, api_port=common.free_port(),
        connection='sqlite:///{state}/nova_lite.sqlite')
    process, _state = common.start_daemon('nova-lite-api', config, port)
    return process, port


class Side:
    """One server; every request on a fresh connection (wsgiref closes
    them)."""

    def __init__(self, port):
        self.port = port

    def call(self, method, path, version, body=None, headers=None):
        conn = http.client.HTTPConnection('127.0.0.1', self.port,
                                          timeout=60)
        sent = {'X-Auth-Token': 'admin:admin',
                'OpenStack-API-Version': 'placement %s' % version}
        if body is not None:
            sent['Content-Type'] = 'application/json'
            if not isinstance(body, (str, bytes)):
                body = json.dumps(body)
        sent.update(headers or {})
        sent = {k: v for k, v in sent.items() if v is not None}
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        raw = response.read()
        conn.close()
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = raw.decode('utf-8', 'replace')
        return response.status, payload, {
            k.lower(): v for k, v in response.getheaders()}


def shape(value):
    """What a client relies on in a body: keys, types, list lengths."""
    if isinstance(value, dict):
        return {key if not _generated(key) else '<id>': shape(item)
                for key, item in value.items()}
    if isinstance(value, list):
        return ['len=%d' % len(value)] + ([shape(value[0])] if value
                                          else [])
    if isinstance(value, bool) or value is None:
        return repr(value)
    return type(value).__name__


def _generated(key):
    """Keys that are uuids (allocations by provider, summaries)."""
    return len(key) == 36 and key.count('-') == 4


def _detail(payload):
    try:
        text = payload['errors'][0]['detail']
    except (TypeError, KeyError, IndexError):
        return None
    # Placement's detail is the status's explanation, a blank line, then
    # what went wrong: compare the last.
    return text.rsplit('\n\n', 1)[-1].strip().split('  ')[0]


def compare(ours, theirs):
    """The differences between two answers, as words (none: same)."""
    found = []
    if ours[0] != theirs[0]:
        found.append('status %s != %s' % (ours[0], theirs[0]))
    if ours[0] >= 400 or theirs[0] >= 400:
        mine, other = _detail(ours[1]), _detail(theirs[1])
        if mine != other:
            found.append('detail %r != %r' % (mine, other))
        if shape(_without(ours[1])) != shape(_without(theirs[1])):
            found.append('error shape %s != %s' % (
                shape(ours[1]), shape(theirs[1])))
    elif shape(ours[1]) != shape(theirs[1]):
        found.append('body %s != %s' % (json.dumps(shape(ours[1]))[:300],
                                        json.dumps(shape(theirs[1]))[:300]))
    for name in HEADERS:
        if ours[2].get(name, '').split(';')[0] != \
                theirs[2].get(name, '').split(';')[0]:
            found.append('header %s %r != %r' % (
                name, ours[2].get(name), theirs[2].get(name)))
    for name in PRESENT:
        if (name in ours[2]) != (name in theirs[2]):
            found.append('header %s %s here, %s there' % (
                name, 'present' if name in ours[2] else 'absent',
                'present' if name in theirs[2] else 'absent'))
    return found


def _without(payload):
    """An error body without the words (compared apart)."""
    if isinstance(payload, dict) and 'errors' in payload:
        return {'errors': [{k: v for k, v in e.items() if k != 'detail'}
                           for e in payload['errors']]}
    return payload


def _minor(version):
    return int(version.split('.')[1])


def _allocations(version, provider, resources, generation=None):
    minor = _minor(version)
    if minor < 12:
        body = {'allocations': [{'resource_provider': {'uuid': provider},
                                 'resources': resources}]}
    else:
        body = {'allocations': {provider: {'resources': resources}}}
    if minor >= 8:
        body.update(project_id='proj', user_id='user')
    if minor >= 28:
        body['consumer_generation'] = generation
    if minor >= 38:
        body['consumer_type'] = 'INSTANCE'
    return body


def scenario(version):
    """The requests of one round at ``version``: (method, path, body,
    headers). Names and uuids are the round's own."""
    n = _minor(version)
    rp = 'aaaaaaaa-0000-4000-8000-%012d' % n
    child = 'bbbbbbbb-0000-4000-8000-%012d' % n
    consumer = 'cccccccc-0000-4000-8000-%012d' % n
    agg = 'dddddddd-0000-4000-8000-%012d' % n
    missing = 'eeeeeeee-0000-4000-8000-%012d' % n
    inv = '/resource_providers/%s/inventories' % rp
    yield 'GET', '/', None, None
    yield 'POST', '/resource_providers', {'name': 'rp-%d' % n,
                                          'uuid': rp}, None
    yield 'POST', '/resource_providers', {'name': 'rp-%d' % n}, None
    yield 'POST', '/resource_providers', {'uuid': child}, None
    yield 'POST', '/resource_providers', {'name': 'x' * 201}, None
    yield 'POST', '/resource_providers', '{"name": ', None
    yield 'POST', '/resource_providers', {'name': 'c-%d' % n, 'uuid': child,
                                          'parent_provider_uuid': rp}, None
    yield 'POST', '/resource_providers', {'name': 'p', 'uuid': rp}, {
        'Content-Type': 'text/plain'}
    yield 'PATCH', '/resource_providers', None, None
    yield 'GET', '/resource_providers', None, {'Accept': 'text/plain'}
    yield 'GET', '/resource_providers/%s' % rp, None, None
    yield 'GET', '/resource_providers/%s' % missing, None, None
    yield 'PUT', '/resource_providers/%s' % rp, {'name': 'rp-%d' % n}, None
    yield 'PUT', '/resource_providers/%s' % rp, {}, None
    for query in ('name=rp-%d' % n, 'uuid=%s' % rp, 'uuid=nope',
                  'in_tree=%s' % rp, 'in_tree=%s' % missing,
                  'member_of=%s' % agg, 'member_of=in:nope',
                  'resources=VCPU:1', 'resources=VCPU:x',
                  'required=HW_CPU_X86_AVX', 'required=CUSTOM_NOPE',
                  'colour=red'):
        yield 'GET', '/resource_providers?%s' % query, None, None
    yield 'PUT', inv, {'resource_provider_generation': 0, 'inventories': {
        'VCPU': {'total': 8, 'allocation_ratio': 2.0},
        'MEMORY_MB': {'total': 1024, 'reserved': 24}}}, None
    yield 'PUT', inv, {'resource_provider_generation': 0,
                       'inventories': {}}, None
    yield 'POST', inv, {'resource_class': 'DISK_GB', 'total': 100}, None
    yield 'POST', inv, {'resource_class': 'DISK_GB', 'total': 100}, None
    yield 'GET', inv, None, None
    yield 'GET', inv + '/VCPU', None, None
    yield 'GET', inv + '/PCPU', None, None
    for record in ({'total': 8, 'step_size': 0}, {'total': 0},
                   {'total': 8, 'reserved': 8}, {'total': 8, 'colour': 1},
                   {'total': 8, 'allocation_ratio': -1},
                   {'total': 8, 'max_unit': 4, 'min_unit': 2}):
        yield 'PUT', inv + '/VCPU', dict(record,
                                         resource_provider_generation=2), \
            None
    yield 'PUT', inv + '/NOT_A_CLASS', {'total': 1,
                                        'resource_provider_generation': 2}, \
        None
    yield 'GET', '/resource_providers/%s/usages' % rp, None, None
    yield 'GET', '/resource_providers/%s/aggregates' % rp, None, None
    yield 'PUT', '/resource_providers/%s/aggregates' % rp, (
        [agg] if n < 19 else {'aggregates': [agg],
                              'resource_provider_generation': 3}), None
    yield 'PUT', '/resource_providers/%s/aggregates' % rp, (
        ['nope'] if n < 19 else {'aggregates': [agg]}), None
    yield 'PUT', '/traits/CUSTOM_T%d' % n, None, None
    yield 'PUT', '/traits/NOT_CUSTOM', None, None
    yield 'GET', '/traits/CUSTOM_T%d' % n, None, None
    yield 'GET', '/traits?name=startswith:CUSTOM_T%d' % n, None, None
    yield 'GET', '/traits?name=bogus', None, None
    yield 'GET', '/traits?associated=maybe', None, None
    yield 'PUT', '/resource_providers/%s/traits' % rp, {
        'traits': ['CUSTOM_T%d' % n],
        'resource_provider_generation': 4 if n >= 19 else 3}, None
    yield 'PUT', '/resource_providers/%s/traits' % rp, {
        'traits': ['CUSTOM_T%d' % n]}, None
    yield 'GET', '/resource_providers/%s/traits' % rp, None, None
    yield 'GET', '/traits?associated=true&name=in:CUSTOM_T%d' % n, None, \
        None
    yield 'POST', '/resource_classes', {'name': 'CUSTOM_C%d' % n}, None
    yield 'POST', '/resource_classes', {'name': 'VCPU'}, None
    yield 'GET', '/resource_classes/CUSTOM_C%d' % n, None, None
    yield 'PUT', '/resource_classes/CUSTOM_C%d' % n, (
        {'name': 'CUSTOM_D%d' % n} if n < 7 else None), None
    yield 'DELETE', '/resource_classes/%s' % (
        'CUSTOM_D%d' % n if n < 7 else 'CUSTOM_C%d' % n), None, None
    yield 'DELETE', '/resource_classes/VCPU', None, None
    body = _allocations(version, rp, {'VCPU': 2, 'MEMORY_MB': 256})
    yield 'PUT', '/allocations/%s' % consumer, body, None
    yield 'PUT', '/allocations/%s' % consumer, _allocations(
        version, rp, {'VCPU': 100}, 1), None
    yield 'PUT', '/allocations/%s' % consumer, _allocations(
        version, missing, {'VCPU': 1}, 1), None
    yield 'PUT', '/allocations/%s' % consumer, _allocations(
        version, rp, {'PCPU': 1}, 1), None
    yield 'PUT', '/allocations/%s' % consumer, {'allocations': 'x'}, None
    yield 'GET', '/allocations/%s' % consumer, None, None
    yield 'GET', '/resource_providers/%s/allocations' % rp, None, None
    yield 'GET', '/usages?project_id=proj', None, None
    yield 'GET', '/usages?project_id=proj&user_id=', None, None
    yield 'GET', '/usages', None, None
    yield 'GET', '/allocation_candidates?resources=VCPU:1,MEMORY_MB:64', \
        None, None
    yield 'GET', '/allocation_candidates?resources=VCPU:1&limit=1', None, \
        None
    yield 'GET', '/allocation_candidates?resources=VCPU:1&member_of=%s' \
        % agg, None, None
    yield 'GET', '/allocation_candidates?resources=VCPU:1&required=' \
        'CUSTOM_T%d' % n, None, None
    yield 'GET', '/allocation_candidates?resources1=VCPU:1' \
        '&group_policy=none', None, None
    yield 'GET', '/allocation_candidates?resources=NOPE:1', None, None
    yield 'GET', '/allocation_candidates', None, None
    yield 'POST', '/allocations', {consumer: dict(_allocations(
        version, rp, {'VCPU': 1}, 1), allocations={}) if n >= 12 else {}}, \
        None
    yield 'POST', '/reshaper', {}, None
    yield 'DELETE', inv + '/VCPU', None, None
    yield 'DELETE', '/allocations/%s' % consumer, None, None
    yield 'DELETE', '/allocations/%s' % consumer, None, None
    yield 'DELETE', inv, None, None
    yield 'DELETE', '/resource_providers/%s/traits' % rp, None, None
    yield 'DELETE', '/traits/CUSTOM_T%d' % n, None, None
    yield 'DELETE', '/resource_providers/%s' % rp, None, None
    yield 'DELETE', '/resource_providers/%s' % child, None, None
    yield 'DELETE', '/resource_providers/%s' % rp, None, None
    yield 'GET', '/resource_providers', None, {
        'OpenStack-API-Version': 'placement 1.x'}
    yield 'GET', '/resource_providers', None, {
        'OpenStack-API-Version': 'placement 1.99'}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--versions', default=','.join(
        '1.%d' % i for i in range(40)))
    args = parser.parse_args()
    theirs_process, theirs_port = start_placement()
    ours_process, ours_port = start_ours()
    ours, theirs = Side(ours_port), Side(theirs_port)
    compared, mismatched = 0, []
    try:
        for version in args.versions.split(','):
            for method, path, body, headers in scenario(version):
                answers = [side.call(method, path, version, body, headers)
                           for side in (ours, theirs)]
                compared += 1
                differences = compare(*answers)
                if differences:
                    mismatched.append((version, method, path, differences))
    finally:
        for process in (ours_process, theirs_process):
            process.terminate()
            process.wait(30)
    for version, method, path, differences in mismatched:
        print('%s %s %s: %s' % (version, method, path,
                                '; '.join(differences)))
    print('requests compared: %d; answers that differ: %d' % (
        compared, len(mismatched)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
