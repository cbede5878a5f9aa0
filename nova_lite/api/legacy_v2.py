# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``/v2``: the API as clients of the time before microversions used it.

The same routes and handlers as ``/v2.1``, at version 2.1 whatever
version a request asks for, and answered without version headers; a body
may carry properties its schema does not know, which are dropped instead
of refused (the old API ignored them). Requests to it are marked in the
environ under ``ENVIRON_KEY`` (the extensions list reads it), and while
one is served ``relaxed()`` is true for ``validation``, wherever in the
request a body is checked (a route's schema, an action's).
"""
import contextvars

import webob.dec

from nova_lite.api import microversion

ENVIRON_KEY = 'nova_lite.legacy_v2'
_RELAXED = contextvars.ContextVar('nova_lite_legacy_v2', default=False)
_REQUEST_HEADERS = ['HTTP_' + h.upper().replace('-', '_')
                    for h in microversion.HEADERS]


class LegacyV2:

    def __init__(self, app):
        self.app = app

    @webob.dec.wsgify
    def __call__(self, req):
        req.environ[ENVIRON_KEY] = True
        for name in _REQUEST_HEADERS:
            req.environ.pop(name, None)
        token = _RELAXED.set(True)
        try:
            response = req.get_response(self.app)
        finally:
            _RELAXED.reset(token)
        for name in microversion.HEADERS + ('Vary',):
            response.headers.pop(name, None)
        return response


def is_legacy(environ):
    return bool(environ.get(ENVIRON_KEY))


def relaxed():
    """Whether the request being served is one of /v2's."""
    return _RELAXED.get()
