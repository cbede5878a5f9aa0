# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /servers/{server_id}/remote-consoles (2.6) and the actions it
replaced (os-getVNCConsole, os-getSPICEConsole, os-getRDPConsole,
os-getSerialConsole, to 2.5): the URL of a server's console, with a
token the console proxy admits one connection with."""
from nova_lite.api import actions
from nova_lite.api.compute import servers
from nova_lite.api import microversion
from nova_lite.api.schemas import remote_consoles as schema
from nova_lite.api import validation


@microversion.since('2.6')
@validation.schema(schema.create_2_6, '2.6', '2.7')
@validation.schema(schema.create_2_8, '2.8', '2.98')
@validation.schema(schema.create_2_99, '2.99')
@validation.responds(200, schema.create_response)
def create(req, server_id):
    instance = servers.get(req, server_id)
    console = req.body_json()['remote_console']
    url = req.compute_api.get_console_url(
        req.context, instance, console['protocol'], console['type'])
    return 200, {'remote_console': dict(console, url=url)}


ACTION_NAMES = tuple(schema.ACTIONS)


def action(name):
    """The handler of the os-get*Console action ``name``: there is no
    such action from 2.6 on, as in Nova."""
    protocol, body_schema = schema.ACTIONS[name]

    def handler(req, body, server_id):
        if req.api_version.matches('2.6'):
            raise actions.not_at_this_version()
        validation.validate(body_schema, body)
        instance = servers.get(req, server_id)
        url = req.compute_api.get_console_url(req.context, instance,
                                              protocol, body['type'])
        return 200, {'console': {'type': body['type'], 'url': url}}
    return handler
