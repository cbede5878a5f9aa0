"""osc-placement, as an operator runs it, against the all-in-one."""
import json
import os
import subprocess
import sys

import pytest


@pytest.fixture
def osc(placement_service):
    endpoint = 'http://127.0.0.1:%d' % placement_service.port

    def run(*args, ok=True):
        command = [os.path.join(os.path.dirname(sys.executable),
                                'openstack'),
                   '--os-auth-type', 'none', '--os-endpoint', endpoint,
                   '--os-placement-api-version', '1.39'] + list(args)
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=120)
        if ok:
            assert result.returncode == 0, result.stderr
            return json.loads(result.stdout) if '-f' in args else None
        assert result.returncode != 0
        return result.stderr
    return run


def test_osc_placement_commands(osc):
    rp = osc('resource', 'provider', 'create', 'host-x', '-f', 'json')
    assert rp['name'] == 'host-x' and rp['generation'] == 0
    assert osc('resource', 'provider', 'show', rp['uuid'], '-f',
               'json')['name'] == 'host-x'
    listed = osc('resource', 'provider', 'list', '-f', 'json')
    assert 'host-x' in [p['name'] for p in listed]
    osc('resource', 'class', 'create', 'CUSTOM_NIC_RATE')
    assert 'CUSTOM_NIC_RATE' in [
        c['name'] for c in osc('resource', 'class', 'list', '-f', 'json')]
    osc('resource', 'provider', 'inventory', 'set', rp['uuid'],
        '--resource', 'VCPU=8', '--resource', 'VCPU:allocation_ratio=2.0',
        '--resource', 'MEMORY_MB=4096', '--resource', 'CUSTOM_NIC_RATE=1000',
        '-f', 'json')
    inventory = {row['resource_class']: row for row in osc(
        'resource', 'provider', 'inventory', 'list', rp['uuid'], '-f',
        'json')}
    assert inventory['VCPU']['total'] == 8
    assert inventory['VCPU']['allocation_ratio'] == 2.0
    consumer = '2b1a8a41-3a0b-4c8f-9a57-0c1f1fd3a9f2'
    osc('resource', 'provider', 'allocation', 'set', consumer,
        '--allocation', 'rp=%s,VCPU=2,MEMORY_MB=512' % rp['uuid'],
        '--project-id', 'p1', '--user-id', 'u1', '--consumer-type',
        'INSTANCE', '-f', 'json')
    shown = osc('resource', 'provider', 'allocation', 'show', consumer,
                '-f', 'json')
    assert shown[0]['resources'] == {'VCPU': 2, 'MEMORY_MB': 512}
    usage = {row['resource_class']: row['usage'] for row in osc(
        'resource', 'provider', 'usage', 'show', rp['uuid'], '-f', 'json')}
    assert usage['VCPU'] == 2
    candidates = osc('allocation', 'candidate', 'list', '--resource',
                     'VCPU=4', '--resource', 'CUSTOM_NIC_RATE=100', '-f',
                     'json')
    assert {c['resource provider'] for c in candidates} == {rp['uuid']}
    assert 'HW_CPU_X86_AVX2' in [t['name'] for t in osc(
        'trait', 'list', '-f', 'json')]
    error = osc('resource', 'provider', 'inventory', 'set', rp['uuid'],
                '--resource', 'VCPU=1', ok=False)
    assert 'in use' in error or 'capacity' in error or '409' in error
    osc('resource', 'provider', 'allocation', 'delete', consumer)
    osc('resource', 'provider', 'delete', rp['uuid'])
    assert 'host-x' not in [p['name'] for p in osc(
        'resource', 'provider', 'list', '-f', 'json')]
