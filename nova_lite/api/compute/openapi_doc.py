# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /v2.1/openapi.json: the API's own OpenAPI document, for the
microversion the request asks for."""
from nova_lite.api import openapi
from nova_lite.api import validation


@validation.responds(200, {'type': 'object'})
def show(req):
    return 200, openapi.document(req.api_version, req.route_table)
