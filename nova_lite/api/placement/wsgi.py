# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement API's dispatcher: the compute API's router, with
Placement's microversions and error bodies."""
from nova_lite.api.placement import cache_headers
from nova_lite.api.placement import errors
from nova_lite.api.placement import http_rules
from nova_lite.api.placement import version as placement_version
from nova_lite.api import wsgi
from nova_lite import exception


def _request_id(req):
    return req.environ.get('openstack.request_id')


class Router(wsgi.Router):

    API_NAME = 'placement'
    METHOD_NOT_ALLOWED = ('The method specified is not allowed for this '
                          'resource.')

    @staticmethod
    def version_of(req):
        return placement_version.from_headers(req.headers)

    def allowed_methods(self, req, path):
        """Placement's ``Allow`` names every method of the path."""
        return [method for method, _handler in self.allowed[path]]

    @staticmethod
    def check_request(req, handler):
        http_rules.check(req, handler)

    def error_response(self, code, message, req=None):
        """A route's 404 or 405, at the version asked for (read here: no
        handler ran)."""
        version = None
        if req is not None:
            try:
                version = self.version_of(req)
            except exception.NovaLiteException:
                pass
        if code == 404:
            message = ''  # Placement's unknown route says only its status
        return errors.response(code, message, request_id=req and
                               _request_id(req), version=version,
                               environ=req and req.environ,
                               vary=code != 404)

    def allow_header(self, req, match):
        """Placement names the path's methods when the method is not one
        of them, not when a handler refuses it at this version."""
        if match['action'] is not None:
            return None
        return super().allow_header(req, match)

    def dispatch(self, req, handler, rule, kwargs):
        req.handler = handler
        return super().dispatch(req, handler, rule, kwargs)

    @staticmethod
    def failure(req, error):
        return errors.response(
            error.code, errors.detail_of(error),
            getattr(error, 'error_code', 'placement.undefined_code'),
            _request_id(req), req.api_version, req.environ,
            vary=not errors.answered_outside_handler(
                error, getattr(req, 'handler', None)))

    @staticmethod
    def success(req, answer):
        response = wsgi.json_response(*answer)
        # Placement's bodies are application/json, no charset named.
        response.charset = None
        placement_version.add_headers(response, req.api_version)
        if req.api_version.matches('1.15'):
            cache_headers.add(response, req)
        return response
