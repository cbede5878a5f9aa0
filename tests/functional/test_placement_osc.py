# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""osc-placement, as an operator runs it, against the placement API: every
command, at the microversion the client defaults to (1.0: the commands
that exist there) and at the highest it supports (1.39)."""
import json
import os
import subprocess
import sys

import pytest

CONSUMER = '2b1a8a41-3a0b-4c8f-9a57-0c1f1fd3a9f2'
AGGREGATE = '8a0c1b2e-6a7f-4e53-9d7c-3b2a1c0d9e8f'


@pytest.fixture
def osc(placement_service):
    endpoint = 'http://127.0.0.1:%d' % placement_service.port

    def at(version):
        def run(*args, ok=True):
            command = [os.path.join(os.path.dirname(sys.executable),
                                    'openstack'),
                       '--os-auth-type', 'none', '--os-endpoint', endpoint]
            if version:
                command += ['--os-placement-api-version', version]
            result = subprocess.run(command + list(args),
                                    capture_output=True, text=True,
                                    timeout=120)
            if ok:
                assert result.returncode == 0, result.stderr
                return json.loads(result.stdout) if '-f' in args else None
            assert result.returncode != 0, result.stdout
            return result.stderr
        return run
    return at


def _provider_and_inventory(run, name):
    rp = run('resource', 'provider', 'create', name, '-f', 'json')
    assert rp['name'] == name and rp['generation'] == 0
    run('resource', 'provider', 'inventory', 'set', rp['uuid'],
        '--resource', 'VCPU=8', '--resource', 'VCPU:allocation_ratio=2.0',
        '--resource', 'MEMORY_MB=4096', '-f', 'json')
    return rp


def test_the_client_default_microversion(osc):
    """What works at 1.0: providers, inventories, allocations (in their
    list form), a provider's usages."""
    run = osc(None)
    rp = _provider_and_inventory(run, 'host-default')
    assert run('resource', 'provider', 'show', rp['uuid'], '-f',
               'json')['name'] == 'host-default'
    assert [p['name'] for p in run('resource', 'provider', 'list', '-f',
                                   'json')] == ['host-default']
    run('resource', 'provider', 'set', rp['uuid'], '--name', 'renamed',
        '-f', 'json')
    inventory = {row['resource_class']: row for row in run(
        'resource', 'provider', 'inventory', 'list', rp['uuid'], '-f',
        'json')}
    assert inventory['VCPU']['total'] == 8
    assert inventory['VCPU']['max_unit'] == 2147483647
    run('resource', 'provider', 'inventory', 'class', 'set', rp['uuid'],
        'DISK_GB', '--total', '100', '-f', 'json')
    assert run('resource', 'provider', 'inventory', 'show', rp['uuid'],
               'DISK_GB', '-f', 'json')['total'] == 100
    run('resource', 'provider', 'allocation', 'set', CONSUMER,
        '--allocation', 'rp=%s,VCPU=2,MEMORY_MB=512' % rp['uuid'],
        '--project-id', 'p1', '--user-id', 'u1', '-f', 'json')
    shown = run('resource', 'provider', 'allocation', 'show', CONSUMER,
                '-f', 'json')
    assert shown[0]['resources'] == {'VCPU': 2, 'MEMORY_MB': 512}
    usage = {row['resource_class']: row['usage'] for row in run(
        'resource', 'provider', 'usage', 'show', rp['uuid'], '-f', 'json')}
    assert usage == {'VCPU': 2, 'MEMORY_MB': 512, 'DISK_GB': 0}
    error = run('resource', 'provider', 'inventory', 'delete', rp['uuid'],
                '--resource-class', 'VCPU', ok=False)
    assert '409' in error or 'in use' in error
    run('resource', 'provider', 'inventory', 'delete', rp['uuid'],
        '--resource-class', 'DISK_GB')
    run('resource', 'provider', 'allocation', 'delete', CONSUMER)
    run('resource', 'provider', 'delete', rp['uuid'])
    assert run('resource', 'provider', 'list', '-f', 'json') == []


def test_every_command_at_the_highest_microversion(osc):
    run = osc('1.39')
    rp = _provider_and_inventory(run, 'host-x')
    child = run('resource', 'provider', 'create', 'host-x:nic', '--parent',
                rp['uuid'], '-f', 'json')
    assert child['root_provider_uuid'] == rp['uuid']
    tree = run('resource', 'provider', 'list', '--in-tree', child['uuid'],
               '-f', 'json')
    assert {p['name'] for p in tree} == {'host-x', 'host-x:nic'}
    run('resource', 'provider', 'set', child['uuid'], '--name', 'nic',
        '--parent-provider', rp['uuid'], '-f', 'json')

    run('resource', 'class', 'create', 'CUSTOM_NIC_RATE')
    run('resource', 'class', 'set', 'CUSTOM_NIC_SIZE')
    assert run('resource', 'class', 'show', 'CUSTOM_NIC_RATE', '-f',
               'json')['name'] == 'CUSTOM_NIC_RATE'
    assert {'CUSTOM_NIC_RATE', 'CUSTOM_NIC_SIZE'} <= {
        c['name'] for c in run('resource', 'class', 'list', '-f', 'json')}
    run('resource', 'class', 'delete', 'CUSTOM_NIC_SIZE')
    run('resource', 'provider', 'inventory', 'set', child['uuid'],
        '--resource', 'CUSTOM_NIC_RATE=1000', '-f', 'json')

    run('trait', 'create', 'CUSTOM_FAST')
    run('trait', 'show', 'CUSTOM_FAST', '-f', 'json')
    run('resource', 'provider', 'trait', 'set', child['uuid'], '--trait',
        'CUSTOM_FAST', '--trait', 'HW_NIC_SRIOV', '-f', 'json')
    assert {t['name'] for t in run('resource', 'provider', 'trait', 'list',
                                   child['uuid'], '-f', 'json')} == {
        'CUSTOM_FAST', 'HW_NIC_SRIOV'}
    assert [t['name'] for t in run('trait', 'list', '--name',
                                   'startswith:CUSTOM_', '--associated',
                                   '-f', 'json')] == ['CUSTOM_FAST']
    assert 'HW_CPU_X86_AVX2' in [t['name'] for t in run(
        'trait', 'list', '-f', 'json')]

    run('resource', 'provider', 'aggregate', 'set', rp['uuid'],
        '--aggregate', AGGREGATE, '--generation', '1', '-f', 'json')
    assert [a['uuid'] for a in run('resource', 'provider', 'aggregate',
                                   'list', rp['uuid'], '-f', 'json')] == [
        AGGREGATE]
    assert [p['name'] for p in run('resource', 'provider', 'list',
                                   '--member-of', AGGREGATE, '-f',
                                   'json')] == ['host-x']
    assert [p['name'] for p in run('resource', 'provider', 'list',
                                   '--resource', 'CUSTOM_NIC_RATE=10',
                                   '--required', 'CUSTOM_FAST', '-f',
                                   'json')] == ['nic']

    candidates = run('allocation', 'candidate', 'list', '--resource',
                     'VCPU=4', '--resource', 'CUSTOM_NIC_RATE=100',
                     '--required', 'CUSTOM_FAST', '--member-of', AGGREGATE,
                     '--limit', '5', '-f', 'json')
    assert {c['resource provider'] for c in candidates} == {rp['uuid'],
                                                            child['uuid']}
    grouped = run('allocation', 'candidate', 'list', '--group', '1',
                  '--resource', 'VCPU=1', '--group', '2', '--resource',
                  'CUSTOM_NIC_RATE=1', '--group-policy', 'none', '-f',
                  'json')
    assert grouped

    run('resource', 'provider', 'allocation', 'set', CONSUMER,
        '--allocation', 'rp=%s,VCPU=2,MEMORY_MB=512' % rp['uuid'],
        '--allocation', 'rp=%s,CUSTOM_NIC_RATE=100' % child['uuid'],
        '--project-id', 'p1', '--user-id', 'u1', '--consumer-type',
        'INSTANCE', '-f', 'json')
    shown = {row['resource_provider']: row['resources'] for row in run(
        'resource', 'provider', 'allocation', 'show', CONSUMER, '-f',
        'json')}
    assert shown[child['uuid']] == {'CUSTOM_NIC_RATE': 100}
    # From 1.38 a project's usage is counted by consumer type.
    usage = {row['resource_class']: row['usage'] for row in run(
        'resource', 'usage', 'show', 'p1', '--user-id', 'u1', '-f',
        'json')}
    assert usage == {'INSTANCE': {'consumer_count': 1, 'VCPU': 2,
                                  'MEMORY_MB': 512, 'CUSTOM_NIC_RATE': 100}}
    run('resource', 'provider', 'allocation', 'unset', CONSUMER,
        '--provider', child['uuid'], '-f', 'json')
    assert [row['resource_provider'] for row in run(
        'resource', 'provider', 'allocation', 'show', CONSUMER, '-f',
        'json')] == [rp['uuid']]
    error = run('resource', 'provider', 'inventory', 'set', rp['uuid'],
                '--resource', 'VCPU=1', ok=False)
    assert '409' in error or 'in use' in error or 'capacity' in error
    run('resource', 'provider', 'allocation', 'delete', CONSUMER)
    run('resource', 'provider', 'trait', 'delete', child['uuid'])
    run('trait', 'delete', 'CUSTOM_FAST')
    run('resource', 'provider', 'inventory', 'delete', child['uuid'],
        '--resource-class', 'CUSTOM_NIC_RATE')
    run('resource', 'provider', 'inventory', 'delete', rp['uuid'])
    run('resource', 'provider', 'delete', child['uuid'])
    run('resource', 'provider', 'delete', rp['uuid'])
    assert run('resource', 'provider', 'list', '-f', 'json') == []
