# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /servers/{server_id}/remote-consoles (2.6): a remote console
needs a console proxy, which this deployment does not run; the answer is
Nova's when a console type is not enabled."""
from nova_lite.api.compute import servers
from nova_lite.api import microversion
from nova_lite.api.schemas import remote_consoles as schema
from nova_lite.api import validation
from nova_lite import exception


@microversion.since('2.6')
@validation.schema(schema.create_2_6, '2.6', '2.7')
@validation.schema(schema.create_2_8, '2.8', '2.98')
@validation.schema(schema.create_2_99, '2.99')
@validation.responds(200, None)
def create(req, server_id):
    servers.get(req, server_id)
    console = req.body_json()['remote_console']
    raise exception.Invalid(message='Unavailable console type %s.'
                            % console['type'])
