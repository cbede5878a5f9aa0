# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Lab authentication: the token is ``user:project[:role,role...]``.

Without roles, the user named ``admin`` gets admin, member and reader (as
Keystone's implied roles give an admin), anyone else member and reader. A
token without a colon (as keystoneauth's ``none`` plugin sends) or no token
at all maps to ``[api] anonymous_token``. Not for production: anyone can
claim anything.
"""
from urllib import parse

import webob.dec

from nova_lite.api.middleware import request_id
from nova_lite.api import wsgi
from nova_lite import conf as nl_conf
from nova_lite import context as nl_context


class NoAuth:

    def __init__(self, application, anonymous_token):
        self.application = application
        self.anonymous_token = anonymous_token

    def _identity(self, token):
        # python-glanceclient sends its token percent-encoded (user%3A...).
        token = parse.unquote(token or '')
        if not token or ':' not in token:
            token = self.anonymous_token
        user, _sep, rest = token.partition(':')
        project, _sep, roles = rest.partition(':')
        if roles:
            roles = [r for r in roles.split(',') if r]
        elif user == 'admin':
            roles = ['admin', 'member', 'reader']
        else:
            roles = ['member', 'reader']
        return user, project or user, roles

    @webob.dec.wsgify
    def __call__(self, req):
        user, project, roles = self._identity(req.headers.get('X-Auth-Token'))
        req.environ[wsgi.ENVIRON_CONTEXT] = nl_context.RequestContext(
            user_id=user, project_id=project, roles=roles,
            request_id=req.environ.get(request_id.ENVIRON_KEY),
            global_request_id=req.environ.get(request_id.GLOBAL_ENVIRON_KEY))
        return req.get_response(self.application)


def filter_factory(global_conf, **local_conf):
    return lambda app: NoAuth(app, nl_conf.CONF.api.anonymous_token)
