# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Refuses request bodies larger than ``[api] max_request_body_size``.

A declared Content-Length over the limit is refused before anything is
read; a body without one (chunked) is read up to the limit and no further.
The filter's ``unlimited_types`` (the image API's
``application/octet-stream`` uploads, which have a cap of their own) pass
untouched.
"""
import io

import webob.dec

from nova_lite.api import faults
from nova_lite.api.middleware import error_shapes
from nova_lite import conf as nl_conf


class SizeLimit:

    def __init__(self, application, limit, error=faults.error_response,
                 unlimited_types=()):
        self.application = application
        self.limit = limit
        self.error = error
        self.unlimited_types = unlimited_types

    def _too_large(self):
        return self.error(
            413, 'Request is too large: the limit is %d bytes.' % self.limit)

    @webob.dec.wsgify
    def __call__(self, req):
        if req.content_type in self.unlimited_types:
            return req.get_response(self.application)
        if req.content_length is not None:
            if req.content_length > self.limit:
                return self._too_large()
        elif req.is_body_readable:
            body = req.body_file.read(self.limit + 1)
            if len(body) > self.limit:
                return self._too_large()
            req.body_file = io.BytesIO(body)
            req.content_length = len(body)
        return req.get_response(self.application)


def filter_factory(global_conf, **local_conf):
    error = error_shapes.renderer(local_conf)
    unlimited = tuple(local_conf.get('unlimited_types', '').split())
    return lambda app: SizeLimit(app, nl_conf.CONF.api.max_request_body_size,
                                 error, unlimited)
