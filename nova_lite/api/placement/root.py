# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /: the versions document, as OpenStack Placement answers it."""
from nova_lite.api.placement import version
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation


@validation.responds(200, responses.versions)
def versions(req):
    return 200, {'versions': [{
        'id': 'v1.0', 'min_version': version.MIN_VERSION,
        'max_version': version.MAX_VERSION, 'status': 'CURRENT',
        'links': [{'rel': 'self', 'href': ''}]}]}
