# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Every operation of the compute and placement OpenAPI documents, at
every microversion they serve, declares what it answers when it works:
a client generated from them (and the fuzz, which checks answers against
them) knows each success. nova-network's operations, gone at every
version (410), are the only ones without."""
from nova_lite.api import microversion
from nova_lite.api import openapi
from nova_lite.api.placement import router as placement_router
from nova_lite.api import router as compute_router

GONE = {'/os-networks', '/os-networks/add', '/os-networks/{network_id}',
        '/os-networks/{network_id}/action', '/os-tenant-networks',
        '/os-tenant-networks/{network_id}'}


def _versions(low, high):
    major = low.split('.')[0]
    return ['%s.%d' % (major, minor) for minor in range(
        int(low.split('.')[1]), int(high.split('.')[1]) + 1)]


def _without_success(document):
    return [(method.upper(), path)
            for path, operations in document['paths'].items()
            for method, operation in operations.items()
            if not any(str(code).startswith('2')
                       for code in operation['responses'])]


def test_every_compute_operation_declares_its_success():
    missing = []
    for version in _versions(microversion.MIN_VERSION,
                             microversion.MAX_VERSION):
        document = openapi.document(microversion.APIVersion(version),
                                    compute_router.ROUTES)
        missing += [(version, method, path) for method, path
                    in _without_success(document) if path not in GONE]
    assert missing == []


def test_every_placement_operation_declares_its_success():
    missing = []
    for version in _versions('1.0', '1.39'):
        document = openapi.document(microversion.APIVersion(version),
                                    placement_router.ROUTES,
                                    openapi.PLACEMENT)
        missing += [(version, method, path)
                    for method, path in _without_success(document)]
    assert missing == []
