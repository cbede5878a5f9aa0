# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hypervisor statistics and uptime, the extensions list and the
versions document, as clients read them."""
import json

import pytest
import requests

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=2)


def test_the_openstack_client_shows_hypervisor_statistics(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    aio.client.create_flavor('m1', ram=512, vcpus=2, flavor_id='m1')
    aio.client.boot('m1')
    stats = compute_calls.osc(env, 'hypervisor', 'stats', 'show', '-f',
                              'json')
    nodes = aio.client.get('/os-hypervisors/detail')[1]['hypervisors']
    assert stats['count'] == 2
    for name in ('vcpus', 'memory_mb', 'local_gb', 'vcpus_used',
                 'memory_mb_used', 'running_vms'):
        assert stats[name] == sum(n[name] for n in nodes), name
    assert stats['vcpus_used'] == 2
    # A disabled compute's hypervisor is not counted.
    aio.client.put('/os-services/disable', {'host': nodes[0]['service'][
        'host'], 'binary': 'nova-compute'})
    code, body = aio.client.get('/os-hypervisors/statistics')
    assert body['hypervisor_statistics']['count'] == 1
    assert aio.client.as_user('alice:demo').get(
        '/os-hypervisors/statistics')[0] == 403


def test_the_hosts_cpu_per_version(aio, tmp_path):
    """An object from 2.28 (as the openstack client shows it), JSON text
    before, gone with the other figures at 2.88."""
    env = compute_calls.cloud_env(tmp_path, aio)
    node = aio.client.get('/os-hypervisors')[1]['hypervisors'][0]
    shown = compute_calls.osc(env, 'hypervisor', 'show', str(node['id']),
                              '-f', 'json', version='2.28')
    cpu = shown['cpu_info']
    assert cpu['arch'] == 'x86_64'
    assert set(cpu) == {'arch', 'model', 'vendor', 'features', 'topology'}
    detail = aio.client.get('/os-hypervisors/detail')[1]['hypervisors'][0]
    assert cpu['topology'] == {'cells': 1, 'sockets': 1,
                               'cores': detail['vcpus'], 'threads': 1}
    path = '/os-hypervisors/%s' % node['id']
    text = aio.client.get(path, headers={
        'OpenStack-API-Version': 'compute 2.27'})[1]['hypervisor']['cpu_info']
    assert json.loads(text) == cpu
    at_2_88 = {'headers': {'OpenStack-API-Version': 'compute 2.88'}}
    uuid = aio.client.get('/os-hypervisors', **at_2_88)[1]['hypervisors'][
        0]['id']
    assert 'cpu_info' not in aio.client.get(
        '/os-hypervisors/%s' % uuid, **at_2_88)[1]['hypervisor']


def test_uptime_per_version(aio):
    nodes = aio.client.get('/os-hypervisors')[1]['hypervisors']
    code, body = aio.client.get('/os-hypervisors/%s/uptime' % nodes[0]['id'])
    assert code == 200, body
    assert ' up ' in body['hypervisor']['uptime']
    assert 'load average' in body['hypervisor']['uptime']
    assert body['hypervisor']['hypervisor_hostname'] == nodes[0][
        'hypervisor_hostname']
    latest = {'headers': {'OpenStack-API-Version': 'compute 2.53'}}
    uuids = aio.client.get('/os-hypervisors', **latest)[1]['hypervisors']
    code, body = aio.client.get('/os-hypervisors/%s/uptime'
                                % uuids[0]['id'], **latest)
    assert (code, body['hypervisor']['id']) == (200, uuids[0]['id'])
    assert aio.client.get('/os-hypervisors/%s/uptime' % nodes[0]['id'],
                          **latest)[0] == 404
    assert aio.client.get('/os-hypervisors/999/uptime')[0] == 404


def test_uptime_of_a_down_compute_is_refused(aio):
    nodes = aio.client.get('/os-hypervisors')[1]['hypervisors']
    host = aio.client.get('/os-hypervisors/detail')[1]['hypervisors'][0][
        'service']['host']
    aio.client.put('/os-services/force-down', {
        'host': host, 'binary': 'nova-compute', 'forced_down': True},
        headers={'OpenStack-API-Version': 'compute 2.11'})
    code, body = aio.client.get('/os-hypervisors/%s/uptime' % nodes[0]['id'])
    assert (code, body['badRequest']['message']) == (
        400, 'Compute service of %s is unavailable at this time.' % host)


def test_extensions(aio):
    """Nova's fixed list, whatever is served: old clients look up an
    alias to know whether to try a call."""
    code, body = aio.client.get('/extensions')
    aliases = [e['alias'] for e in body['extensions']]
    assert len(aliases) == 99 and aliases == sorted(aliases)
    assert {'os-keypairs', 'os-instance-actions', 'os-consoles',
            'os-hosts', 'OS-EXT-SRV-ATTR', 'os-volumes'} <= set(aliases)
    assert set(body['extensions'][0]) == {'alias', 'name', 'description',
                                          'namespace', 'updated', 'links'}
    code, body = aio.client.get('/extensions/os-keypairs')
    assert body['extension']['name'] == 'Keypairs'
    assert aio.client.get('/extensions/os-hosts')[1]['extension'][
        'name'] == 'Hosts'
    assert aio.client.get('/extensions/OS-EXT-VIF-NET')[0] == 404
    assert aio.client.get('/extensions/nova-lite')[0] == 404
    legacy = requests.get('http://127.0.0.1:%d/v2/extensions/OS-EXT-VIF-NET'
                          % aio.api.port,
                          headers={'X-Auth-Token': 'admin:admin'})
    assert legacy.json()['extension']['name'] == 'ExtendedVIFNet'


def test_the_versions_document_at_the_root_is_200(aio):
    code, body = aio.client.call('GET', '/')
    assert code == 200
    assert [(v['id'], v['status'], v['version'], v['min_version'])
            for v in body['versions']] == [
        ('v2.0', 'SUPPORTED', '', ''), ('v2.1', 'CURRENT', '2.104', '2.1')]
    assert body['versions'][0]['links'][0]['href'].endswith('/v2/')
    # The index in brief; the version's own document in full, as Nova's.
    assert all('media-types' not in v for v in body['versions'])
    code, body = aio.client.call('GET', '/v2/')
    assert (code, body['version']['id']) == (200, 'v2.0'), body
    assert body['version']['media-types'][0]['type'] == (
        'application/vnd.openstack.compute+json;version=2')
    code, body = aio.client.call('GET', '/v2.1/')
    assert code == 200, body
    assert body['version']['media-types'] == [{
        'base': 'application/json',
        'type': 'application/vnd.openstack.compute+json;version=2.1'}]
    assert [link['rel'] for link in body['version']['links']] == [
        'self', 'describedby']


def test_a_path_under_no_version_is_offered_under_each(aio):
    """As Nova answers /versions/v2.1 or /v3/servers: 300 Multiple
    Choices, the same path under v2 and under v2.1 (for any method)."""
    base = 'http://127.0.0.1:%d' % aio.api.port
    for method in ('GET', 'POST'):
        answer = requests.request(method, base + '/versions/v2.1')
        assert answer.status_code == 300
        assert [(c['id'], c['status'], c['links'][0]['href'],
                 c['media-types'][0]['type'])
                for c in answer.json()['choices']] == [
            ('v2.0', 'SUPPORTED', base + '/v2/versions/v2.1',
             'application/vnd.openstack.compute+json;version=2'),
            ('v2.1', 'CURRENT', base + '/v2.1/versions/v2.1',
             'application/vnd.openstack.compute+json;version=2.1')]
