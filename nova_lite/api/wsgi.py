# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute API's WSGI core: request, route table, dispatch.

Routes are data (``router.ROUTES``): method, path, handler and the policy
rule that guards it. The dispatcher parses the microversion, enforces the
rule, calls the handler and serializes what it returns; handlers return
``(status, body)`` or ``(status, body, headers)`` and raise nova_lite
exceptions for errors.
"""
import collections
import time

import orjson
from oslo_serialization import jsonutils
import routes
import webob
import webob.dec

from nova_lite.api import faults
from nova_lite.api import json_body
from nova_lite.api import microversion
from nova_lite.api import policy
from nova_lite import exception
from nova_lite import metrics

ENVIRON_CONTEXT = 'nova_lite.context'
ENVIRON_COMPUTE_API = 'nova_lite.compute_api'
ENVIRON_CONF = 'nova_lite.conf'
ENVIRON_ROUTES = 'nova_lite.routes'


class Request(webob.Request):

    api_version = None
    _json = None

    @property
    def context(self):
        return self.environ[ENVIRON_CONTEXT]

    @property
    def compute_api(self):
        """The compute API object the application serves requests with."""
        return self.environ[ENVIRON_COMPUTE_API]

    @property
    def conf(self):
        """The configuration the application was built with: handlers
        read options here, never from a global."""
        return self.environ[ENVIRON_CONF]

    @property
    def route_table(self):
        """The routes of the application serving the request."""
        return self.environ[ENVIRON_ROUTES]

    def body_json(self):
        if self._json is None:
            if self.content_type and not self.content_type.endswith('json'):
                raise exception.UnsupportedMediaType(
                    content_type=self.content_type)
            if not self.body:
                raise exception.ValidationError(
                    detail='The request body is empty.')
            self._json = json_body.loads(self.body)
        return self._json


def _to_json(body):
    """orjson, several times faster than json on the large answers
    (thousands of allocation candidates); datetimes and anything else it
    does not know still go through jsonutils, as before."""
    return orjson.dumps(body, default=jsonutils.to_primitive,
                        option=orjson.OPT_PASSTHROUGH_DATETIME)


def json_response(status, body, headers=None):
    """A handler's answer as a response: JSON body (or none), headers."""
    response = webob.Response(status=status)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    if body is not None:
        response.content_type = 'application/json'
        response.charset = 'UTF-8'
        response.body = _to_json(body)
    else:
        response.content_type = None
    return response


def _json_response(status, body, version, headers=None):
    response = json_response(status, body, headers)
    faults.add_version_headers(response, version)
    return response


def _from_wsgi_path(value):
    """A path segment as text: WSGI hands over UTF-8 bytes as latin-1."""
    try:
        return value.encode('latin-1').decode('utf-8')
    except (UnicodeEncodeError, UnicodeDecodeError):
        return value


def extension_of(rule):
    """'os_compute_api:os-hypervisors:list' belongs to 'os-hypervisors'."""
    return rule.split(':')[1] if rule else None


class Router:
    """Maps (method, path) to a route; answers 404 and 405 itself."""

    # The API its requests are counted for in the metrics.
    API_NAME = 'compute'
    # The detail of a 405 (``%s``: the method asked for).
    METHOD_NOT_ALLOWED = 'The method %s is not allowed for this resource.'

    def __init__(self, route_table, disabled_extensions=()):
        self.mapper = routes.Mapper()
        route_table = [route for route in route_table
                       if extension_of(route[3]) not in disabled_extensions]
        self.allowed = collections.defaultdict(list)
        for method, path, handler, rule in route_table:
            self.mapper.connect(None, path, action=handler, rule=rule,
                                route_path=path,
                                conditions={'method': [method]})
            self.allowed[path].append((method, handler))
        for path in self.allowed:
            self.mapper.connect(None, path, action=None, rule=None,
                                route_path=path)

    @webob.dec.wsgify(RequestClass=Request)
    def __call__(self, req):
        started = time.monotonic()
        match = self.mapper.match(environ=req.environ)
        status = 500  # unless answered: the fault wrapper's, above
        try:
            response = self._answer(req, match)
            status = response.status_int
            return response
        finally:
            route = match['route_path'] if match else '(unknown)'
            labels = (self.API_NAME, req.method, route, status)
            metrics.API_REQUESTS.labels(*labels).inc()
            metrics.API_LATENCY.labels(*labels).observe(
                time.monotonic() - started)

    def _answer(self, req, match):
        if match is None:
            return self.error_response(404, 'The resource could not be '
                                            'found.', req)
        kwargs = {k: _from_wsgi_path(v) for k, v in match.items()
                  if k not in ('action', 'rule', 'route_path')}
        if match['action'] is None:
            response = self.error_response(
                405, self.METHOD_NOT_ALLOWED.replace('%s', req.method), req)
        else:
            response = self.dispatch(req, match['action'], match['rule'],
                                     kwargs)
        allowed = (self.allow_header(req, match)
                   if response.status_int == 405 else None)
        if allowed is not None:
            response.headers['Allow'] = ', '.join(allowed)
        return response

    def allow_header(self, req, match):
        """The methods a 405 names: also when a handler refuses a method
        at this microversion."""
        return self.allowed_methods(req, match['route_path'])

    def dispatch(self, req, handler, rule, kwargs):
        try:
            req.api_version = self.version_of(req)
        except exception.NovaLiteException as e:
            return self.failure(req, e)
        try:
            self.check_request(req, handler)
            policy.enforce(req.context, rule)
            answer = handler(req, **kwargs)
        except exception.NovaLiteException as e:
            return self.failure(req, e)
        return self.success(req, answer)

    # What an API of its own (placement) answers differently: its
    # microversion header, its error bodies, its version headers.

    @staticmethod
    def version_of(req):
        return microversion.from_headers(req.headers)

    def allowed_methods(self, req, path):
        """The methods of ``path`` at the version asked for (all of them
        when it cannot be read)."""
        try:
            version = self.version_of(req)
        except exception.NovaLiteException:
            version = None
        return [method for method, handler in self.allowed[path]
                if version is None or version.matches(
                    *getattr(handler, 'version_range', (None, None)))]

    @staticmethod
    def check_request(req, handler):
        """Refuse a request before its handler and policy see it."""

    @staticmethod
    def error_response(code, message, req=None):
        return faults.error_response(code, message)

    @staticmethod
    def failure(req, error):
        """The error answer; without the version when it was unreadable."""
        return faults.error_response(error.code, error.format_message(),
                                     req.api_version)

    @staticmethod
    def success(req, answer):
        return _json_response(*answer[:2], req.api_version, *answer[2:])
