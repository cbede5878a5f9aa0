"""Assembles the compute API's WSGI application.

Pipeline, outermost first: fault wrapper, request id, authentication,
then ``/`` (versions) or ``/v2.1`` (the router).
"""
import webob.dec

from nova_lite.api.compute import servers
from nova_lite.api.compute import versions
from nova_lite.api import faults
from nova_lite.api.middleware import fault_wrapper
from nova_lite.api.middleware import noauth
from nova_lite.api.middleware import request_id
from nova_lite.api import microversion
from nova_lite.api import router
from nova_lite.api import wsgi
from nova_lite.compute import api as compute_api


class VersionMux:
    """``/`` answers the versions document; ``/v2.1`` goes to the API."""

    def __init__(self, api, compute):
        self.api = api
        self.compute = compute

    @webob.dec.wsgify(RequestClass=wsgi.Request)
    def __call__(self, req):
        req.environ[servers.COMPUTE_API] = self.compute
        if req.path_info in ('', '/'):
            status, body = versions.root(req)
            response = webob.Response(status=status, json_body=body)
            faults.add_version_headers(response, microversion.MIN_VERSION)
            return response
        if req.path_info_peek() == 'v2.1':
            req.path_info_pop()
            if not req.path_info:
                req.path_info = '/'
            return self.api
        return faults.error_response(404, 'The resource could not be '
                                          'found.')


def build(conf):
    app = VersionMux(wsgi.Router(router.ROUTES), compute_api.API(conf))
    app = noauth.NoAuth(app, conf.api.anonymous_token)
    app = request_id.RequestId(app)
    return fault_wrapper.FaultWrapper(app)
