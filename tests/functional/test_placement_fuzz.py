# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fuzz the placement API from its own OpenAPI documents (schemathesis).

The documents are built from the placement route table and the schemas
that validate its requests, at 1.0, 1.14, 1.28 and 1.39. Every operation
gets generated requests, valid and not; no answer may be a 500, and every
answer must match the document: a status it declares, a body of the
schema declared for it (placement_responses; errors in Placement's
shape).
"""
from hypothesis import HealthCheck
from hypothesis import settings
import pytest
import schemathesis
from schemathesis.specs.openapi import checks

from nova_lite.api import microversion
from nova_lite.api import openapi
from nova_lite.api.placement import router

VERSIONS = ('1.0', '1.14', '1.28', '1.39')
DOCUMENTS = {
    version: schemathesis.openapi.from_dict(openapi.document(
        microversion.APIVersion(version), router.ROUTES, openapi.PLACEMENT))
    for version in VERSIONS}
for _document in DOCUMENTS.values():
    # The document's own rule for every body (its info.description).
    _document.config.generation.update(allow_x00=False)

# Bodies whose validity depends on what the database holds (a provider,
# class or trait must exist; generations must match): a schema-valid
# body may still be refused with a 4xx. And Placement's 405 for a method
# a lower microversion lacks (DELETE .../inventories before 1.5) names no
# methods: it has no Allow header, which the document's method checks
# would want.
NOT_CHECKED = [checks.positive_data_acceptance,
               checks.allow_header_conformance, checks.unsupported_method]


@pytest.fixture
def base_url(placement_service):
    return 'http://127.0.0.1:%d' % placement_service.port


def _call(case, base_url, version):
    case.call_and_validate(
        base_url=base_url,
        headers={'X-Auth-Token': 'admin:admin',
                 'OpenStack-API-Version': 'placement %s' % version},
        excluded_checks=NOT_CHECKED)


def _fuzz(version):
    @DOCUMENTS[version].parametrize()
    @settings(max_examples=15, deadline=None,
              suppress_health_check=list(HealthCheck))
    def test(case, base_url):
        _call(case, base_url, version)
    return test


test_placement_1_0 = _fuzz('1.0')
test_placement_1_14 = _fuzz('1.14')
test_placement_1_28 = _fuzz('1.28')
test_placement_1_39 = _fuzz('1.39')


def test_the_documents_follow_the_versions():
    early = openapi.document(microversion.APIVersion('1.0'), router.ROUTES,
                             openapi.PLACEMENT)
    late = openapi.document(microversion.APIVersion('1.39'), router.ROUTES,
                            openapi.PLACEMENT)
    assert '/traits' not in early['paths']
    assert '/traits' in late['paths']
    assert 'delete' not in early['paths'][
        '/resource_providers/{uuid}/inventories']
    created = early['paths']['/resource_providers']['post']['responses']
    assert '201' in created and '200' not in created
    created = late['paths']['/resource_providers']['post']['responses']
    assert created['200']['content']['application/json']['schema'][
        'required'] == ['uuid', 'name', 'generation', 'links']
    names = [p['name'] for p in late['paths']['/resource_providers'][
        'get']['parameters']]
    assert {'in_tree', 'required', 'member_of'} <= set(names)
