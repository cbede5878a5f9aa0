# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Gives each request an id (``req-<uuid>``), returned in both headers.

Nova answers ``x-openstack-request-id`` and ``x-compute-request-id``; the
id is put in the environ for the auth filter to carry into the context,
and from there into logs and RPC messages.
"""
from oslo_context import context as oslo_context
import webob.dec

ENVIRON_KEY = 'openstack.request_id'
HEADERS = ('x-openstack-request-id', 'x-compute-request-id')


class RequestId:

    def __init__(self, application):
        self.application = application

    @webob.dec.wsgify
    def __call__(self, req):
        request_id = oslo_context.generate_request_id()
        req.environ[ENVIRON_KEY] = request_id
        response = req.get_response(self.application)
        for header in HEADERS:
            response.headers[header] = request_id
        return response


def filter_factory(global_conf, **local_conf):
    return RequestId
