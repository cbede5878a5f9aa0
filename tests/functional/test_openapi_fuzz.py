# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fuzz the API from its own OpenAPI documents (schemathesis).

Every operation gets generated requests, valid and not, at the oldest and
the newest microversion and at 2.86 (the last before Nova 34's
versions), each against the document for that version; no
answer may be a 500, and every answer must match the document: its
status, its schema.
"""
from hypothesis import HealthCheck
from hypothesis import settings
import pytest
import schemathesis
from schemathesis.specs.openapi import checks

from nova_lite.api import microversion
from nova_lite.api import openapi
from nova_lite.api import router

schema = schemathesis.openapi.from_dict(openapi.document(None, router.ROUTES))
latest = schemathesis.openapi.from_dict(openapi.document(
    microversion.APIVersion(microversion.MAX_VERSION), router.ROUTES))
BEFORE_NOVA_34 = '2.86'
before_nova_34 = schemathesis.openapi.from_dict(openapi.document(
    microversion.APIVersion(BEFORE_NOVA_34), router.ROUTES))
# The document's own rule for every body (its info.description): no NUL
# in any string, which JSON Schema cannot say of free-form objects.
for _document in (schema, latest, before_nova_34):
    _document.config.generation.update(allow_x00=False)


@pytest.fixture
def base_url(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.post('/flavors', {'flavor': {
        'name': 'm1', 'id': 'm1', 'ram': 512, 'vcpus': 1, 'disk': 1}})
    return 'http://127.0.0.1:%d/v2.1' % aio.api.port


# Rules no schema can say: a body that must repeat its URL's key, a
# boot whose flavorRef must name a flavor and whose min_count may not pass
# max_count, a public key that must parse, and server actions that need a
# service this deployment lacks (the network ones) or a state the server
# is not in. For those operations a schema-valid body may still be 400.
# From 2.86 extra specs in known namespaces are checked against the
# registry, and a service update must change something.
CHECKED_BEYOND_SCHEMA = {
    ('PUT', '/flavors/{flavor_id}/os-extra_specs/{key}'),
    ('PUT', '/servers/{server_id}/metadata/{key}'),
    ('PUT', '/images/{image_id}/metadata/{key}'),
    ('POST', '/os-keypairs'),
    ('POST', '/servers/{server_id}/action'),
    ('POST', '/flavors/{flavor_id}/os-extra_specs'),
    ('POST', '/servers'),
    ('POST', '/os-volumes_boot'),
    # From 2.104 a server is pinned only to the zone it is in.
    ('PUT', '/servers/{server_id}'),
    ('PUT', '/os-volumes_boot/{server_id}'),
    ('PUT', '/os-services/{service_id}'),
    # A limit below what is used or above what the project leaves.
    ('PUT', '/os-quota-sets/{tenant_id}'),
    # nova-network's quotas are taken below 2.36 but refused.
    ('PUT', '/os-quota-class-sets/{class_id}'),
    # Rules with a policy other than anti-affinity.
    ('POST', '/os-server-groups'),
    # One action per body, as on /servers/{server_id}/action.
    ('POST', '/os-aggregates/{aggregate_id}/action'),
    # The images to cache must exist, each named once.
    ('POST', '/os-aggregates/{aggregate_id}/images'),
    # The time in the path must parse as one of the formats taken.
    ('GET', '/os-instance_usage_audit_log/{before_timestamp}'),
}


# nova-network's operations, 410 whatever is sent, as Nova answers them.
# From 2.36 their paths' GET is 404 (gone with its microversion), not the
# 405 of a method a path never had.
GONE = {
    ('POST', '/os-networks'), ('POST', '/os-networks/add'),
    ('DELETE', '/os-networks/{network_id}'),
    ('POST', '/os-networks/{network_id}/action'),
    ('POST', '/os-tenant-networks'),
    ('DELETE', '/os-tenant-networks/{network_id}'),
}


def _call(case, base_url, version):
    excluded = []
    if (case.method.upper(), case.path) in CHECKED_BEYOND_SCHEMA | GONE:
        excluded.append(checks.positive_data_acceptance)
    if case.path in {path for _method, path in GONE}:
        excluded.append(checks.unsupported_method)
    case.call_and_validate(
        base_url=base_url,
        headers={'X-Auth-Token': 'admin:admin',
                 'OpenStack-API-Version': 'compute %s' % version},
        excluded_checks=excluded)


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_api_answers_match_the_document(case, base_url):
    _call(case, base_url, microversion.MIN_VERSION)


@latest.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_latest_api_answers_match_its_document(case, base_url):
    _call(case, base_url, microversion.MAX_VERSION)


@before_nova_34.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_2_86_api_answers_match_its_document(case, base_url):
    _call(case, base_url, BEFORE_NOVA_34)


def test_document_is_served(all_in_one):
    api = all_in_one(hosts=1).client
    status, body = api.get('/openapi.json')
    assert status == 200
    assert body['openapi'] == '3.0.3'
    assert '/servers/{server_id}' in body['paths']
    assert '/servers/{server_id}/tags' not in body['paths']
    status, body = api.get('/openapi.json', headers={
        'OpenStack-API-Version': 'compute 2.86'})
    assert body['info']['version'] == '2.86'
    assert '/servers/{server_id}/tags' in body['paths']
    assert '/os-services/enable' not in body['paths']
