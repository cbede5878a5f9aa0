# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Nova's error bodies: ``{"badRequest": {"code": 400, "message": ...}}``."""
from oslo_serialization import jsonutils
import webob

from nova_lite.api import microversion

_NAMES = {400: 'badRequest', 401: 'unauthorized', 403: 'forbidden',
          404: 'itemNotFound', 405: 'badMethod', 406: 'notAcceptable',
          409: 'conflictingRequest', 413: 'overLimit',
          415: 'badMediaType', 429: 'overLimit', 501: 'notImplemented',
          503: 'serviceUnavailable'}


def error_response(code, message, version=None):
    name = _NAMES.get(code, 'computeFault')
    body = {name: {'code': code, 'message': message}}
    response = webob.Response(status=code, content_type='application/json',
                              charset='UTF-8', body=jsonutils.dump_as_bytes(
                                  body))
    if code == 405:
        response.headers['Allow'] = ''
    add_version_headers(response, version)
    return response


def add_version_headers(response, version):
    version = str(version or microversion.MIN_VERSION)
    response.headers[microversion.HEADERS[0]] = '%s %s' % (
        microversion.SERVICE_TYPE, version)
    response.headers[microversion.HEADERS[1]] = version
    response.headers['Vary'] = ', '.join(microversion.HEADERS)
