# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Neutron's side of the lab's tokens (loaded by Neutron's API, in
Neutron's virtualenv: it imports only webob).

The lab's compute API takes ``user:project[:role,...]`` as a token
(``noauth2``); this paste filter reads the same token for Neutron and sets
the identity headers keystonemiddleware would, so that Neutron's own
context middleware scopes every request to its project, as it would with
Keystone. Users named ``admin`` and tokens with the ``admin`` role are
admins; a request with no token or one without a colon (keystoneauth's
``none`` plugin) is the anonymous admin, ``admin:admin``, as the compute
API's default ``[api] anonymous_token`` makes it.
"""
from urllib import parse

import webob.dec

ANONYMOUS = 'admin:admin'


class LabToken:

    def __init__(self, application):
        self.application = application

    @webob.dec.wsgify
    def __call__(self, req):
        token = parse.unquote(req.headers.get('X-Auth-Token', ''))
        if ':' not in token:
            token = ANONYMOUS
        user, _sep, rest = token.partition(':')
        project, _sep, roles = rest.partition(':')
        project = project or user
        roles = [r for r in roles.split(',') if r] or (
            ['admin', 'member', 'reader'] if user == 'admin'
            else ['member', 'reader'])
        for name, value in (('X-Identity-Status', 'Confirmed'),
                            ('X-User-Id', user), ('X-User-Name', user),
                            ('X-Project-Id', project),
                            ('X-Project-Name', project),
                            ('X-Roles', ','.join(roles))):
            req.headers[name] = value
        return req.get_response(self.application)


def filter_factory(global_conf, **local_conf):
    return LabToken
