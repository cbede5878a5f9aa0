# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Providers and compute services are removed on every database, and a
service's removal is all or nothing: a provider of its node that still
holds allocations refuses it whole (the service stays, with its
hypervisor and provider); the audit lists a compute node's provider that
outlived its node, and ``--heal`` removes it once it holds nothing."""
import pytest

from nova_lite.cmd import placement_audit
from nova_lite import context as nl_context
from tests.integration import databases

AT_253 = {'OpenStack-API-Version': 'compute 2.53'}
CONSUMER = '6b1c5b3e-4c52-4f3a-9d1e-0d6f7a2b9c11'


@pytest.fixture(params=['sqlite',
                        pytest.param('mysql', marks=pytest.mark.integration),
                        pytest.param('postgresql',
                                     marks=pytest.mark.integration)])
def aio(request, all_in_one, tmp_path):
    with databases.fresh_database(request.param, tmp_path) as url:
        started = all_in_one(hosts=2, database=url)
        yield started
        all_in_one.stop(started)


def _providers(aio):
    return {p['name']: p['uuid'] for p in aio.placement_client.get(
        '/resource_providers')[1]['resource_providers']}


def _compute_service(aio, host):
    return aio.client.get('/os-services?binary=nova-compute&host=%s' % host,
                          headers=AT_253)[1]['services'][0]


def test_a_provider_is_deleted(aio):
    placement = aio.placement_client
    status, made = placement.post('/resource_providers', {'name': 'pool'})
    assert status == 200, made
    assert placement.delete('/resource_providers/%s' % made['uuid'])[
        0] == 204
    assert 'pool' not in _providers(aio)


def test_a_service_whose_provider_holds_allocations_stays_whole(aio):
    host = 'sim-host-1'
    provider = _providers(aio)[host]
    service = _compute_service(aio, host)
    assert aio.placement_client.put('/allocations/%s' % CONSUMER, {
        'allocations': {provider: {'resources': {'VCPU': 1}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})[
        0] == 204
    aio.client.put('/os-services/%s' % service['id'], {'forced_down': True},
                   headers=AT_253)
    status, body = aio.client.delete('/os-services/%s' % service['id'],
                                     headers=AT_253)
    assert status == 409, body
    assert provider in body['conflictingRequest']['message']
    assert _compute_service(aio, host)['id'] == service['id']
    assert host in [h['hypervisor_hostname'] for h in aio.client.get(
        '/os-hypervisors')[1]['hypervisors']]
    assert _providers(aio)[host] == provider

    assert aio.placement_client.delete('/allocations/%s' % CONSUMER)[
        0] == 204
    assert aio.client.delete('/os-services/%s' % service['id'],
                             headers=AT_253)[0] == 204
    assert host not in _providers(aio)


def test_the_audit_lists_and_heals_compute_providers_without_node(aio):
    """A compute node's provider (COMPUTE_NODE) whose node is gone, as a
    removal before removals were whole could leave it; another client's
    provider is no finding."""
    context = nl_context.get_admin_context()
    placement = aio.placement_client
    left = placement.post('/resource_providers', {'name': 'old-host'})[1]
    placement.put('/resource_providers/%s/traits' % left['uuid'], {
        'resource_provider_generation': left['generation'],
        'traits': ['COMPUTE_NODE']})
    placement.post('/resource_providers', {'name': 'pool'})
    placement.put('/resource_providers/%s/inventories' % left['uuid'], {
        'resource_provider_generation': left['generation'] + 1,
        'inventories': {'VCPU': {'total': 2}}})
    placement.put('/allocations/%s' % CONSUMER, {
        'allocations': {left['uuid']: {'resources': {'VCPU': 1}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})
    lines = []
    assert placement_audit.audit(context, True, lines.append) == 1
    assert lines[0] == (
        'orphaned provider %s (old-host): no compute node; it still holds '
        'allocations of %s' % (left['uuid'], CONSUMER))
    assert 'old-host' in _providers(aio)  # it holds something: kept

    placement.delete('/allocations/%s' % CONSUMER)
    lines = []
    assert placement_audit.audit(context, False, lines.append) == 1
    assert lines == ['orphaned provider %s (old-host): no compute node'
                     % left['uuid'], '1 finding']
    assert placement_audit.audit(context, True, lines.append) == 1
    assert 'old-host' not in _providers(aio)
    assert {'pool', 'sim-host-1', 'sim-host-2'} <= set(_providers(aio))
    assert placement_audit.audit(context, False, lines.append) == 0
