# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Turns what keystonemiddleware's auth_token verified into our context."""
import webob.dec

from nova_lite.api import faults
from nova_lite.api.middleware import request_id
from nova_lite.api import wsgi
from nova_lite import context as nl_context


class KeystoneContext:

    def __init__(self, application):
        self.application = application

    @webob.dec.wsgify
    def __call__(self, req):
        if req.headers.get('X-Identity-Status', 'Confirmed') != 'Confirmed':
            return faults.error_response(401, 'Authentication required')
        context = nl_context.RequestContext.from_environ(
            req.environ, request_id=req.environ.get(request_id.ENVIRON_KEY))
        req.environ[wsgi.ENVIRON_CONTEXT] = context
        return req.get_response(self.application)


def filter_factory(global_conf, **local_conf):
    return KeystoneContext
