# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Gives each request an id (``req-<uuid>``), returned in both headers.

oslo.middleware's: Nova answers ``x-openstack-request-id`` and
``x-compute-request-id``. The id (and a client's own
``X-OpenStack-Request-ID``, kept as the global request id when it is one)
is put in the environ for the auth filter to carry into the context, and
from there into logs and RPC messages.
"""
from oslo_middleware import request_id

ENVIRON_KEY = request_id.ENV_REQUEST_ID
GLOBAL_ENVIRON_KEY = request_id.GLOBAL_REQ_ID


class RequestId(request_id.RequestId):
    compat_headers = ['x-compute-request-id']


def filter_factory(global_conf, **local_conf):
    return RequestId
