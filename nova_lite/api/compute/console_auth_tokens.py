# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /os-console-auth-tokens/{console_token} (admins): what a console
token stands for, without using it up. Before 2.31 only for RDP
consoles, as in Nova; ``tls_port`` from 2.99."""
from nova_lite.api.schemas import remote_consoles as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import console_auth_token

_FIELDS = ('instance_uuid', 'host', 'port', 'internal_access_path')


@validation.responds(200, schema.token_response, None, '2.98')
@validation.responds(200, schema.token_response_2_99, '2.99')
def show(req, console_token):
    try:
        token = console_auth_token.ConsoleAuthToken.validate(
            req.context, console_token)
    except exception.InvalidToken:
        raise exception.NotFound(message='Token not found')
    if not req.api_version.matches('2.31') and (
            token.console_type != 'rdp-html5'):
        raise exception.Unauthorized(
            message='The requested console type details are not '
                    'accessible')
    console = {name: getattr(token, name) for name in _FIELDS}
    if req.api_version.matches('2.99'):
        console['tls_port'] = token.tls_port
    return 200, {'console': console}
